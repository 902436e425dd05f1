// Fuzz target: what payd reads out of EVM nodes' replies (chain/rpc_decode.h,
// and the hex readers of chain/evm.h they build on).
//
// Input: any bytes, read two ways: as a reply body, given to ParseReply and
// then to every decoder (the envelope, batches, block headers, Transfer logs,
// full blocks, receipts, quantities); and as the recipe (FuzzedDataProvider)
// of well-formed replies written here, which must decode to what they hold.
//
// Properties: a decoder fails only with RpcError, and only of the kinds it
// promises (kNotReady for a null block or receipt, kRpc for an error object,
// otherwise kMalformed); what it returns holds together (checksummed addresses,
// 32-byte hashes, positive amounts, "log:<logIndex>"); batch results come back
// in request order whatever order the node answered in; and headers, logs,
// blocks, receipts and batches written from known values decode to them; the
// block proofs (HeaderHash, ReceiptsRoot) answer a 32-byte hash or none, and
// a block's evidence proves transfers of that block only (ProvenTokenTransfers).
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <boost/json/serialize.hpp>
#include <cctype>
#include <climits>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "chain/block_proof.h"
#include "chain/evm.h"
#include "chain/proven_transfers.h"
#include "chain/rpc_decode.h"
#include "domain/money/address.h"
#include "fuzz_check.h"

