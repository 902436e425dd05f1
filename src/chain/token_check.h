// Asks a chain's node what each configured ERC-20 token says of itself, so
// that a wrong address or a wrong number of decimals (an amount off by a
// factor of 10^12 for a payer, or money sent to a contract nobody controls)
// stops the chain before any intent is paid on it. ChainWatcher runs it at
// start and every few minutes, on every process.
#pragma once

#include <string>
#include <vector>

#include "chain/rpc_client.h"
#include "domain/money/chain_catalog.h"

namespace payd::chain {

struct TokenCheck {
  // Why the chain must stop, one sentence per token that does not match:
  // no contract at the address, decimals() differs, or symbol() differs from
  // the contract_symbol configured (presets set it).
  std::vector<std::string> mismatches;
  // Tokens configured by hand whose symbol() is not payd's symbol for them:
  // worth a log line, not a stop (the symbol is the operator's label).
  std::vector<std::string> notes;
};

// eth_call of decimals() and symbol() on every ERC-20 token of `chain`, at
// the latest block. Throws RpcError when the node cannot be asked (the caller
// retries); an answer that is an error (a revert) is a mismatch.
TokenCheck CheckTokens(RpcClient& rpc, const domain::ChainInfo& chain);

// The text of an ABI-encoded `string` or `bytes32` return value (hex, 0x...);
// none when it is neither.
std::optional<std::string> DecodeAbiString(std::string_view hex);

}  // namespace payd::chain
