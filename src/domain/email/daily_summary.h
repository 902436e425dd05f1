// A daily summary of the payments received (issue 39 item 2), for a person
// who chose one instead of a message per payment (the payment_received
// topic's kEmailDaily, domain/management/email_choices.h). A summary covers
// whole UTC days: from the end of the person's last one (or from when they
// chose it) to the latest midnight UTC, a week at most; a period in which
// nothing was paid sends nothing. The store queues each with its period
// marked done in one transaction (EmailQueue::QueueDailySummaries), so a
// restart neither repeats nor skips one; cli/background_loops.cpp asks
// every minute.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "base/time.h"
#include "domain/email/messages.h"
#include "domain/intents/payment_intent.h"
#include "domain/money/currency.h"

namespace payd::domain {

inline constexpr base::TimeMs kSummaryDayMs = 86'400'000;
// A summary never reaches further back (payd stopped for days, email off
// for a while): what is older is in the dashboard.
inline constexpr base::TimeMs kLongestSummaryMs = 7 * kSummaryDayMs;
// Payments listed one by one; the rest are counted, and in the sums.
inline constexpr std::size_t kSummaryRowsListed = 20;

// The latest midnight UTC at or before `now`: where a summary due at `now` ends.
base::TimeMs SummaryPeriodEnd(base::TimeMs now);
// Where the summary ending at `until` starts for a person whose next summary
// starts at `next` (none: a day before `until`).
base::TimeMs SummaryPeriodStart(std::optional<base::TimeMs> next, base::TimeMs until);

// The summary to `person` of their tenant's intents paid in [from, until)
// (`paid`, oldest first): how many, the sums per token and chain and per
// currency asked (with one total in `reporting`, the tenant's reporting
// currency, when each price converts without today's rate), the first
// kSummaryRowsListed listed, and where to see them all. None when `paid` is empty.
std::optional<QueuedEmail> DailySummaryEmail(const User& person, const std::string& account,
                                             const Mailing& mailing,
                                             const std::string& unsubscribe_token,
                                             base::TimeMs from, base::TimeMs until,
                                             const std::vector<PaymentIntent>& paid,
                                             const Currency& reporting, base::TimeMs now);

}  // namespace payd::domain
