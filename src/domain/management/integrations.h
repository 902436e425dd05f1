// Managing a tenant's integrations (DECISIONS §13): create, change the terms
// (name, chains, tokens, payout address, origins, preferred token) and
// disable or enable. Used by /api/v1/integrations and `payd integration`;
// each change runs in one transaction with its audit row.
//
// A changed payout address (or chain, or token) applies to intents created
// after the change: open intents keep the address their payer was shown, and
// the old terms stay watched until the last of them is past its late window.
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domain/integration.h"
#include "domain/management/change.h"
#include "domain/money/chain_catalog.h"

namespace payd::domain {

// The integration as the API shows it and the audit log records it.
boost::json::object IntegrationView(const Integration& integration);

// Checks the terms (400 naming the field) and stores a new integration.
Creation<Integration> CreateIntegration(const Change& change, const ChainCatalog& catalog,
                                        const IntegrationRequest& request);

// What an update sets; a field left empty stays as it is. `preferred_token`
// set to none clears it.
struct IntegrationPatch {
  std::optional<std::string> name;
  std::optional<std::vector<std::int64_t>> chains;
  std::optional<std::vector<std::string>> tokens;
  std::optional<std::string> payout_address;
  std::optional<std::vector<std::string>> origins;
  std::optional<std::optional<std::string>> preferred_token;
  std::optional<bool> enabled;
  std::optional<bool> auto_conversion;
  std::optional<bool> match_near_amounts;
  std::optional<UnderpaymentTolerance> underpayment_tolerance;  // Kind::kNone clears it
  std::optional<QrCode> qr_code;

  bool Empty() const {
    return !name && !chains && !tokens && !payout_address && !origins && !preferred_token &&
           !enabled && !auto_conversion && !match_near_amounts && !underpayment_tolerance &&
           !qr_code;
  }
};

// The integration as updated, its terms checked as a whole; none when the
// tenant has no such integration. A new payout address (where new payments
// go) is a person's to ask for only with the admin role and their password or
// code typed again (change.password_proof; 403, or 400 on password), and waits
// a day before it applies (domain/management/payout_changes.h).
std::optional<Integration> UpdateIntegration(const Change& change, const ChainCatalog& catalog,
                                             const std::string& id, const IntegrationPatch& patch);

}  // namespace payd::domain
