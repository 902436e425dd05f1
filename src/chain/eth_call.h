// One eth_call at the latest block, for the contracts payd reads (token
// metadata, price feeds). Who owns what: nothing; the caller's RpcClient does
// the transport, its retries and time-outs.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "chain/rpc_client.h"

namespace payd::chain {

// The call's return data as hex without 0x ("" when the node returned no
// string); none when the node ran the call and it reverted. Any other RPC
// error (a rate limit, a missing method) says nothing of the contract and is
// thrown as RpcError: the caller asks again later.
std::optional<std::string> EthCall(RpcClient& rpc, const std::string& to, std::string_view data);

}  // namespace payd::chain
