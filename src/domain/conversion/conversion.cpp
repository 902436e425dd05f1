#include "domain/conversion/conversion.h"

#include <algorithm>

#include "domain/conversion/swap_calls.h"
#include "domain/error.h"

namespace payd::domain {

namespace {

[[noreturn]] void NotOffered(Message why) {
  throw Error(ErrorKind::kNotFound, std::move(why));
}

// What the swap spends: the token's own contract, or the wrapped native coin.
std::string InputAddress(const TokenInfo& token, const SwapVenue& venue) {
  return token.address ? *token.address : venue.wrapped_native;
}

// The tokens the payer may pay with instead of the intent's own.
std::vector<const TokenInfo*> Candidates(const Integration& integration,
                                         const PaymentIntent& intent, const ChainInfo& chain) {
  std::vector<const TokenInfo*> out;
  for (const TokenInfo* token : integration.TokensOn(chain)) {
    if (token->symbol != intent.token_symbol && !token->IsNative()) out.push_back(token);
  }
  if (chain.native.symbol != intent.token_symbol) out.push_back(&chain.native);
  return out;
}

Uint256 WithSlippage(const Uint256& amount, unsigned bps) {
  return (amount * (10'000 + bps) + 9'999) / 10'000;
}

// Each candidate's cheapest pool, quoted in one round of asks; those no pool trades left out.
std::vector<ConversionOffer> QuotePools(const std::vector<const TokenInfo*>& candidates,
                                        const PaymentIntent& intent, const ChainInfo& chain,
                                        const SwapVenue& venue, SwapQuoter& quoter,
                                        unsigned slippage_bps) {
  std::vector<SwapQuoter::Ask> asks;
  for (const TokenInfo* token : candidates) {
    for (unsigned fee : kFeeTiers) asks.push_back({InputAddress(*token, venue), fee});
  }
  auto quotes = quoter.QuoteExactOutput(chain, *intent.token_address, intent.AmountToSend(), asks);
  std::vector<ConversionOffer> offers;
  std::size_t i = 0;
  for (const TokenInfo* token : candidates) {
    std::optional<ConversionOffer> best;
    for (unsigned fee : kFeeTiers) {
      const auto& quote = i < quotes.size() ? quotes[i] : std::nullopt;
      ++i;
      if (!quote || *quote == 0) continue;
      if (!best || *quote < best->amount_in)
        best = ConversionOffer{token, fee, *quote, WithSlippage(*quote, slippage_bps)};
    }
    if (best) offers.push_back(*best);
  }
  return offers;
}

}  // namespace

const SwapVenue& RequireConversion(const Integration& integration, const PaymentIntent& intent,
                                   const ChainInfo& chain, base::TimeMs now) {
  if (!integration.auto_conversion || !integration.preferred_token)
    NotOffered(Say("This integration does not take other tokens (autoConversion is off)."));
  if (!intent.IsChosen()) {
    NotOffered(
        Say("Payment intent {1} asks for a token not chosen yet, not the preferred token {2}: "
            "pay it in its own token.",
            intent.id, *integration.preferred_token));
  }
  if (intent.token_symbol != *integration.preferred_token) {
    NotOffered(
        Say("Payment intent {1} asks for {2}, not the preferred token {3}: pay it in its "
            "own token.",
            intent.id, intent.token_symbol, *integration.preferred_token));
  }
  if (intent.IsNative())
    NotOffered(Say("A swap delivers ERC-20 tokens: pay {1} itself.", intent.token_symbol));
  if (!chain.swap)
    NotOffered(Say("payd knows no exchange on {1}: pay in {2}.", chain.name, intent.token_symbol));
  if (intent.status != IntentStatus::kCreated || intent.IsExpiredAt(now)) {
    throw Error(ErrorKind::kNotWaiting,
                Say("Payment intent {1} no longer waits for payment (status {2}).", intent.id,
                    IntentStatusName(intent.status)));
  }
  return *chain.swap;
}

std::vector<ConversionOffer> ConversionOffers(const Integration& integration,
                                              const PaymentIntent& intent, const ChainInfo& chain,
                                              SwapQuoter& quoter, base::TimeMs now,
                                              unsigned slippage_bps) {
  const SwapVenue& venue = RequireConversion(integration, intent, chain, now);
  return QuotePools(Candidates(integration, intent, chain), intent, chain, venue, quoter,
                    slippage_bps);
}

ConversionPlan PrepareConversion(const Integration& integration, const PaymentIntent& intent,
                                 const ChainInfo& chain, SwapQuoter& quoter,
                                 const std::string& symbol, const std::optional<std::string>& payer,
                                 base::TimeMs now, unsigned slippage_bps) {
  const SwapVenue& venue = RequireConversion(integration, intent, chain, now);
  // Only the token asked for is quoted.
  auto candidates = Candidates(integration, intent, chain);
  std::erase_if(candidates, [&](const TokenInfo* t) { return t->symbol != symbol; });
  auto offers = QuotePools(candidates, intent, chain, venue, quoter, slippage_bps);
  ConversionPlan plan;
  if (offers.empty())
    NotOffered(Say("No exchange route pays {1} with {2} on {3}.", intent.token_symbol, symbol,
                   chain.name));
  plan.offer = offers.front();
  const TokenInfo& in = *plan.offer.pay_with;
  plan.deadline = (now + kSwapDeadlineMs) / 1000;
  std::vector<std::string> inner = {ExactOutputSingleData(
      {InputAddress(in, venue), *intent.token_address, plan.offer.fee, intent.recipient,
       intent.AmountToSend(), plan.offer.amount_in_maximum})};
  if (in.IsNative()) inner.push_back(RefundEthData());  // what the swap left, back to the payer
  bool approved =
      in.IsNative() || (payer && quoter.Allowance(chain, *in.address, *payer, venue.router) >=
                                     plan.offer.amount_in_maximum);
  if (!approved) {
    plan.calls.push_back(
        {"approve", *in.address, ApproveData(venue.router, plan.offer.amount_in_maximum), "0"});
  }
  plan.calls.push_back({"swap", venue.router, MulticallData(plan.deadline, inner),
                        in.IsNative() ? FormatUnits(plan.offer.amount_in_maximum) : "0"});
  return plan;
}

}  // namespace payd::domain
