#include "chain/block_source.h"

#include <algorithm>

#include "base/log.h"
#include "chain/evm.h"
#include "chain/traces.h"
#include "domain/address.h"

namespace payd::chain {

namespace {

constexpr std::int64_t kMaxLogSpan = 5000;
constexpr std::size_t kHeaderBatch = 100;
constexpr std::int64_t kMaxFullBlockBatch = 10;
constexpr std::int64_t kBatchesBeforeGrowth = 16;

std::int64_t Number(const boost::json::object& o, const char* key) {
  auto n = ParseQuantity(Str(o, key));
  if (!n) throw RpcError(RpcError::Kind::kMalformed, std::string("missing or bad ") + key);
  return static_cast<std::int64_t>(*n);
}

domain::BlockHeader ReadHeader(const boost::json::value& v) {
  const auto* o = v.if_object();
  if (!o) throw RpcError(RpcError::Kind::kMalformed, "block not found");
  return {Number(*o, "number"), Str(*o, "hash"), Str(*o, "parentHash"),
          Number(*o, "timestamp") * 1000};
}

std::optional<std::string> Checksummed(const std::string& address) {
  if (address.size() != 42) return std::nullopt;
  return domain::ParseAddress(LowerHex(address));
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
  auto result = rpc_.Call("eth_blockNumber", {});
  auto n = result.is_string() ? ParseQuantity(result.as_string()) : std::nullopt;
  if (!n) throw RpcError(RpcError::Kind::kMalformed, "eth_blockNumber answered nonsense");
  return static_cast<std::int64_t>(*n);
}

std::optional<std::int64_t> BlockSource::Tagged(const char* tag) {
  try {
    auto result = rpc_.Call("eth_getBlockByNumber", {tag, false});
    if (result.is_null()) return std::nullopt;
    return ReadHeader(result).number;
  } catch (const RpcError& e) {
    if (e.kind() == RpcError::Kind::kRpc) return std::nullopt;  // the node has no such tag
    throw;
  }
}

std::vector<domain::BlockHeader> BlockSource::Headers(const std::vector<std::int64_t>& numbers) {
  std::vector<domain::BlockHeader> out;
  for (std::size_t i = 0; i < numbers.size(); i += kHeaderBatch) {
    std::vector<std::pair<std::string, boost::json::array>> calls;
    for (std::size_t j = i; j < std::min(numbers.size(), i + kHeaderBatch); ++j) {
      calls.push_back(
          {"eth_getBlockByNumber", {ToQuantity(static_cast<std::uint64_t>(numbers[j])), false}});
    }
    for (const auto& result : rpc_.Batch(calls)) out.push_back(ReadHeader(result));
  }
  return out;
}

std::vector<boost::json::value> BlockSource::Logs(std::int64_t from, std::int64_t to,
                                                  const boost::json::array& addresses,
                                                  const boost::json::array& recipient_topics) {
  std::vector<boost::json::value> out;
  std::int64_t start = from;
  while (start <= to) {
    std::int64_t end = std::min(to, start + log_span_ - 1);
    boost::json::object filter{
        {"fromBlock", ToQuantity(static_cast<std::uint64_t>(start))},
        {"toBlock", ToQuantity(static_cast<std::uint64_t>(end))},
        {"address", addresses},
        {"topics", boost::json::array{kTransferTopic, nullptr, recipient_topics}},
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

std::vector<domain::ObservedTransfer> BlockSource::TokenTransfers(
    std::int64_t from, std::int64_t to, const std::set<std::string>& recipients) {
  std::vector<domain::ObservedTransfer> out;
  if (chain_.tokens.empty() || recipients.empty()) return out;
  boost::json::array addresses, topics;
  for (const auto& token : chain_.tokens) addresses.emplace_back(LowerHex(*token.address));
  for (const auto& r : recipients) topics.emplace_back(AddressTopic(r));
  for (const auto& value : Logs(from, to, addresses, topics)) {
    const auto* log = value.if_object();
    if (!log) continue;
    if (const auto* removed = log->if_contains("removed");
        removed && removed->is_bool() && removed->as_bool())
      continue;
    const auto* topic_list = log->if_contains("topics");
    // ERC-721 Transfer shares the signature but indexes a fourth topic.
    if (!topic_list || !topic_list->is_array() || topic_list->as_array().size() != 3) continue;
    const auto& t = topic_list->as_array();
    const domain::TokenInfo* token = chain_.FindTokenByAddress(Str(*log, "address"));
    auto sender = t[1].is_string() ? AddressFromTopic(t[1].as_string()) : std::nullopt;
    auto recipient = t[2].is_string() ? AddressFromTopic(t[2].as_string()) : std::nullopt;
    auto amount = ParseWord(Str(*log, "data"));
    if (!token || !sender || !recipient || !amount || !recipients.contains(*recipient)) continue;
    domain::ObservedTransfer transfer;
    transfer.chain_id = chain_.id;
    transfer.token_symbol = token->symbol;
    transfer.token_address = token->address;
    transfer.decimals = token->decimals;
    transfer.amount = *amount;
    transfer.tx_hash = Str(*log, "transactionHash");
    std::int64_t index = Number(*log, "logIndex");
    transfer.position = "log:" + std::to_string(index);
    transfer.log_index = index;
    transfer.block_number = Number(*log, "blockNumber");
    transfer.block_hash = Str(*log, "blockHash");
    transfer.sender = *sender;
    transfer.recipient = *recipient;
    out.push_back(std::move(transfer));
  }
  return out;
}

std::vector<domain::ObservedTransfer> BlockSource::NativeTransfers(
    std::int64_t from, std::int64_t to, const std::set<std::string>& recipients) {
  std::vector<domain::ObservedTransfer> out;
  if (recipients.empty()) return out;
  for (std::int64_t first = from; first <= to;) {
    std::int64_t last = std::min(to, first + block_batch_ - 1);
    std::vector<std::pair<std::string, boost::json::array>> calls;
    for (std::int64_t n = first; n <= last; ++n) {
      calls.push_back({"eth_getBlockByNumber", {ToQuantity(static_cast<std::uint64_t>(n)), true}});
    }
    std::vector<boost::json::value> blocks;
    try {
      blocks = rpc_.Batch(calls);
      // Grow back slowly: each time-out costs the RPC client's retries.
      if (++batches_since_timeout_ % kBatchesBeforeGrowth == 0)
        block_batch_ = std::min(kMaxFullBlockBatch, block_batch_ + 1);
    } catch (const RpcError& e) {
      // Full blocks of a busy chain are large; a provider that cannot send
      // this many in time gets fewer per request, down to one.
      if (e.kind() != RpcError::Kind::kTimeout || last == first) throw;
      block_batch_ = std::max<std::int64_t>(1, (last - first + 1) / 2);
      batches_since_timeout_ = 0;
      continue;
    }
    first = last + 1;
    std::vector<domain::ObservedTransfer> candidates;
    for (const auto& result : blocks) {
      domain::BlockHeader header = ReadHeader(result);
      const auto* txs = result.as_object().if_contains("transactions");
      if (!txs || !txs->is_array()) continue;
      for (const auto& tx_value : txs->as_array()) {
        const auto* tx = tx_value.if_object();
        if (!tx) continue;
        auto recipient = Checksummed(Str(*tx, "to"));
        auto value = ParseWord(Str(*tx, "value"));
        auto sender = Checksummed(Str(*tx, "from"));
        if (!recipient || !recipients.contains(*recipient) || !value || *value == 0 || !sender)
          continue;
        candidates.push_back(Native(chain_, Str(*tx, "hash"), "tx", header.number, header.hash,
                                    *sender, *recipient, *value));
      }
      if (chain_.trace_internal) Traces(header.number, header.hash, recipients, out);
    }
    // A transaction that reverted moved no value: keep only receipts with status 1.
    std::vector<std::pair<std::string, boost::json::array>> receipts;
    for (const auto& c : candidates) receipts.push_back({"eth_getTransactionReceipt", {c.tx_hash}});
    auto answers = rpc_.Batch(receipts);
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      const auto* receipt = answers[i].if_object();
      if (receipt && Str(*receipt, "status") == "0x1") out.push_back(std::move(candidates[i]));
    }
  }
  return out;
}

void BlockSource::Traces(std::int64_t number, const std::string& block_hash,
                         const std::set<std::string>& recipients,
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
    auto recipient = Checksummed(t.to);
    auto sender = Checksummed(t.from);
    if (!recipient || !recipients.contains(*recipient) || !sender) continue;
    out.push_back(Native(chain_, t.tx_hash, "trace:" + std::to_string(t.position), number,
                         block_hash, *sender, *recipient, t.value));
  }
}

}  // namespace payd::chain
