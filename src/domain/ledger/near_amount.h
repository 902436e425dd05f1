// Matching beyond the exact amount (DECISIONS §17). Wallets that fill only
// the recipient from a payment URI leave the payer to type the amount ("25"
// for 25.000137), and exchanges deduct their fee from a withdrawal: such a
// transfer is no intent's exact amount. It is still explained when exactly
// one waiting intent on its chain, token and recipient fits it: the amount
// equals that intent's price before the uniqueness units (requested_amount),
// or falls short of it by no more than the integration's underpayment
// tolerance. That is weaker evidence than an exact amount or a proven
// sender (a merchant moving round sums into its own payout address looks
// the same), so by default the transfer stays unmatched with the intent as
// its candidate; an integration may opt in to matching it at once. Two that
// fit: unmatched, no candidate. Never a guess between two.
#pragma once

#include <optional>
#include <vector>

#include "domain/intents/payment_intent.h"
#include "domain/money/tolerance.h"

namespace payd::domain {

// An intent that could take a near amount (LedgerTx::IntentsAwaitingNearAmount:
// CREATED with nothing received, chosen, not expired, not resolved or
// canceled), with its integration's terms.
struct WaitingIntent {
  PaymentIntent intent;
  bool match_near_amounts = false;
  UnderpaymentTolerance tolerance;
};

// How far short of `intent`'s price `amount` falls, when it fits: none if it
// is zero, above the price, or short by more than the tolerance.
std::optional<Uint256> NearAmountShortfall(const PaymentIntent& intent,
                                           const UnderpaymentTolerance& tolerance,
                                           const Uint256& amount);

struct NearAmountFit {
  const WaitingIntent* waiting = nullptr;  // into the vector given
  Uint256 shortfall = 0;
};

// The one intent of `waiting` that `amount` fits; none when none or several do.
// `at`, when given: the transfer's block time, by which an intent must exist
// (less the clock skew) and not have expired to count.
std::optional<NearAmountFit> NearAmountCandidate(const std::vector<WaitingIntent>& waiting,
                                                 const Uint256& amount,
                                                 std::optional<base::TimeMs> at = std::nullopt);

}  // namespace payd::domain
