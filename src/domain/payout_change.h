// A payout address change that waits (DECISIONS §13, issue 35): a person who
// changes where new payments go does not redirect them at once. The change
// waits kPayoutHoldMs, announced to every owner (dashboard, webhook); any admin
// may cancel it and an owner other than the one who asked may confirm it at
// once. Until it applies, new intents keep going to the address before it.
#pragma once

#include <optional>
#include <string>

#include "base/time.h"

namespace payd::domain {

inline constexpr base::TimeMs kPayoutHoldMs = 24LL * 60 * 60 * 1000;

struct PayoutChange {
  std::string id;  // "poc_..."
  std::string tenant_id;
  std::string integration_id;
  std::string payout_address;    // EIP-55: where new payments go once it applies
  std::string previous_address;  // where they went when it was asked for
  std::string requested_by;      // an Actor id
  base::TimeMs requested_at = 0;
  base::TimeMs effective_at = 0;  // when the clock applies it
  // Set once it applied or was canceled; a waiting change has none.
  std::optional<base::TimeMs> closed_at;
  std::optional<std::string> closed_by;  // an Actor id, or "payd" for the clock
  std::optional<std::string> outcome;    // "applied" or "canceled"

  bool Waiting() const { return !closed_at; }
};

}  // namespace payd::domain
