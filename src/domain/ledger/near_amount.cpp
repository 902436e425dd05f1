#include "domain/ledger/near_amount.h"

namespace payd::domain {

std::optional<Uint256> NearAmountShortfall(const PaymentIntent& intent,
                                           const UnderpaymentTolerance& tolerance,
                                           const Uint256& amount) {
  if (amount == 0 || amount > intent.requested_amount) return std::nullopt;
  Uint256 shortfall = intent.requested_amount - amount;
  if (shortfall > ToleranceUnits(tolerance, intent)) return std::nullopt;
  return shortfall;
}

std::optional<NearAmountFit> NearAmountCandidate(const std::vector<WaitingIntent>& waiting,
                                                 const Uint256& amount,
                                                 std::optional<base::TimeMs> at) {
  std::optional<NearAmountFit> found;
  for (const WaitingIntent& w : waiting) {
    if (at && (w.intent.IsExpiredAt(*at) || w.intent.MatchableFrom() > *at + kChainClockSkewMs))
      continue;
    auto shortfall = NearAmountShortfall(w.intent, w.tolerance, amount);
    if (!shortfall) continue;
    if (found) return std::nullopt;  // two fit: no candidate
    found = NearAmountFit{&w, *shortfall};
  }
  return found;
}

}  // namespace payd::domain
