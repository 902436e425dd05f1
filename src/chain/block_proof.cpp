#include "chain/block_proof.h"

#include <string_view>
#include <vector>

#include "base/crypto.h"
#include "chain/rlp.h"
#include "chain/trie_root.h"

namespace payd::chain {

namespace {

const boost::json::string* Text(const boost::json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  return v && v->is_string() ? &v->as_string() : nullptr;
}

// Appends the RLP of `o[key]`, as raw bytes or as a quantity; false if absent or malformed.
bool AddBytes(std::vector<std::string>& items, const boost::json::object& o, std::string_view key) {
  const auto* text = Text(o, key);
  auto bytes = text ? HexBytes(*text) : std::nullopt;
  if (!bytes) return false;
  items.push_back(RlpBytes(*bytes));
  return true;
}
bool AddQuantity(std::vector<std::string>& items, const boost::json::object& o,
                 std::string_view key) {
  const auto* text = Text(o, key);
  auto bytes = text ? QuantityBytes(*text) : std::nullopt;
  if (!bytes) return false;
  items.push_back(RlpBytes(*bytes));
  return true;
}

std::string Hex(const std::string& bytes) {
  return "0x" + base::HexEncode(bytes);
}

// One receipt as the trie holds it; none if malformed.
std::optional<std::string> EncodedReceipt(const boost::json::value& value) {
  if (!value.is_object()) return std::nullopt;
  const auto& r = value.as_object();
  std::vector<std::string> fields;
  // Byzantium replaced the state root by a status; a receipt has one or the other.
  if (r.contains("root") ? !AddBytes(fields, r, "root") : !AddQuantity(fields, r, "status")) {
    return std::nullopt;
  }
  if (!AddQuantity(fields, r, "cumulativeGasUsed") || !AddBytes(fields, r, "logsBloom")) {
    return std::nullopt;
  }
  const auto* logs = r.if_contains("logs");
  if (!logs || !logs->is_array()) return std::nullopt;
  std::vector<std::string> encoded_logs;
  for (const auto& l : logs->as_array()) {
    if (!l.is_object()) return std::nullopt;
    const auto& log = l.as_object();
    std::vector<std::string> entry;
    if (!AddBytes(entry, log, "address")) return std::nullopt;
    const auto* topics = log.if_contains("topics");
    if (!topics || !topics->is_array()) return std::nullopt;
    std::vector<std::string> encoded_topics;
    for (const auto& t : topics->as_array()) {
      auto bytes = t.is_string() ? HexBytes(t.as_string()) : std::nullopt;
      if (!bytes) return std::nullopt;
      encoded_topics.push_back(RlpBytes(*bytes));
    }
    entry.push_back(RlpList(encoded_topics));
    if (!AddBytes(entry, log, "data")) return std::nullopt;
    encoded_logs.push_back(RlpList(entry));
  }
  fields.push_back(RlpList(encoded_logs));
  // An OP Stack deposit receipt (type 0x7e, Base and Optimism) ends with its
  // deposit nonce (since Regolith) and receipt version (since Canyon).
  for (std::string_view key : {"depositNonce", "depositReceiptVersion"}) {
    if (!r.contains(key)) break;
    if (!AddQuantity(fields, r, key)) return std::nullopt;
  }
  // EIP-2718: a typed receipt is its type byte before its RLP; legacy (0) has none.
  std::optional<std::string> type = std::string();
  if (const auto* t = Text(r, "type")) type = QuantityBytes(*t);
  if (!type || type->size() > 1) return std::nullopt;
  return *type + RlpList(fields);
}

}  // namespace

std::optional<std::string> HeaderHash(const boost::json::object& header) {
  std::vector<std::string> fields;
  for (std::string_view key : {"parentHash", "sha3Uncles", "miner", "stateRoot", "transactionsRoot",
                               "receiptsRoot", "logsBloom"}) {
    if (!AddBytes(fields, header, key)) return std::nullopt;
  }
  for (std::string_view key : {"difficulty", "number", "gasLimit", "gasUsed", "timestamp"}) {
    if (!AddQuantity(fields, header, key)) return std::nullopt;
  }
  for (std::string_view key : {"extraData", "mixHash", "nonce"}) {
    if (!AddBytes(fields, header, key)) return std::nullopt;
  }
  // The forks' fields, in the order they were added; each present only after the one before.
  struct Later {
    std::string_view key;
    bool quantity;
  };
  for (Later later : {Later{"baseFeePerGas", true}, Later{"withdrawalsRoot", false},
                      Later{"blobGasUsed", true}, Later{"excessBlobGas", true},
                      Later{"parentBeaconBlockRoot", false}, Later{"requestsHash", false}}) {
    if (!header.contains(later.key)) break;
    if (!(later.quantity ? AddQuantity(fields, header, later.key)
                         : AddBytes(fields, header, later.key))) {
      return std::nullopt;
    }
  }
  return Hex(base::Keccak256(RlpList(fields)));
}

std::optional<std::string> ReceiptsRoot(const boost::json::array& receipts) {
  std::vector<std::string> items;
  items.reserve(receipts.size());
  for (const auto& r : receipts) {
    auto encoded = EncodedReceipt(r);
    if (!encoded) return std::nullopt;
    items.push_back(std::move(*encoded));
  }
  return Hex(OrderedTrieRoot(items));
}

std::optional<std::size_t> FirstUnprovenHeader(const std::vector<boost::json::object>& headers,
                                               const std::string& agreed_hash) {
  std::string expected = agreed_hash;
  for (std::size_t i = headers.size(); i-- > 0;) {
    const auto& header = headers[i];
    const auto* stated = Text(header, "hash");
    const auto* parent = Text(header, "parentHash");
    if (!stated || !parent || HeaderHash(header) != expected || *stated != expected) return i;
    expected = std::string(*parent);
  }
  return std::nullopt;
}

}  // namespace payd::chain
