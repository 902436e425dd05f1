// How the dashboard shows intents and payments: one model per row, shared
// by the payments table, an intent's page, the overview and the CSV export,
// so that each shows the same amounts the same way (exact decimals from the
// smallest units; dates in ISO 8601 UTC).
#pragma once

#include <boost/json/object.hpp>
#include <string>
#include <vector>

#include "domain/intents/payment_intent.h"
#include "domain/ledger/payment.h"
#include "domain/money/chain_catalog.h"

namespace payd::dashboard {

// "Anvil (31337)", or the id alone when the catalog does not know it.
std::string ChainLabel(const domain::ChainCatalog* catalog, std::int64_t chain_id);

boost::json::object IntentRow(const domain::PaymentIntent& intent,
                              const domain::ChainCatalog* catalog);
boost::json::object PaymentRow(const domain::Payment& payment, const domain::ChainCatalog* catalog);

// The export's header and one intent's cells.
std::vector<std::string> IntentCsvHeader();
std::vector<std::string> IntentCsvCells(const domain::PaymentIntent& intent,
                                        const domain::ChainCatalog* catalog);

}  // namespace payd::dashboard
