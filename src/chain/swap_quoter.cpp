#include "chain/swap_quoter.h"

#include <mutex>

#include "base/log.h"
#include "chain/eth_call.h"
#include "chain/rpc_error.h"
#include "domain/conversion/swap_calls.h"
#include "domain/error.h"

namespace payd::chain {

namespace {

[[noreturn]] void Unavailable(const domain::ChainInfo& chain, const std::exception& e) {
  base::LogWarn("a swap quote could not be read; the payer may retry",
                {{"chainId", chain.id}, {"error", e.what()}});
  throw domain::Error(domain::ErrorKind::kUnavailable,
                      "The exchange on " + chain.name + " cannot be asked now; retry shortly.");
}

std::mutex venue_mu;
std::map<std::int64_t, std::vector<std::string>> venue_problems;

}  // namespace

std::vector<std::string> CheckSwapVenue(RpcClient& rpc, const domain::ChainInfo& chain) {
  std::vector<std::string> out;
  if (!chain.swap) return out;
  const auto& v = *chain.swap;
  for (const auto& [name, address] :
       {std::pair<const char*, const std::string&>{"router", v.router},
        {"quoter", v.quoter},
        {"permit2", v.permit2},
        {"wrapped_native", v.wrapped_native}}) {
    auto code = rpc.Call("eth_getCode", {address, "latest"});
    if (!code.is_string() || code.as_string() == "0x" || code.as_string().empty())
      out.push_back(std::string("swap.") + name + " " + address + " holds no contract");
  }
  return out;
}

void NoteSwapVenue(std::int64_t chain_id, std::vector<std::string> problems) {
  std::lock_guard lock(venue_mu);
  venue_problems[chain_id] = std::move(problems);
}

std::optional<std::vector<std::string>> SwapVenueProblems(std::int64_t chain_id) {
  std::lock_guard lock(venue_mu);
  auto it = venue_problems.find(chain_id);
  if (it == venue_problems.end()) return std::nullopt;
  return it->second;
}

ChainSwapQuoter::ChainSwapQuoter(const domain::ChainCatalog& catalog) {
  for (const auto& chain : catalog.chains()) {
    if (!chain.swap || chain.rpc_urls.empty()) continue;
    RpcOptions options;
    options.timeout = std::chrono::milliseconds(chain.rpc_timeout_ms);
    options.chain_id = chain.id;
    options.extra_attempts = 1;  // a payer waits: fail fast, they may ask again
    rpcs_.emplace(chain.id, std::make_unique<RpcClient>(chain.rpc_urls, options));
  }
}

RpcClient& ChainSwapQuoter::Rpc(const domain::ChainInfo& chain) {
  auto it = rpcs_.find(chain.id);
  if (it == rpcs_.end())
    throw domain::Error(domain::ErrorKind::kNotFound, "payd knows no exchange on " + chain.name);
  if (auto problems = SwapVenueProblems(chain.id); problems && !problems->empty())
    throw domain::Error(domain::ErrorKind::kNotFound, "The exchange configured on " + chain.name +
                                                          " is not there (" + problems->front() +
                                                          "): pay in the intent's own token.");
  return *it->second;
}

std::vector<std::optional<domain::Uint256>> ChainSwapQuoter::QuoteExactOutput(
    const domain::ChainInfo& chain, const std::string& token_out, const domain::Uint256& amount_out,
    const std::vector<Ask>& asks) {
  RpcClient& rpc = Rpc(chain);
  std::vector<std::optional<domain::Uint256>> out;
  try {
    // One call per pool: a pool that does not exist reverts its own call only.
    for (const auto& ask : asks) {
      auto data =
          EthCall(rpc, chain.swap->quoter,
                  domain::QuoteExactOutputSingleData(ask.token_in, token_out, amount_out, ask.fee));
      out.push_back(data ? domain::FirstWord(*data) : std::nullopt);
    }
  } catch (const RpcError& e) {
    Unavailable(chain, e);
  }
  return out;
}

domain::Uint256 ChainSwapQuoter::Allowance(const domain::ChainInfo& chain, const std::string& token,
                                           const std::string& owner, const std::string& spender) {
  try {
    auto data = EthCall(Rpc(chain), token, domain::AllowanceData(owner, spender));
    return data ? domain::FirstWord(*data).value_or(0) : 0;
  } catch (const RpcError& e) {
    Unavailable(chain, e);
  }
}

}  // namespace payd::chain
