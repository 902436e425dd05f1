// What the page handlers need from the rest of the process, handed over once
// by the composition root (cli/serve_command.cpp), like api::ApiContext for
// the API. Handlers hold references into it; it outlives the server.
#pragma once

#include <functional>
#include <string>

#include "base/time.h"
#include "domain/money/chain_catalog.h"
#include "domain/money/pricing.h"
#include "domain/store.h"
#include "domain/views/representation.h"
#include "html/assets.h"
#include "html/i18n.h"
#include "html/templates.h"

namespace payd::pages {

struct PagesContext {
  domain::Store& store;
  const domain::ChainCatalog& catalog;
  domain::PriceSource& prices;
  const html::Assets& assets;
  const html::Languages& languages;
  const html::Templates& templates;
  std::string public_url = {};  // base of payer-facing URLs, no trailing slash; set once listening
  base::TimeMs intent_lifetime_ms = 30 * 60 * 1000;
  int public_max_open_intents = 10'000;
  int reads_per_min = 600;  // page views per client and integration
  int writes_per_min = 30;  // link-form submissions (intents) per client and integration
  // The public endpoints' limiter (per client address and bucket); true: go ahead.
  std::function<bool(const std::string& client_ip, const std::string& bucket, int per_min)>
      rate_allow = [](const std::string&, const std::string&, int) { return true; };
  // Counts a link page's view by a client address (domain/links/link_views.h);
  // true if it counted. Unset: views are not counted.
  std::function<bool(const std::string& link_id, const std::string& client_ip)> count_view =
      [](const std::string&, const std::string&) { return false; };

  // Set when payd sends email: the payer may ask for a receipt (receipt_request.h).
  const domain::Mailing* mailing = nullptr;
  // On testnet every page says so: a payer must not take a test checkout for a real one.
  bool testnet = true;
  domain::Representation representation() const { return {catalog, public_url}; }
};

}  // namespace payd::pages
