#include "chain/swap_receipt.h"

#include "base/crypto.h"
#include "chain/evm.h"
#include "chain/rpc_error.h"

namespace payd::chain {

namespace {

// keccak256("Deposit(address,uint256)"), WETH9's event when it wraps the native coin.
const std::string& DepositTopic() {
  static const std::string topic = [] {
    std::string hash = base::Keccak256("Deposit(address,uint256)");
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out = "0x";
    for (unsigned char c : hash) {
      out += kDigits[c >> 4];
      out += kDigits[c & 15];
    }
    return out;
  }();
  return topic;
}

const boost::json::object& Known(const boost::json::value& v, const char* what) {
  if (!v.is_object())
    throw RpcError(RpcError::Kind::kNotReady, std::string("the node has no ") + what);
  return v.as_object();
}

}  // namespace

std::optional<domain::PaidWith> ReadPaidWith(RpcClient& rpc, const domain::ChainInfo& chain,
                                             const domain::Payment& payment) {
  if (!chain.swap) return std::nullopt;
  const std::string& hash = payment.transfer.tx_hash;
  // The answers are kept whole: Known() returns a view into them.
  const boost::json::value tx_answer = rpc.Call("eth_getTransactionByHash", {hash});
  const auto& tx = Known(tx_answer, "transaction");
  auto to = ChecksummedAddress(Str(tx, "to"));
  auto payer = ChecksummedAddress(Str(tx, "from"));
  if (!to || !payer || *to != chain.swap->router) return std::nullopt;
  const boost::json::value receipt_answer = rpc.Call("eth_getTransactionReceipt", {hash});
  const auto& receipt = Known(receipt_answer, "receipt");
  if (Str(receipt, "status") != "0x1" || !receipt.contains("logs")) return std::nullopt;
  for (const auto& entry : receipt.at("logs").as_array()) {
    if (!entry.is_object()) continue;
    const auto& log = entry.as_object();
    if (!log.contains("topics") || !log.at("topics").is_array()) continue;
    const auto& topics = log.at("topics").as_array();
    if (topics.size() < 2 || !topics[0].is_string() || !topics[1].is_string()) continue;
    auto contract = ChecksummedAddress(Str(log, "address"));
    auto amount = ParseWord(Str(log, "data"));
    auto first = AddressFromTopic(topics[1].as_string());
    if (!contract || !amount || !first) continue;
    std::string topic = LowerHex(topics[0].as_string());
    // The payer's own transfer of another catalog token: what it paid with.
    if (topic == kTransferTopic && *first == *payer) {
      const domain::TokenInfo* token = chain.FindTokenByAddress(*contract);
      if (!token || token->symbol == payment.transfer.token_symbol) continue;
      return domain::PaidWith{token->symbol, token->address, token->decimals, *amount, *payer};
    }
    // The router wrapping the payer's native coin: exactly what the swap used.
    if (topic == DepositTopic() && *contract == chain.swap->wrapped_native &&
        *first == chain.swap->router) {
      return domain::PaidWith{chain.native.symbol, std::nullopt, chain.native.decimals, *amount,
                              *payer};
    }
  }
  return std::nullopt;
}

}  // namespace payd::chain
