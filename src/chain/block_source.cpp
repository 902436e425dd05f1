#include "chain/block_source.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <iterator>
#include <map>
#include <tuple>

#include "base/log.h"
#include "chain/evm.h"
#include "chain/rpc_decode.h"
#include "chain/traces.h"
#include "domain/money/address.h"

namespace payd::chain {

namespace {

constexpr std::int64_t kMaxLogSpan = 5000;
constexpr std::int64_t kMaxFullBlockBatch = 10;
constexpr std::int64_t kBatchesBeforeGrowth = 16;
// Native transfers: spans shorter than this are read whole (the proof's round
// trips would cost about as much); a span is halved at most this often per
// pass (a recipient whose state moves in many blocks is read whole instead);
// after this many failed proofs in a row the node is taken to have no history.
constexpr std::int64_t kMinProvenSpan = 128;
constexpr int kMaxHalvings = 16;
constexpr int kStateFailuresToStop = 3;

// A hex answer in lower case; a quantity without leading zeros ("0x00ff" is "0xff").
std::string HexText(const boost::json::value& result, bool quantity) {
  if (!result.is_string())
    throw RpcError(RpcError::Kind::kMalformed, "account state answered no hex string");
  std::string_view text = result.as_string();
  if (!text.starts_with("0x"))
    throw RpcError(RpcError::Kind::kMalformed, "account state answered no hex string");
  text.remove_prefix(2);
  while (quantity && !text.empty() && text.front() == '0') text.remove_prefix(1);
  std::string out = "0x";
  for (char c : text) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

domain::ObservedTransfer Native(const domain::ChainInfo& chain, const std::string& tx_hash,
                                std::string position, std::int64_t number,
                                const std::string& block_hash, std::string from, std::string to,
                                domain::Uint256 amount) {
  domain::ObservedTransfer t;
  t.chain_id = chain.id;
  t.token_symbol = chain.native.symbol;
  t.decimals = chain.native.decimals;
  t.amount = amount;
  t.tx_hash = tx_hash;
  t.position = std::move(position);
  t.block_number = number;
  t.block_hash = block_hash;
  t.sender = std::move(from);
  t.recipient = std::move(to);
  return t;
}

}  // namespace

std::int64_t BlockSource::Latest() {
  auto n = DecodeQuantity(rpc_.Call("eth_blockNumber", {}), "eth_blockNumber");
  if (n > static_cast<std::uint64_t>(INT64_MAX / 2))
    throw RpcError(RpcError::Kind::kMalformed, "eth_blockNumber answered nonsense");
  return static_cast<std::int64_t>(n);
}

std::optional<std::int64_t> BlockSource::Tagged(const char* tag) {
  try {
    auto result = rpc_.Call("eth_getBlockByNumber", {tag, false});
    if (result.is_null()) return std::nullopt;
    return DecodeHeader(result).number;
  } catch (const RpcError& e) {
    if (e.kind() == RpcError::Kind::kRpc) return std::nullopt;  // the node has no such tag
    throw;
  }
}

std::vector<domain::BlockHeader> BlockSource::Headers(const std::vector<std::int64_t>& numbers) {
  std::vector<RpcCall> calls;
  calls.reserve(numbers.size());
  for (std::int64_t n : numbers)
    calls.push_back({"eth_getBlockByNumber", {ToQuantity(static_cast<std::uint64_t>(n)), false}});
  std::vector<domain::BlockHeader> out;
  out.reserve(numbers.size());
  for (const auto& result : rpc_.CallMany(calls)) out.push_back(DecodeHeader(result));
  return out;
}

std::vector<domain::BlockHeader> BlockSource::Headers(
    const std::vector<std::int64_t>& numbers, const std::vector<domain::BlockHeader>& known) {
  std::map<std::int64_t, const domain::BlockHeader*> by_number;
  for (const auto& b : known) by_number[b.number] = &b;
  std::vector<std::int64_t> missing;
  for (std::int64_t n : numbers) {
    if (!by_number.contains(n)) missing.push_back(n);
  }
  auto fetched = Headers(missing);
  auto next = fetched.begin();
  std::vector<domain::BlockHeader> out;
  out.reserve(numbers.size());
  for (std::int64_t n : numbers) {
    auto it = by_number.find(n);
    out.push_back(it != by_number.end() ? *it->second : *next++);
  }
  return out;
}

std::vector<boost::json::value> BlockSource::Logs(std::int64_t from, std::int64_t to,
                                                  const boost::json::array& addresses,
                                                  const boost::json::array& topics) {
  std::vector<boost::json::value> out;
  std::int64_t start = from;
  while (start <= to) {
    std::int64_t end = std::min(to, start + log_span_ - 1);
    boost::json::object filter{
        {"fromBlock", ToQuantity(static_cast<std::uint64_t>(start))},
        {"toBlock", ToQuantity(static_cast<std::uint64_t>(end))},
        {"address", addresses},
        {"topics", topics},
    };
    try {
      auto result = rpc_.Call("eth_getLogs", {filter});
      if (!result.is_array())
        throw RpcError(RpcError::Kind::kMalformed, "eth_getLogs answered no array");
      for (auto& log : result.as_array()) out.push_back(std::move(log));
      start = end + 1;
      log_span_ = std::min(kMaxLogSpan, log_span_ * 2);
    } catch (const RpcError& e) {
      bool too_big = e.IsRangeTooLarge() || e.kind() == RpcError::Kind::kTimeout;
      if (!too_big || end == start) throw;
      log_span_ = std::max<std::int64_t>(1, (end - start + 1) / 2);
    }
  }
  return out;
}

std::vector<BlockEvidence> BlockSource::Evidence(const std::vector<std::int64_t>& numbers) {
  std::vector<RpcCall> calls;
  for (std::int64_t n : numbers) {
    auto quantity = ToQuantity(static_cast<std::uint64_t>(n));
    calls.push_back({"eth_getBlockByNumber", {quantity, false}});
    calls.push_back({"eth_getBlockReceipts", {quantity}});
  }
  auto answers = rpc_.CallMany(calls);
  std::vector<BlockEvidence> out;
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    if (answers[2 * i].is_null() || answers[2 * i + 1].is_null())
      throw RpcError(RpcError::Kind::kNotReady,
                     "block " + std::to_string(numbers[i]) + " or its receipts not served yet");
    out.push_back({std::move(answers[2 * i]), std::move(answers[2 * i + 1])});
  }
  return out;
}

std::vector<domain::ObservedTransfer> BlockSource::TokenTransfers(
    std::int64_t from, std::int64_t to, const std::set<std::string>& recipients) {
  std::vector<domain::ObservedTransfer> out;
  if (chain_.tokens.empty() || recipients.empty()) return out;
  boost::json::array addresses, topics;
  for (const auto& token : chain_.tokens) addresses.emplace_back(LowerHex(*token.address));
  for (const auto& r : recipients) topics.emplace_back(AddressTopic(r));
  boost::json::array filter{kTransferTopic, nullptr, std::move(topics)};
  for (const auto& value : Logs(from, to, addresses, filter)) {
    auto transfer = DecodeTransferLog(value, chain_);
    if (transfer && recipients.contains(transfer->recipient)) out.push_back(std::move(*transfer));
  }
  return out;
}

std::vector<domain::ObservedTransfer> BlockSource::TokenTransfersFrom(
    std::int64_t from, std::int64_t to, const std::set<std::string>& senders) {
  std::vector<domain::ObservedTransfer> out;
  if (chain_.tokens.empty() || senders.empty()) return out;
  boost::json::array addresses, topics;
  for (const auto& token : chain_.tokens) addresses.emplace_back(LowerHex(*token.address));
  for (const auto& s : senders) topics.emplace_back(AddressTopic(s));
  boost::json::array filter{kTransferTopic, std::move(topics)};
  for (const auto& value : Logs(from, to, addresses, filter)) {
    auto transfer = DecodeTransferLog(value, chain_);
    if (transfer && senders.contains(transfer->sender)) out.push_back(std::move(*transfer));
  }
  return out;
}

std::vector<domain::ObservedTransfer> BlockSource::NativeTransfers(
    std::int64_t from, std::int64_t to, const std::set<std::string>& recipients,
    const std::set<std::string>& senders, std::vector<domain::BlockHeader>& scanned) {
  std::vector<domain::ObservedTransfer> out;
  if (recipients.empty() && senders.empty()) return out;
  // A sender's nonce moves with every transaction it sends, so the proof
  // from account state that nothing moved covers both.
  std::set<std::string> accounts = recipients;
  accounts.insert(senders.begin(), senders.end());
  for (auto [range_from, range_to] : RangesToRead(from, to, accounts, scanned)) {
    NativeTransfersIn(range_from, range_to, recipients, senders, scanned, out);
  }
  return out;
}

void BlockSource::NativeTransfersIn(std::int64_t from, std::int64_t to,
                                    const std::set<std::string>& recipients,
                                    const std::set<std::string>& senders,
                                    std::vector<domain::BlockHeader>& scanned,
                                    std::vector<domain::ObservedTransfer>& out) {
  for (std::int64_t first = from; first <= to;) {
    // A round: a batch of blocks for each request the provider takes at once.
    std::int64_t per_round = block_batch_ * static_cast<std::int64_t>(rpc_.max_parallel());
    std::int64_t last = std::min(to, first + per_round - 1);
    std::vector<RpcCall> calls;
    for (std::int64_t n = first; n <= last; ++n) {
      calls.push_back({"eth_getBlockByNumber", {ToQuantity(static_cast<std::uint64_t>(n)), true}});
    }
    std::vector<boost::json::value> blocks;
    try {
      blocks = rpc_.CallMany(calls, static_cast<std::size_t>(block_batch_));
      // Grow back slowly: each time-out costs the RPC client's retries.
      if (++batches_since_timeout_ % kBatchesBeforeGrowth == 0)
        block_batch_ = std::min(kMaxFullBlockBatch, block_batch_ + 1);
    } catch (const RpcError& e) {
      // Full blocks of a busy chain are large; a provider that cannot send
      // this many in time (or under the reply cap) gets fewer per request, down to one.
      bool too_much = e.kind() == RpcError::Kind::kTimeout || e.kind() == RpcError::Kind::kTooLarge;
      if (!too_much || block_batch_ == 1) throw;
      block_batch_ = std::max<std::int64_t>(1, std::min(block_batch_, last - first + 1) / 2);
      batches_since_timeout_ = 0;
      continue;
    }
    first = last + 1;
    std::vector<domain::ObservedTransfer> candidates, internal;
    // Where each transaction stands in the chain, so that transfers are handed
    // on in chain order: which of two exact payments came first decides
    // which one pays the intent.
    std::map<std::string, std::size_t> index_in_block;
    for (const auto& result : blocks) {
      FullBlock block = DecodeFullBlock(result);
      scanned.push_back(block.header);
      for (std::size_t i = 0; i < block.transactions.size(); ++i) {
        const auto& tx = block.transactions[i];
        index_in_block[tx.hash] = i;
        bool in = recipients.contains(tx.to), out_of = senders.contains(tx.from);
        if (tx.to.empty() || tx.value == 0 || !(in || out_of)) continue;
        candidates.push_back(Native(chain_, tx.hash, "tx", block.header.number, block.header.hash,
                                    tx.from, tx.to, tx.value));
      }
      if (chain_.trace_internal && !(recipients.empty() && senders.empty()))
        Traces(block.header.number, block.header.hash, recipients, senders, internal);
    }
    // A transaction that reverted moved no value: keep only receipts with
    // status 1. A receipt the node has not indexed yet fails the pass (kNotReady),
    // which is retried: skipping it would lose the payment for good.
    std::vector<RpcCall> receipts;
    for (const auto& c : candidates) receipts.push_back({"eth_getTransactionReceipt", {c.tx_hash}});
    auto answers = rpc_.CallMany(receipts);
    std::vector<domain::ObservedTransfer> batch;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      if (DecodeReceiptSucceeded(answers[i])) batch.push_back(std::move(candidates[i]));
    }
    batch.insert(batch.end(), std::make_move_iterator(internal.begin()),
                 std::make_move_iterator(internal.end()));
    // By block, then transaction; a transaction's own value before what it sends on.
    auto key = [&](const domain::ObservedTransfer& t) {
      auto it = index_in_block.find(t.tx_hash);
      std::size_t index = it == index_in_block.end() ? SIZE_MAX : it->second;
      return std::tuple{t.block_number, index, t.position != "tx"};
    };
    std::stable_sort(batch.begin(), batch.end(),
                     [&](const auto& a, const auto& b) { return key(a) < key(b); });
    out.insert(out.end(), std::make_move_iterator(batch.begin()),
               std::make_move_iterator(batch.end()));
  }
}

