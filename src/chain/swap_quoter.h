// The quotes of conversion (domain/conversion/conversion.h) read from each
// chain's node with eth_call: QuoterV2 for the price of an exact output,
// ERC-20 allowance for the approval a payer already gave. Asked while a
// payer waits on the checkout page, on the server's pool for waiting work;
// a node that cannot answer is a 503 to retry, never a guess. One RpcClient
// per chain with a SwapVenue, made at start; thread-safe (RpcClient is).
#pragma once

#include <cstdint>
#include <map>
#include <memory>

#include "chain/rpc_client.h"
#include "domain/conversion/conversion.h"
#include "domain/money/chain_catalog.h"

namespace payd::chain {

// The start check of a chain's SwapVenue (ChainWatcher runs it beside its
// token check, at start and every few minutes): one sentence per contract
// that holds no code. Throws RpcError when the node cannot be asked.
std::vector<std::string> CheckSwapVenue(RpcClient& rpc, const domain::ChainInfo& chain);
// What the last check found, for the quoter: none before the first check,
// and conversion is refused while there is any problem.
void NoteSwapVenue(std::int64_t chain_id, std::vector<std::string> problems);
std::optional<std::vector<std::string>> SwapVenueProblems(std::int64_t chain_id);

class ChainSwapQuoter final : public domain::SwapQuoter {
 public:
  explicit ChainSwapQuoter(const domain::ChainCatalog& catalog);

  std::vector<std::optional<domain::Uint256>> QuoteExactOutput(
      const domain::ChainInfo& chain, const std::string& token_out,
      const domain::Uint256& amount_out, const std::vector<Ask>& asks) override;
  domain::Uint256 Allowance(const domain::ChainInfo& chain, const std::string& token,
                            const std::string& owner, const std::string& spender) override;

 private:
  RpcClient& Rpc(const domain::ChainInfo& chain);
  std::map<std::int64_t, std::unique_ptr<RpcClient>> rpcs_;
};

}  // namespace payd::chain
