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
#include "domain/chain_catalog.h"
#include "domain/origin.h"

namespace payd::domain {

class Store;

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
  base::TimeMs created_at = 0;

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
};

// Validates against the catalog, stores and returns the integration.
// Throws domain::Error naming the offending input.
Integration CreateIntegration(Store& store, const ChainCatalog& catalog,
                              const IntegrationRequest& request, base::TimeMs now);

}  // namespace payd::domain
