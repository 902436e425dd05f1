#include "chain/eth_call.h"

#include <boost/json/value.hpp>

#include "base/strings.h"
#include "chain/rpc_error.h"

namespace payd::chain {

std::optional<std::string> EthCall(RpcClient& rpc, const std::string& to, std::string_view data) {
  try {
    auto result = rpc.Call("eth_call", {boost::json::object{{"to", to}, {"data", data}}, "latest"});
    if (!result.is_string()) return std::string();
    std::string_view hex = result.as_string();
    if (hex.starts_with("0x")) hex.remove_prefix(2);
    return std::string(hex);
  } catch (const RpcError& e) {
    // A revert: EIP-1474's code 3, or geth's -32000 "execution reverted".
    bool reverted =
        e.kind() == RpcError::Kind::kRpc && !e.IsRateLimited() &&
        (e.code() == 3 || base::AsciiLower(e.what()).find("revert") != std::string::npos);
    if (reverted) return std::nullopt;
    throw;
  }
}

}  // namespace payd::chain
