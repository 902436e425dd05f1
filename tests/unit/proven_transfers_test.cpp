// Token transfers read from a block's receipts only once they prove
// themselves against the hash a quorum agreed on (chain/proven_transfers.h),
// on real blocks recorded from anvil (data/anvil_blocks.json): block 4 holds
// one USDC transfer, block 6 a hundred and thirty.
#include "chain/proven_transfers.h"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <fstream>
#include <sstream>

#include "chain_blocks.h"

namespace payd::chain {
namespace {

BlockEvidence RecordedBlock(std::size_t index) {
  std::ifstream in(std::string(PAYD_SOURCE_DIR) + "/tests/unit/data/anvil_blocks.json");
  std::stringstream text;
  text << in.rdbuf();
  boost::json::value all = boost::json::parse(text.str());
  const auto& b = all.as_object().at("blocks").as_array().at(index);
  return {b.at("header"), b.at("receipts")};
}

std::string HashOf(const BlockEvidence& e) {
  return std::string(e.header.at("hash").as_string());
}

domain::ChainInfo ChainWithRecordedUsdc() {
  return testing::LocalnetWithUsdc();
}

boost::json::object& TransferLogOf(BlockEvidence& e, std::size_t receipt = 0) {
  return e.receipts.as_array()[receipt].as_object()["logs"].as_array()[0].as_object();
}

TEST(ProvenTransfersTest, ATransferIsReadFromReceiptsThatProveThemselves) {
  auto block = RecordedBlock(0);
  auto proven = ProvenTokenTransfers(block, HashOf(block), ChainWithRecordedUsdc());
  ASSERT_TRUE(proven);
  ASSERT_EQ(proven->size(), 1u);
  const auto& t = proven->front();
  // What the recording's transfer was (scripts/record-anvil-blocks.mjs): 25.000001 USDC.
  EXPECT_EQ(t.amount, domain::Uint256(25'000'001));
  EXPECT_EQ(t.token_symbol, "USDC");
  EXPECT_EQ(t.sender, "0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
  EXPECT_EQ(t.recipient, "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
  EXPECT_EQ(t.block_number, 4);
  EXPECT_EQ(t.block_hash, HashOf(block));
  EXPECT_EQ(t.log_index, 0);
  EXPECT_EQ(t.position, "log:0");
  EXPECT_EQ(t.tx_hash, "0x5b4959327cb1c0c39d665e605a1425115c0633223244de053781b988d714edac");
  EXPECT_GT(t.block_time, 0);
}

TEST(ProvenTransfersTest, LogIndexesComeFromTheirPlaceNotFromTheAnswer) {
  auto block = RecordedBlock(2);
  // Fields outside what the receipts commit to may say anything: they are not read.
  TransferLogOf(block, 5)["logIndex"] = "0x0";
  TransferLogOf(block, 5)["blockHash"] = "0x" + std::string(64, 'a');
  auto proven = ProvenTokenTransfers(block, HashOf(block), ChainWithRecordedUsdc());
  ASSERT_TRUE(proven);
  ASSERT_EQ(proven->size(), 130u);
  for (std::size_t i = 0; i < proven->size(); ++i) {
    EXPECT_EQ((*proven)[i].log_index, static_cast<std::int64_t>(i));
    EXPECT_EQ((*proven)[i].block_hash, HashOf(block));
  }
}

// Each of these would have the provider's word taken if it were not proven.
struct Lie {
  const char* what;
  void (*tell)(BlockEvidence& block, std::string& agreed);
};

const Lie kLies[] = {
    {"an altered amount",
     [](auto& b, auto&) {
       TransferLogOf(b)["data"] =
           "0x0000000000000000000000000000000000000000000000000000000005f5e100";
     }},
    {"an altered recipient",
     [](auto& b, auto&) {
       TransferLogOf(b)["topics"].as_array()[2] =
           "0x00000000000000000000000090f79bf6eb2c4f870365e785982e1f101e93b906";
     }},
    {"a fabricated log in a real block",
     [](auto& b, auto&) {
       auto log = TransferLogOf(b);
       b.receipts.as_array()[0].as_object()["logs"].as_array().push_back(log);
     }},
    {"a hidden log",
     [](auto& b, auto&) { b.receipts.as_array()[0].as_object()["logs"].as_array().clear(); }},
    {"a receipts root to match altered receipts, in a header that no longer hashes right",
     [](auto& b, auto&) {
       TransferLogOf(b)["data"] =
           "0x0000000000000000000000000000000000000000000000000000000005f5e100";
       b.header.as_object()["receiptsRoot"] = "0x" + std::string(64, '1');
     }},
    {"the block of another hash than the agreed one",
     [](auto&, auto& agreed) { agreed = "0x" + std::string(64, 'b'); }},
    {"receipts that are not a list", [](auto& b, auto&) { b.receipts = boost::json::object{}; }},
    {"no header", [](auto& b, auto&) { b.header = nullptr; }},
};

TEST(ProvenTransfersTest, AnAnswerThatDoesNotHashToTheAgreedBlockProvesNothing) {
  for (const auto& lie : kLies) {
    SCOPED_TRACE(lie.what);
    auto block = RecordedBlock(0);
    std::string agreed = HashOf(block);
    ASSERT_TRUE(ProvenTokenTransfers(block, agreed, ChainWithRecordedUsdc()))
        << "the untouched block proves";
    lie.tell(block, agreed);
    EXPECT_FALSE(ProvenTokenTransfers(block, agreed, ChainWithRecordedUsdc()));
  }
}

}  // namespace
}  // namespace payd::chain