std::vector<BlockSource::Range> BlockSource::RangesToRead(
    std::int64_t from, std::int64_t to, const std::set<std::string>& recipients,
    std::vector<domain::BlockHeader>& scanned) {
  std::int64_t per_round = block_batch_ * static_cast<std::int64_t>(rpc_.max_parallel());
  if (from < 1 || to - from + 1 < kMinProvenSpan || state_failures_ >= kStateFailuresToStop)
    return {{from, to}};
  std::vector<Range> out;
  try {
    std::map<std::string, std::vector<std::string>> states;  // by block hash
    // Spans still to prove, each as the headers of the block below it and of its last block.
    auto ends = Headers({from - 1, to});
    scanned.insert(scanned.end(), ends.begin(), ends.end());
    std::vector<std::pair<domain::BlockHeader, domain::BlockHeader>> spans{{ends[0], ends[1]}};
    int halvings = 0;
    while (!spans.empty()) {
      auto [low, high] = spans.back();
      spans.pop_back();
      if (NothingReceived(low, high, recipients, states)) continue;
      std::int64_t first = low.number + 1;
      if (high.number - first + 1 <= per_round || ++halvings > kMaxHalvings) {
        out.push_back({first, high.number});
        continue;
      }
      auto middle = Headers({first + (high.number - first) / 2}).front();
      scanned.push_back(middle);
      // The upper half first on the stack, so that ranges come out ascending.
      spans.push_back({middle, high});
      spans.push_back({low, middle});
    }
    state_failures_ = 0;
  } catch (const RpcError& e) {
    // No history at that block (not an archive node), no EIP-1898, or a block
    // a reorganisation took: read every block, as without the proof.
    if (e.kind() != RpcError::Kind::kRpc) throw;
    if (++state_failures_ == kStateFailuresToStop) {
      base::LogInfo(
          "the node cannot answer account state by block hash; reading every block "
          "for native transfers",
          {{"chainId", chain_.id}, {"error", e.what()}});
    }
    return {{from, to}};
  }
  // Adjacent ranges as one, for fuller rounds.
  std::vector<Range> merged;
  for (const auto& r : out) {
    if (!merged.empty() && merged.back().second + 1 == r.first) {
      merged.back().second = r.second;
    } else {
      merged.push_back(r);
    }
  }
  return merged;
}

