// The currency a merchant reads their totals in (issue 36 item 5): one of
// the currencies payd prices in, USD until chosen. Admins and owners choose
// it; the choice is audited (tenant.reporting_currency).
#pragma once

#include <string>

#include "domain/management/change.h"
#include "domain/money/chain_catalog.h"

namespace payd::domain {

// 400 naming `reportingCurrency` for a currency no rate source covers.
void SetReportingCurrency(const Change& change, const ChainCatalog& catalog,
                          const std::string& code);

}  // namespace payd::domain
