#include "chain/rpc_decode.h"

#include <boost/json/parse.hpp>

#include "chain/evm.h"

namespace payd::chain {

namespace {

[[noreturn]] void Malformed(std::string message) {
  throw RpcError(RpcError::Kind::kMalformed, std::move(message));
}

const boost::json::object& ObjectOrNotReady(const boost::json::value& v, const char* what) {
  if (v.is_null())
    throw RpcError(RpcError::Kind::kNotReady, std::string("the node has no ") + what);
  const auto* o = v.if_object();
  if (!o) Malformed(std::string(what) + " is not an object");
  return *o;
}

std::int64_t Number(const boost::json::object& o, const char* key) {
  auto n = ParseQuantity(Str(o, key));
  // Block numbers, times and indexes fit an int64 on every real chain.
  if (!n || *n > static_cast<std::uint64_t>(INT64_MAX / 1000))
    Malformed(std::string("missing or bad ") + key);
  return static_cast<std::int64_t>(*n);
}

std::string Hash(const boost::json::object& o, const char* key) {
  std::string h = Str(o, key);
  if (h.size() != 66 || !ParseWord(h)) Malformed(std::string("missing or bad ") + key);
  return h;
}

}  // namespace

boost::json::value ParseReply(std::string_view body) {
  boost::json::parse_options options;
  options.max_depth = kMaxReplyDepth;
  boost::json::error_code ec;
  boost::json::value v = boost::json::parse(body, ec, {}, options);
  if (ec) Malformed("reply is not JSON: " + ec.message());
  return v;
}

const boost::json::value& ResultOf(const boost::json::value& reply) {
  const auto* object = reply.if_object();
  if (!object) Malformed("JSON-RPC reply is not an object");
  if (const auto* error = object->if_contains("error"); error && !error->is_null()) {
    long code = 0;
    std::string message = "JSON-RPC error";
    if (const auto* e = error->if_object()) {
      if (const auto* c = e->if_contains("code"); c && c->is_int64())
        code = static_cast<long>(c->as_int64());
      if (const auto* m = e->if_contains("message"); m && m->is_string())
        message = std::string(
            m->as_string().subview(0, std::min<std::size_t>(m->as_string().size(), 500)));
    }
    throw RpcError(RpcError::Kind::kRpc, message, code);
  }
  const auto* result = object->if_contains("result");
  if (!result) Malformed("JSON-RPC reply has no result");
  return *result;
}

std::vector<boost::json::value> BatchResults(const boost::json::value& reply, long first_id,
                                             std::size_t count) {
  const auto* answers = reply.if_array();
  if (!answers) {
    ResultOf(reply);  // a single error object for the whole batch
    Malformed("batch reply is not an array");
  }
  std::vector<boost::json::value> results(count);
  std::vector<bool> seen(count, false);
  for (const auto& answer : *answers) {
    const auto* object = answer.if_object();
    const auto* id = object ? object->if_contains("id") : nullptr;
    if (!id || !id->is_int64()) Malformed("batch answer without id");
    auto index = id->as_int64() - first_id;
    if (index < 0 || index >= static_cast<long>(count) || seen[static_cast<std::size_t>(index)])
      Malformed("batch answer with an unknown or repeated id");
    results[static_cast<std::size_t>(index)] = ResultOf(answer);
    seen[static_cast<std::size_t>(index)] = true;
  }
  for (bool s : seen) {
    if (!s) Malformed("batch reply is missing answers");
  }
  return results;
}

std::uint64_t DecodeQuantity(const boost::json::value& result, const char* what) {
  auto n = result.is_string() ? ParseQuantity(result.as_string()) : std::nullopt;
  if (!n) Malformed(std::string(what) + " answered nonsense");
  return *n;
}

domain::BlockHeader DecodeHeader(const boost::json::value& block) {
  const auto& o = ObjectOrNotReady(block, "such block yet");
  return {Number(o, "number"), Hash(o, "hash"), Hash(o, "parentHash"),
          Number(o, "timestamp") * 1000};
}

std::optional<domain::ObservedTransfer> DecodeTransferLog(const boost::json::value& value,
                                                          const domain::ChainInfo& chain) {
  const auto* log = value.if_object();
  if (!log) Malformed("a log is not an object");
  if (const auto* removed = log->if_contains("removed");
      removed && removed->is_bool() && removed->as_bool())
    return std::nullopt;
  const auto* topic_list = log->if_contains("topics");
  // ERC-721 Transfer shares the signature but indexes a fourth topic.
  if (!topic_list || !topic_list->is_array() || topic_list->as_array().size() != 3)
    return std::nullopt;
  const auto& t = topic_list->as_array();
  if (!t[0].is_string() || LowerHex(t[0].as_string()) != kTransferTopic) return std::nullopt;
  const domain::TokenInfo* token = chain.FindTokenByAddress(Str(*log, "address"));
  auto sender = t[1].is_string() ? AddressFromTopic(t[1].as_string()) : std::nullopt;
  auto recipient = t[2].is_string() ? AddressFromTopic(t[2].as_string()) : std::nullopt;
  auto amount = ParseWord(Str(*log, "data"));
  if (!token || !sender || !recipient || !amount || *amount == 0) return std::nullopt;
  domain::ObservedTransfer transfer;
  transfer.chain_id = chain.id;
  transfer.token_symbol = token->symbol;
  transfer.token_address = token->address;
  transfer.decimals = token->decimals;
  transfer.amount = *amount;
  transfer.tx_hash = Hash(*log, "transactionHash");
  std::int64_t index = Number(*log, "logIndex");
  transfer.position = "log:" + std::to_string(index);
  transfer.log_index = index;
  transfer.block_number = Number(*log, "blockNumber");
  transfer.block_hash = Hash(*log, "blockHash");
  transfer.sender = *sender;
  transfer.recipient = *recipient;
  return transfer;
}

FullBlock DecodeFullBlock(const boost::json::value& block) {
  FullBlock out;
  out.header = DecodeHeader(block);
  const auto* txs = block.as_object().if_contains("transactions");
  if (!txs || !txs->is_array()) Malformed("block without a transaction list");
  for (const auto& tx_value : txs->as_array()) {
    const auto* tx = tx_value.if_object();
    if (!tx) Malformed("a block's transaction is not an object (asked for full blocks)");
    TransactionValue t;
    t.hash = Hash(*tx, "hash");
    auto from = ChecksummedAddress(Str(*tx, "from"));
    if (!from) Malformed("transaction without a sender");
    t.from = *from;
    t.to = ChecksummedAddress(Str(*tx, "to")).value_or("");
    auto value = ParseWord(Str(*tx, "value"));
    if (!value) Malformed("transaction without a value");
    t.value = *value;
    out.transactions.push_back(std::move(t));
  }
  return out;
}

bool DecodeReceiptSucceeded(const boost::json::value& receipt) {
  const auto& o = ObjectOrNotReady(receipt, "receipt for this transaction yet");
  std::string status = Str(o, "status");
  if (status == "0x1") return true;
  if (status == "0x0") return false;
  Malformed("receipt without a status");
}

}  // namespace payd::chain
