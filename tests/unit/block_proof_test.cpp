// A provider's answer checked against what a block hash commits to
// (chain/block_proof.h), on real blocks recorded from anvil
// (data/anvil_blocks.json, scripts/record-anvil-blocks.mjs): each header
// hashes to its own hash and its receipts to its receiptsRoot; any change an
// untrusted provider could make to a log, a receipt or the header fails both.
#include "chain/block_proof.h"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <fstream>
#include <sstream>

#include "chain/rlp.h"
#include "chain/trie_root.h"

namespace payd::chain {
namespace {

boost::json::array RecordedBlocks() {
  std::ifstream in(std::string(PAYD_SOURCE_DIR) + "/tests/unit/data/anvil_blocks.json");
  std::stringstream text;
  text << in.rdbuf();
  return boost::json::parse(text.str()).as_object().at("blocks").as_array();
}

TEST(BlockProofTest, RecordedHeadersHashToTheirHashAndReceiptsToTheirRoot) {
  auto blocks = RecordedBlocks();
  ASSERT_EQ(blocks.size(), 4u);
  std::size_t receipts_seen = 0;
  for (const auto& b : blocks) {
    const auto& header = b.at("header").as_object();
    const auto& receipts = b.at("receipts").as_array();
    SCOPED_TRACE(std::string(header.at("number").as_string()));
    EXPECT_EQ(HeaderHash(header), std::string(header.at("hash").as_string()));
    EXPECT_EQ(ReceiptsRoot(receipts), std::string(header.at("receiptsRoot").as_string()));
    receipts_seen += receipts.size();
  }
  EXPECT_EQ(receipts_seen, 1u + 3u + 130u);
}

// What a lying provider might change, and the proof that fails.
struct Tamper {
  const char* what;
  std::size_t block;  // index in the recording
  void (*change)(boost::json::object& header, boost::json::array& receipts);
  bool breaks_header;  // else the receipts' root
};

void SetLogData(boost::json::array& receipts, const char* data) {
  receipts[0].as_object()["logs"].as_array()[0].as_object()["data"] = data;
}

const Tamper kTampers[] = {
    {"an altered amount", 0,
     [](auto&, auto& r) {
       SetLogData(r, "0x0000000000000000000000000000000000000000000000000000000002faf080");
     },
     false},
    {"an altered recipient", 0,
     [](auto&, auto& r) {
       r[0].as_object()["logs"].as_array()[0].as_object()["topics"].as_array()[2] =
           "0x00000000000000000000000090f79bf6eb2c4f870365e785982e1f101e93b906";
     },
     false},
    {"a hidden log", 0, [](auto&, auto& r) { r[0].as_object()["logs"].as_array().clear(); }, false},
    {"a fabricated log", 3,
     [](auto&, auto& r) {
       r.push_back(boost::json::object{{"type", "0x2"},
                                       {"status", "0x1"},
                                       {"cumulativeGasUsed", "0x5208"},
                                       {"logsBloom", "0x" + std::string(512, '0')},
                                       {"logs", boost::json::array{}}});
     },
     false},
    {"a reverted transfer said to succeed", 1,
     [](auto&, auto& r) { r[2].as_object()["status"] = "0x1"; }, false},
    {"a receipt dropped from a full block", 2, [](auto&, auto& r) { r.erase(r.begin() + 129); },
     false},
    {"two receipts swapped", 2, [](auto&, auto& r) { std::swap(r[0], r[128]); }, false},
    {"a forged parent", 1,
     [](auto& h, auto&) {
       h["parentHash"] = "0x1111111111111111111111111111111111111111111111111111111111111111";
     },
     true},
    {"a forged receipts root", 0,
     [](auto& h, auto&) {
       h["receiptsRoot"] = "0x2222222222222222222222222222222222222222222222222222222222222222";
     },
     true},
    {"a moved timestamp", 3, [](auto& h, auto&) { h["timestamp"] = "0x1"; }, true},
};

TEST(BlockProofTest, WhatAProviderChangesFailsTheProof) {
  auto blocks = RecordedBlocks();
  for (const auto& t : kTampers) {
    SCOPED_TRACE(t.what);
    auto header = blocks[t.block].at("header").as_object();
    auto receipts = blocks[t.block].at("receipts").as_array();
    t.change(header, receipts);
    if (t.breaks_header) {
      EXPECT_NE(HeaderHash(header), std::string(header.at("hash").as_string()));
    } else {
      EXPECT_NE(ReceiptsRoot(receipts), std::string(header.at("receiptsRoot").as_string()));
    }
  }
}

TEST(BlockProofTest, MalformedAnswersProveNothing) {
  auto block = RecordedBlocks()[0];
  auto header = block.at("header").as_object();
  header.erase("stateRoot");
  EXPECT_EQ(HeaderHash(header), std::nullopt);
  auto receipts = block.at("receipts").as_array();
  receipts[0].as_object()["cumulativeGasUsed"] = "12";
  EXPECT_EQ(ReceiptsRoot(receipts), std::nullopt);
}

// An OP Stack deposit receipt (Base, Optimism) commits to its deposit nonce
// and receipt version (op-geth's encoding): a provider changing either, or
// leaving them out, changes the root; one malformed proves nothing.
TEST(BlockProofTest, DepositReceiptsCommitToTheirNonceAndVersion) {
  auto receipts = RecordedBlocks()[0].as_object().at("receipts").as_array();
  auto& deposit = receipts[0].as_object();
  deposit["type"] = "0x7e";
  auto plain = ReceiptsRoot(receipts);
  deposit["depositNonce"] = "0x2a";
  auto with_nonce = ReceiptsRoot(receipts);
  deposit["depositReceiptVersion"] = "0x1";
  auto with_version = ReceiptsRoot(receipts);
  ASSERT_TRUE(plain && with_nonce && with_version);
  EXPECT_NE(*plain, *with_nonce);
  EXPECT_NE(*with_nonce, *with_version);
  deposit["depositNonce"] = "0x2b";
  EXPECT_NE(ReceiptsRoot(receipts), with_version);
  deposit["depositNonce"] = "not hex";
  EXPECT_FALSE(ReceiptsRoot(receipts));
}

TEST(BlockProofTest, HeadersUnderAnAgreedHashAreProvenByTheirParents) {
  std::vector<boost::json::object> headers;
  for (const auto& b : RecordedBlocks()) headers.push_back(b.at("header").as_object());
  const std::string top(headers.back().at("hash").as_string());
  EXPECT_EQ(FirstUnprovenHeader(headers, top), std::nullopt);

  // The top one is not the agreed block (a fork served to this reader): nothing holds.
  EXPECT_EQ(FirstUnprovenHeader(headers, std::string(headers[2].at("hash").as_string())), 3u);
  // A header in the middle altered, its stated hash kept or changed to match a made-up one.
  auto altered = headers;
  altered[1]["receiptsRoot"] = altered[0].at("receiptsRoot");
  EXPECT_EQ(FirstUnprovenHeader(altered, top), 1u);
  altered[1]["hash"] = *HeaderHash(altered[1]);
  EXPECT_EQ(FirstUnprovenHeader(altered, top), 1u);
  // A header left out: the one above names a parent that is not there.
  auto gap = headers;
  gap.erase(gap.begin() + 2);
  EXPECT_EQ(FirstUnprovenHeader(gap, top), 1u);
}

struct RlpCase {
  std::string bytes;
  std::string encoded;
};

TEST(BlockProofTest, RlpOfTheYellowPapersExamples) {
  // Appendix B's and ethereum/tests' RLP examples.
  const RlpCase cases[] = {
      {"", "\x80"},
      {std::string("\x00", 1), std::string("\x00", 1)},  // a zero byte is itself
      {"\x7f", "\x7f"},
      {"\x80", "\x81\x80"},
      {"dog",
       "\x83"
       "dog"},
      {std::string(56, 'a'), "\xb8\x38" + std::string(56, 'a')},
  };
  for (const auto& c : cases) EXPECT_EQ(RlpBytes(c.bytes), c.encoded);
  EXPECT_EQ(RlpList({RlpBytes("cat"), RlpBytes("dog")}),
            "\xc8\x83"
            "cat"
            "\x83"
            "dog");
  EXPECT_EQ(RlpList({}), "\xc0");
  EXPECT_EQ(QuantityBytes("0x0"), std::string());
  EXPECT_EQ(QuantityBytes("0x400"), std::string("\x04\x00", 2));
  EXPECT_EQ(QuantityBytes("0x"), std::nullopt);
  EXPECT_EQ(HexBytes("0xabc"), std::nullopt);
  // The root of no items is the empty trie's, the one every empty block names.
  EXPECT_EQ(ReceiptsRoot({}), "0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421");
}

}  // namespace
}  // namespace payd::chain
