#include "domain/management/reporting_currency.h"

#include <boost/json/serialize.hpp>

#include "domain/access/access.h"
#include "domain/money/currency.h"

namespace payd::domain {

void SetReportingCurrency(const Change& change, const ChainCatalog& catalog,
                          const std::string& code) {
  Require(change, Operation::kSetReportingCurrency);
  Currency currency = CoveredCurrency(code, catalog, "reportingCurrency");
  change.store.WithManagement([&](ManagementTx& tx) {
    std::string before = tx.TenantReportingCurrency(change.tenant_id);
    tx.SetTenantReportingCurrency(change.tenant_id, std::string(currency.code));
    RecordChange(tx, change, "tenant.reporting_currency", change.tenant_id,
                 boost::json::serialize(boost::json::object{{"reportingCurrency", before}}),
                 boost::json::serialize(boost::json::object{{"reportingCurrency", code}}));
  });
}

}  // namespace payd::domain
