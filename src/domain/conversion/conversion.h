// Paying an intent with another token (DECISIONS §16, issue 38 item 1),
// without custody: the payer's own transaction swaps what their wallet holds
// on Uniswap v3 (exact output) and the router delivers exactly the intent's
// amount of the preferred token to the payout address, so detection and
// matching are those of any payment of the exact amount. payd only quotes
// (eth_call to the quoter, SwapQuoter below) and prepares the calls; the
// payer's wallet signs them, and a swap beyond its slippage bound or its
// deadline reverts there, recording nothing.
//
// Offered when the integration has autoConversion on and a preferred token,
// the intent asks for that token on a chain with a SwapVenue, and the intent
// still waits for its payment; each other token the integration allows on
// that chain, and the chain's native coin, that a pool can swap from.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/time.h"
#include "domain/integration.h"
#include "domain/intents/payment_intent.h"
#include "domain/money/chain_catalog.h"

namespace payd::domain {

// Uniswap v3's fee tiers, in hundredths of a basis point: each is its own pool.
inline constexpr unsigned kFeeTiers[] = {100, 500, 3000, 10000};
// How far above its quote a swap may cost before it reverts: 0.5%, Uniswap's default.
inline constexpr unsigned kDefaultSlippageBps = 50;
// A quote is shown as fresh this long; the page asks again after it.
inline constexpr base::TimeMs kQuoteFreshMs = 30'000;
// The swap reverts when mined later than this after its quote.
inline constexpr base::TimeMs kSwapDeadlineMs = 10 * 60'000;

// Reads the chain (chain/swap_quoter.h). Answers in order; none where the
// call reverted (no such pool, no liquidity). Throws when the node cannot
// be asked (domain::Error kUnavailable).
class SwapQuoter {
 public:
  struct Ask {
    std::string token_in;
    unsigned fee = 0;
  };
  virtual ~SwapQuoter() = default;
  // amountIn for exactly `amount_out` of `token_out`, one answer per ask.
  virtual std::vector<std::optional<Uint256>> QuoteExactOutput(const ChainInfo& chain,
                                                               const std::string& token_out,
                                                               const Uint256& amount_out,
                                                               const std::vector<Ask>& asks) = 0;
  // ERC-20 allowance(owner, spender).
  virtual Uint256 Allowance(const ChainInfo& chain, const std::string& token,
                            const std::string& owner, const std::string& spender) = 0;
};

struct ConversionOffer {
  const TokenInfo* pay_with = nullptr;  // in the chain's catalog
  unsigned fee = 0;                     // the pool's tier
  Uint256 amount_in = 0;                // as quoted
  Uint256 amount_in_maximum = 0;        // the quote plus the slippage bound, rounded up
};

// One call for the payer's wallet: `to`, `data`, `value` (wei, decimal).
struct PreparedCall {
  std::string purpose;  // "approve" or "swap"
  std::string to;
  std::string data;
  std::string value;
};

struct ConversionPlan {
  ConversionOffer offer;
  std::vector<PreparedCall> calls;  // an approval when needed, then the swap
  std::int64_t deadline = 0;        // unix seconds, in the swap itself
};

// Throws Error(kNotFound) naming why conversion is not offered for `intent`.
const SwapVenue& RequireConversion(const Integration& integration, const PaymentIntent& intent,
                                   const ChainInfo& chain, base::TimeMs now);

// Every token the payer may pay with instead, best pool each, cheapest
// first; tokens no pool swaps from are left out.
std::vector<ConversionOffer> ConversionOffers(const Integration& integration,
                                              const PaymentIntent& intent, const ChainInfo& chain,
                                              SwapQuoter& quoter, base::TimeMs now,
                                              unsigned slippage_bps = kDefaultSlippageBps);

// The calls to pay with `symbol`, quoted now. `payer`, when given, spares the
// approval it already made. Error(kNotFound) when `symbol` is not offered.
ConversionPlan PrepareConversion(const Integration& integration, const PaymentIntent& intent,
                                 const ChainInfo& chain, SwapQuoter& quoter,
                                 const std::string& symbol, const std::optional<std::string>& payer,
                                 base::TimeMs now, unsigned slippage_bps = kDefaultSlippageBps);

}  // namespace payd::domain