namespace {

namespace chain = payd::chain;
namespace domain = payd::domain;
namespace json = boost::json;
using chain::RpcError;
using domain::Uint256;

const char* const kUsdc = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const char* const kTkn = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";

const domain::ChainInfo& Chain() {
  static const domain::ChainInfo chain = [] {
    domain::ChainInfo c;
    c.id = 31337;
    auto token = [](const char* symbol, std::optional<std::string> address, unsigned decimals) {
      domain::TokenInfo t;
      t.symbol = symbol;
      t.address = std::move(address);
      t.decimals = decimals;
      return t;
    };
    c.native = token("ETH", std::nullopt, 18);
    c.tokens = {token("USDC", kUsdc, 6), token("TKN", kTkn, 18)};
    return c;
  }();
  return chain;
}

// Runs `decode`; any exception but an RpcError of an allowed kind is a finding.
// True if it returned.
bool Decodes(const char* what, std::initializer_list<RpcError::Kind> allowed,
             const std::function<void()>& decode, const json::value& input) {
  try {
    decode();
    return true;
  } catch (const RpcError& e) {
    bool ok = std::find(allowed.begin(), allowed.end(), e.kind()) != allowed.end();
    FUZZ_REQUIRE(ok, std::string(what) + " failed with kind " +
                         std::to_string(static_cast<int>(e.kind())) + " (" + e.what() + ") on " +
                         json::serialize(input));
    return false;
  }
}

bool IsHash(const std::string& h) {
  return h.size() == 66 && chain::ParseWord(h).has_value();
}
bool IsChecksummed(const std::string& a) {
  return domain::ParseAddress(a) == a;
}

using K = RpcError::Kind;

void CheckHeader(const domain::BlockHeader& h, const std::string& ctx) {
  FUZZ_REQUIRE(h.number >= 0 && h.time >= 0 && h.time % 1000 == 0, ctx);
  FUZZ_REQUIRE(IsHash(h.hash) && IsHash(h.parent_hash), ctx);
}

// Every decoder on one value of a reply.
void DecodeEverything(const json::value& v) {
  auto ctx = [&] { return json::serialize(v).substr(0, 2000); };
  Decodes(
      "DecodeQuantity", {K::kMalformed},
      [&] {
        auto n = chain::DecodeQuantity(v, "x");
        FUZZ_REQUIRE(chain::ParseQuantity(v.as_string()) == n, ctx());
      },
      v);
  Decodes(
      "DecodeHeader", {K::kMalformed, K::kNotReady},
      [&] { CheckHeader(chain::DecodeHeader(v), ctx()); }, v);
  Decodes(
      "DecodeFullBlock", {K::kMalformed, K::kNotReady},
      [&] {
        auto block = chain::DecodeFullBlock(v);
        CheckHeader(block.header, ctx());
        for (const auto& tx : block.transactions) {
          FUZZ_REQUIRE(IsHash(tx.hash) && IsChecksummed(tx.from), ctx());
          FUZZ_REQUIRE(tx.to.empty() || IsChecksummed(tx.to), ctx());
        }
      },
      v);
  Decodes(
      "DecodeReceiptSucceeded", {K::kMalformed, K::kNotReady},
      [&] { chain::DecodeReceiptSucceeded(v); }, v);
  // The proofs (chain/block_proof.h) take any JSON: a 32-byte hash or none, never a throw.
  std::optional<std::string> proof;
  if (v.is_object()) proof = chain::HeaderHash(v.as_object());
  if (v.is_array()) proof = chain::ReceiptsRoot(v.as_array());
  FUZZ_REQUIRE(!proof || IsHash(*proof), ctx());
  // A block's evidence, {"header": ..., "receipts": ...}, proven against its
  // own header's hash (chain/proven_transfers.h): none or transfers in log
  // order of that very block, never a throw.
  if (const auto* o = v.if_object(); o && o->contains("header") && o->contains("receipts")) {
    chain::BlockEvidence evidence{o->at("header"), o->at("receipts")};
    auto agreed =
        evidence.header.is_object() ? chain::HeaderHash(evidence.header.as_object()) : std::nullopt;
    auto proven = chain::ProvenTokenTransfers(evidence, agreed.value_or(""), Chain());
    FUZZ_REQUIRE(!proven || agreed, ctx());
    std::int64_t last = -1;
    for (const auto& t : proven.value_or(std::vector<domain::ObservedTransfer>{})) {
      FUZZ_REQUIRE(t.block_hash == *agreed && t.log_index && *t.log_index > last, ctx());
      FUZZ_REQUIRE(t.amount != 0 && IsChecksummed(t.recipient), ctx());
      last = *t.log_index;
    }
  }
  Decodes(
      "DecodeTransferLog", {K::kMalformed},
      [&] {
        auto t = chain::DecodeTransferLog(v, Chain());
        if (!t) return;
        const auto* token = Chain().FindToken(t->token_symbol);
        FUZZ_REQUIRE(token && token->address == t->token_address && token->decimals == t->decimals,
                     ctx());
        FUZZ_REQUIRE(t->amount != 0 && t->chain_id == Chain().id, ctx());
        FUZZ_REQUIRE(IsChecksummed(t->sender) && IsChecksummed(t->recipient), ctx());
        FUZZ_REQUIRE(IsHash(t->tx_hash) && IsHash(t->block_hash) && t->block_number >= 0, ctx());
        FUZZ_REQUIRE(t->log_index && t->position == "log:" + std::to_string(*t->log_index), ctx());
      },
      v);
}

void CheckRawReply(std::string_view body) {
  json::value reply;
  try {
    reply = chain::ParseReply(body);
  } catch (const RpcError& e) {
    FUZZ_REQUIRE(e.kind() == K::kMalformed, std::string("ParseReply: ") + e.what());
    return;
  }
  DecodeEverything(reply);
  const json::value* result = nullptr;
  Decodes(
      "ResultOf", {K::kMalformed, K::kRpc},
      [&] {
        result = &chain::ResultOf(reply);
        FUZZ_REQUIRE(result == reply.as_object().if_contains("result"), json::serialize(reply));
      },
      reply);
  if (result) DecodeEverything(*result);
  for (const json::value* list : {static_cast<const json::value*>(&reply), result}) {
    if (!list || !list->is_array()) continue;
    for (const auto& item : list->as_array()) DecodeEverything(item);
  }
  // The client numbers a batch's requests from its own counter: small, but
  // the ids in the answer are the node's.
  for (long first : {1L, 42L, LONG_MAX - 2}) {
    for (std::size_t count : {1u, 3u}) {
      Decodes(
          "BatchResults", {K::kMalformed, K::kRpc},
          [&] {
            auto results = chain::BatchResults(reply, first, count);
            FUZZ_REQUIRE(results.size() == count, json::serialize(reply));
          },
          reply);
    }
  }
}

std::string RandomHex(FuzzedDataProvider& in, std::size_t bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out = "0x";
  bool upper = in.ConsumeBool();
  for (std::size_t i = 0; i < bytes; ++i) {
    auto b = in.ConsumeIntegral<std::uint8_t>();
    for (char c : {kDigits[b >> 4], kDigits[b & 0xf]}) out.push_back(upper ? std::toupper(c) : c);
  }
  return out;
}

Uint256 RandomAmount(FuzzedDataProvider& in) {
  Uint256 v = 0;
  for (int i = 0, n = in.ConsumeIntegralInRange(1, 4); i < n; ++i)
    v = (v << 64) | in.ConsumeIntegral<std::uint64_t>();
  return v;
}

// Replies written from known values decode to those values.
void CheckWellFormed(FuzzedDataProvider& in) {
  std::int64_t number = in.ConsumeIntegralInRange<std::int64_t>(0, INT64_MAX / 1000);
  std::int64_t seconds = in.ConsumeIntegralInRange<std::int64_t>(0, INT64_MAX / 1000);
  std::string hash = RandomHex(in, 32), parent = RandomHex(in, 32);
  json::object block{{"number", chain::ToQuantity(static_cast<std::uint64_t>(number))},
                     {"hash", hash},
                     {"parentHash", parent},
                     {"timestamp", chain::ToQuantity(static_cast<std::uint64_t>(seconds))},
                     {"miner", RandomHex(in, 20)}};
  std::string ctx = json::serialize(block);
  auto header = chain::DecodeHeader(block);
  FUZZ_REQUIRE(header.number == number && header.hash == hash && header.parent_hash == parent &&
                   header.time == seconds * 1000,
               ctx);

  // A full block's transactions: senders and recipients come back checksummed.
  json::array txs;
  std::vector<chain::TransactionValue> want;
  for (int i = 0, n = in.ConsumeIntegralInRange(0, 4); i < n; ++i) {
    chain::TransactionValue t{RandomHex(in, 32), RandomHex(in, 20), "", RandomAmount(in)};
    json::object tx{{"hash", t.hash}, {"from", t.from}, {"value", chain::ToQuantity(t.value)}};
    if (in.ConsumeBool())
      tx["to"] = t.to = RandomHex(in, 20);
    else if (in.ConsumeBool())
      tx["to"] = nullptr;  // a contract creation
    t.from = *domain::ParseAddress(chain::LowerHex(t.from));
    if (!t.to.empty()) t.to = *domain::ParseAddress(chain::LowerHex(t.to));
    txs.push_back(std::move(tx));
    want.push_back(std::move(t));
  }
  block["transactions"] = txs;
  auto full = chain::DecodeFullBlock(block);
  FUZZ_REQUIRE(full.transactions.size() == want.size(), json::serialize(block));
  for (std::size_t i = 0; i < want.size(); ++i) {
    const auto &g = full.transactions[i], &w = want[i];
    FUZZ_REQUIRE(g.hash == w.hash && g.from == w.from && g.to == w.to && g.value == w.value,
                 json::serialize(block));
  }

  // An ERC-20 Transfer log of a configured token.
  const auto& token = Chain().tokens[in.ConsumeIntegralInRange<std::size_t>(0, 1)];
  std::string from = RandomHex(in, 20), to = RandomHex(in, 20);
  Uint256 amount = RandomAmount(in);
  std::int64_t index = in.ConsumeIntegralInRange<std::int64_t>(0, INT64_MAX / 1000);
  std::string data = chain::ToQuantity(amount);
  if (in.ConsumeBool())
    data = "0x" + std::string(66 - data.size(), '0') + data.substr(2);  // as nodes pad it
  json::object log{{"address", in.ConsumeBool() ? chain::LowerHex(*token.address) : *token.address},
                   {"topics", json::array{chain::kTransferTopic, chain::AddressTopic(from),
                                          chain::AddressTopic(to)}},
                   {"data", data},
                   {"blockNumber", block["number"]},
                   {"blockHash", hash},
                   {"transactionHash", parent},
                   {"logIndex", chain::ToQuantity(std::uint64_t(index))},
                   {"removed", false}};
  ctx = json::serialize(log);
  auto transfer = chain::DecodeTransferLog(log, Chain());
  FUZZ_REQUIRE(transfer.has_value() == (amount != 0), ctx);
  if (transfer) {
    FUZZ_REQUIRE(transfer->token_symbol == token.symbol && transfer->amount == amount, ctx);
    FUZZ_REQUIRE(transfer->sender == *domain::ParseAddress(chain::LowerHex(from)), ctx);
    FUZZ_REQUIRE(transfer->recipient == *domain::ParseAddress(chain::LowerHex(to)), ctx);
    FUZZ_REQUIRE(transfer->block_number == number && transfer->block_hash == hash, ctx);
    FUZZ_REQUIRE(transfer->tx_hash == parent && transfer->log_index == index, ctx);
  }
  log["removed"] = true;  // a reorganisation took it back
  FUZZ_REQUIRE(!chain::DecodeTransferLog(log, Chain()), ctx);
  log["removed"] = false;
  log["topics"].as_array().emplace_back(chain::AddressTopic(to));  // ERC-721: the id is a topic
  FUZZ_REQUIRE(!chain::DecodeTransferLog(log, Chain()), ctx);

  // A batch answered in any order comes back in request order.
  long first = in.ConsumeIntegralInRange<long>(1, 1L << 40);
  std::size_t count = in.ConsumeIntegralInRange<std::size_t>(1, 6);
  json::array answers;
  for (std::size_t i = 0; i < count; ++i) {
    answers.push_back(json::object{{"jsonrpc", "2.0"},
                                   {"id", first + static_cast<long>(i)},
                                   {"result", chain::ToQuantity(std::uint64_t(i * 7))}});
  }
  for (std::size_t i = count; i > 1; --i)
    std::swap(answers[i - 1], answers[in.ConsumeIntegralInRange<std::size_t>(0, i - 1)]);
  auto results = chain::BatchResults(answers, first, count);
  for (std::size_t i = 0; i < count; ++i) {
    FUZZ_REQUIRE(results[i] == json::value(chain::ToQuantity(std::uint64_t(i * 7))),
                 json::serialize(answers));
  }
  FUZZ_REQUIRE(chain::DecodeReceiptSucceeded(json::object{{"status", "0x1"}}) &&
                   !chain::DecodeReceiptSucceeded(json::object{{"status", "0x0"}}),
               "receipt status");
}

void CheckHexReaders(std::string_view text) {
  std::string ctx = "hex '" + std::string(text) + "'";
  bool prefixed = text.size() >= 3 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X') &&
                  std::all_of(text.begin() + 2, text.end(),
                              [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
  std::size_t digits = prefixed ? text.size() - 2 : 0;
  auto quantity = chain::ParseQuantity(text);
  FUZZ_REQUIRE(quantity.has_value() == (prefixed && digits <= 16), ctx);
  if (quantity) FUZZ_REQUIRE(chain::ParseQuantity(chain::ToQuantity(*quantity)) == quantity, ctx);
  auto word = chain::ParseWord(text);
  FUZZ_REQUIRE(word.has_value() == (prefixed && digits <= 64), ctx);
  if (word) {
    std::string written = chain::ToQuantity(*word);
    FUZZ_REQUIRE(chain::ParseWord(written) == word, ctx + " written " + written);
    FUZZ_REQUIRE(written == "0x0" || written[2] != '0', ctx + " written " + written);
    if (quantity) FUZZ_REQUIRE(Uint256(*quantity) == *word, ctx);
  }
  if (auto address = chain::AddressFromTopic(text)) {
    FUZZ_REQUIRE(digits == 64 && IsChecksummed(*address), ctx);
    FUZZ_REQUIRE(chain::AddressTopic(*address) == chain::LowerHex(text), ctx);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  CheckRawReply(text);
  CheckHexReaders(text.substr(0, 80));
  FuzzedDataProvider in(data, size);
  CheckWellFormed(in);
  return 0;
}
