// What the dashboard's payments table and its CSV export ask of a tenant's
// intents (issue 18): a status or "needs a decision", a creation date range,
// a search, and keyset paging (newest first; a page starts after the last
// row of the one before, so paging stays fast at any depth and a row
// arriving meanwhile does not shift the pages).
#pragma once

#include <optional>
#include <string>

#include "base/time.h"
#include "domain/intents/payment_intent.h"

namespace payd::domain {

struct IntentQuery {
  std::optional<IntentStatus> status;
  // Underpaid, overpaid, paid late or reversed, and not resolved by the merchant yet.
  bool needs_decision = false;
  std::optional<base::TimeMs> created_from;    // inclusive
  std::optional<base::TimeMs> created_before;  // exclusive
  // An intent id, a transaction hash, an address (the sender, the payout
  // address or the sender hint; any case) or text in a metadata value.
  std::string search;
  struct Cursor {
    base::TimeMs created_at = 0;
    std::string id;
  };
  std::optional<Cursor> after;  // rows older than this one
  int limit = 50;
};

}  // namespace payd::domain