bool BlockSource::NothingReceived(const domain::BlockHeader& low, const domain::BlockHeader& high,
                                  const std::set<std::string>& recipients,
                                  std::map<std::string, std::vector<std::string>>& states) {
  static constexpr const char* kMethods[] = {"eth_getBalance", "eth_getTransactionCount",
                                             "eth_getCode"};
  std::vector<RpcCall> calls;
  std::vector<const std::string*> asked;
  for (const auto* block : {&low.hash, &high.hash}) {
    if (states.contains(*block) || (!asked.empty() && *asked.front() == *block)) continue;
    asked.push_back(block);
    for (const auto& r : recipients) {
      for (const char* method : kMethods) {
        calls.push_back({method, {LowerHex(r), boost::json::object{{"blockHash", *block}}}});
      }
    }
  }
  auto results = rpc_.CallMany(calls);
  std::size_t next = 0;
  for (const auto* block : asked) {
    auto& state = states[*block];
    for (std::size_t i = 0; i < recipients.size() * std::size(kMethods); ++i) {
      // Code as it is (0x00 is code); quantities without their leading zeros.
      bool code = i % std::size(kMethods) == 2;
      state.push_back(HexText(results[next++], !code));
    }
  }
  const auto& before = states.at(low.hash);
  const auto& after = states.at(high.hash);
  for (std::size_t i = 0; i < before.size(); i += std::size(kMethods)) {
    bool no_code = before[i + 2] == "0x" && after[i + 2] == "0x";
    if (!no_code || before[i + 1] != after[i + 1] || before[i] != after[i]) return false;
  }
  return true;
}

