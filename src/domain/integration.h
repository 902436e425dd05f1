// An integration is a merchant's configuration for taking payments: which
// chains and tokens a payer may use, where the money goes (the payout
// address, never held by payd) and which web origins may embed the widget.
// Its id doubles as the public identifier used by /public/integrations.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/time.h"
#include "domain/access/origin.h"
#include "domain/intents/payment_uri.h"
#include "domain/money/chain_catalog.h"
#include "domain/money/tolerance.h"

namespace payd::domain {

struct Integration {
  std::string id;  // "int_..."; also the publicId
  std::string tenant_id;
  std::string name;
  std::vector<std::int64_t> allow_chains;
  std::vector<std::string> allow_tokens;
  std::string payout_address;                // EIP-55
  std::vector<std::string> allowed_origins;  // as entered, validated rules
  bool auto_conversion = false;
  std::optional<std::string> preferred_token;
  // DECISIONS §17: a transfer that exactly one waiting intent nearly fits
  // pays it at once (true) or waits unmatched with it as its candidate.
  bool match_near_amounts = false;
  UnderpaymentTolerance underpayment_tolerance = {};
  // What the payment page's QR code holds (payment_uri.h): wallets that drop
  // the amount of an EIP-681 URI are better served by the address alone.
  QrCode qr_code = QrCode::kEip681;
  base::TimeMs created_at = 0;
  // Set when the merchant disabled it: it takes no new payments (its open
  // intents are still watched and paid).
  std::optional<base::TimeMs> disabled_at;

  bool Enabled() const { return !disabled_at; }
  std::vector<OriginRule> OriginRules() const;
  // The allowed tokens that exist on `chain`, in allow_tokens order.
  std::vector<const TokenInfo*> TokensOn(const ChainInfo& chain) const;
  bool AllowsToken(const std::string& symbol) const;
};

struct IntegrationRequest {
  std::string tenant_id;
  std::string name;
  std::vector<std::int64_t> chains;
  std::vector<std::string> tokens;
  std::string payout_address;
  std::vector<std::string> origins;
  std::optional<std::string> preferred_token;
  bool auto_conversion = false;
  bool match_near_amounts = false;
  UnderpaymentTolerance underpayment_tolerance = {};
  QrCode qr_code = QrCode::kEip681;
};

// Checks the integration's terms against the catalog and writes them in
// their canonical form (the payout address in EIP-55, each origin rule as
// ParseOriginRule prints it). Throws domain::Error naming the field as the
// API spells it: name, chains, tokens, payoutAddress, origins, preferredToken.
void CheckIntegrationTerms(const ChainCatalog& catalog, Integration& integration);

// A disabled integration takes no new payments: throws Error(kNotFound) saying so.
void RequireEnabled(const Integration& integration);

// A new integration of the request's terms (checked), not stored yet.
Integration PrepareIntegration(const ChainCatalog& catalog, const IntegrationRequest& request,
                               base::TimeMs now);

}  // namespace payd::domain
