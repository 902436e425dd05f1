// When a day's ECB reference rates stop being the latest (issue 36: "stale:
// a business day for the ECB"). The ECB publishes on TARGET working days only
// (not on weekends, New Year's Day, Good Friday, Easter Monday, 1 May, 25 and
// 26 December), around 16:00 CET: Friday's rates are the latest until
// Monday's appear, and no source is called stale over a weekend or a holiday.
#pragma once

#include <string>

#include "base/time.h"

namespace payd::rates {

// Whether `date` (YYYY-MM-DD) is a TARGET working day: the ECB publishes then.
bool IsEcbPublicationDay(const std::string& date);

// The working day after `date`, as YYYY-MM-DD; empty for a date that is not one.
std::string NextEcbPublicationDay(const std::string& date);

// How long after a day's rates are dated (EcbDayTime, 14:00 UTC) the next
// day's may still be missing without anything being wrong: its publication
// (as late as 15:00 UTC in winter), a delay of the ECB's site and payd's next
// read of it (ecb_refresh_s, at most an hour).
inline constexpr base::TimeMs kEcbGraceMs = 6LL * 3600 * 1000;

// When the rates of `date` are stale: the next working day's time plus the
// grace. 0 (stale at once) for a date that is not one.
base::TimeMs EcbStaleAt(const std::string& date);

}  // namespace payd::rates