void BlockSource::Traces(std::int64_t number, const std::string& block_hash,
                         const std::set<std::string>& recipients,
                         const std::set<std::string>& senders,
                         std::vector<domain::ObservedTransfer>& out) {
  std::string block = ToQuantity(static_cast<std::uint64_t>(number));
  std::vector<InternalTransfer> transfers;
  if (!parity_traces_) {
    try {
      transfers = FromCallTracer(rpc_.Call("debug_traceBlockByNumber",
                                           {block, boost::json::object{{"tracer", "callTracer"}}}));
    } catch (const RpcError& e) {
      if (!e.IsMethodMissing()) throw;
      base::LogInfo("the node has no debug_traceBlockByNumber; using trace_block",
                    {{"chainId", chain_.id}});
      parity_traces_ = true;
    }
  }
  if (parity_traces_) {
    try {
      transfers = FromTraceBlock(rpc_.Call("trace_block", {block}));
    } catch (const RpcError& e) {
      if (!e.IsMethodMissing()) throw;
      throw RpcError(RpcError::Kind::kRpc,
                     "trace_internal is on, but the node offers neither debug_traceBlockByNumber "
                     "nor trace_block: " +
                         std::string(e.what()),
                     e.code());
    }
  }
  for (auto& t : transfers) {
    auto recipient = ChecksummedAddress(t.to);
    auto sender = ChecksummedAddress(t.from);
    if (!recipient || !sender) continue;
    // Coin a contract sends on: to a payout address, or out of one (a Safe's refund).
    if (!recipients.contains(*recipient) && !senders.contains(*sender)) continue;
    out.push_back(Native(chain_, t.tx_hash, "trace:" + std::to_string(t.position), number,
                         block_hash, *sender, *recipient, t.value));
  }
}

}  // namespace payd::chain
