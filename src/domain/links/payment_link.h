// A payment link (the spec's "payment tool"): a reusable, shareable way to be
// paid a fixed or payer-chosen amount through an integration. Its payer-facing
// URL is derived from the configured public base URL, so it is not stored.
#pragma once

#include <optional>
#include <string>

#include "base/time.h"
#include "domain/money/chain_catalog.h"

namespace payd::domain {

class Store;

struct PaymentLink {
  std::string id;  // "plink_..."
  std::string tenant_id;
  std::string integration_id;
  std::string type;  // LINK, BUTTON or WIDGET
  std::string name;
  std::string amount;             // decimal string
  std::string denomination_type;  // CURRENCY or TOKEN
  std::string currency;           // "USD" or a token symbol
  std::optional<std::string> return_url;
  std::optional<std::string> description;
  bool allow_custom_amount = true;
  std::optional<std::string> min_amount;
  std::string status = "active";  // or "inactive": its page and the public endpoint refuse it
  long long views = 0;
  long long payments = 0;
  base::TimeMs created_at = 0;
};

// Fields as they arrived, already known to be of the right JSON types.
struct PaymentLinkRequest {
  std::string integration_id;
  std::string type;
  std::string name;
  std::string amount;
  std::string currency;
  std::optional<std::string> denomination_type;
  std::optional<std::string> return_url;
  std::optional<std::string> description;
  std::optional<bool> allow_custom_amount;
  std::optional<std::string> min_amount;
};

struct Integration;

// Applies the spec's defaults and every rule of the link's terms on its
// integration (not whether the integration takes payments); the link's
// fields but id, creation time and counts. Throws domain::Error naming the field.
PaymentLink CheckLinkTerms(const ChainCatalog& catalog, const Integration& integration,
                           const PaymentLinkRequest& request);
// A returnUrl, a link's or an intent's (the hosted page sends the payer there
// once paid): an absolute http(s) URL with a host, 1 to 2048 characters.
// Throws domain::Error naming returnUrl.
void CheckReturnUrl(const std::string& url);

// The request that would make the link's terms (for an update to change some).
PaymentLinkRequest RequestOf(const PaymentLink& link);

// A new link on an enabled integration of the tenant, checked, not yet
// stored. Throws domain::Error naming the field at fault.
PaymentLink PreparePaymentLink(Store& store, const ChainCatalog& catalog,
                               const std::string& tenant_id, const PaymentLinkRequest& request,
                               base::TimeMs now);

}  // namespace payd::domain
