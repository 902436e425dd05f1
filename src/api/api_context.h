// What the API handlers need from the rest of the process, handed over once
// by the composition root (cli/serve_command.cpp). Handlers hold references
// into it; it outlives the server.
#pragma once

#include <functional>
#include <string>

#include "api/live_intents.h"
#include "api/public_limiter.h"
#include "domain/access/credentials.h"
#include "domain/conversion/conversion.h"
#include "domain/management/webhook_endpoints.h"
#include "domain/money/chain_catalog.h"
#include "domain/money/pricing.h"
#include "domain/store.h"
#include "domain/views/representation.h"

namespace payd::api {

struct ApiContext {
  domain::Store& store;
  const domain::ChainCatalog& catalog;
  domain::Environment environment;
  std::string public_url;  // base of payer-facing URLs, no trailing slash
  int api_requests_per_min = 60;
  int public_reads_per_min = 600;
  int public_intents_per_min = 30;
  base::TimeMs intent_lifetime_ms = 30 * 60 * 1000;
  PublicLimiter& public_limiter;
  domain::PriceSource& prices;
  // Quotes for paying with another token (DECISIONS §16); none: not offered.
  domain::SwapQuoter* swaps = nullptr;
  // Key-less intents an integration may hold open (CREATED, not expired); 0: any number.
  int public_max_open_intents = 10'000;
  // Live intent event streams open at once from all clients (config [public]).
  int max_event_streams = 1'000;
  // Change bell and open event streams (public_intent_events.cpp); the
  // composition root calls IntentsChanged() after each ledger pass that
  // updated an intent, and live.Announced() when the store's change feed
  // reports another process's change.
  LiveIntents live{};
  // Why a URL may not receive webhooks (the SSRF guard, DECISIONS §7), set by
  // the composition root from [webhooks]; empty when it may.
  domain::TargetCheck webhook_target_check = [](const std::string&) { return std::string(); };
  // Why chains are stopped (their tokens' contracts do not match the
  // configuration), one line each; set by the composition root. /readyz
  // fails while there is any.
  std::function<std::vector<std::string>()> chains_stopped = [] {
    return std::vector<std::string>();
  };
  // What chains' providers disagree on, one line each (chain/watcher_verify.cpp):
  // /readyz names them and stays ready (payers can still pay; nothing confirms).
  std::function<std::vector<std::string>()> chains_disagreeing = [] {
    return std::vector<std::string>();
  };

  domain::Representation representation() const { return {catalog, public_url}; }
  // After a write that may have changed some intent's payer view: this
  // process's live pages re-read now. Those of every other process on a
  // PostgreSQL database learn of it from the store (Store::OnIntentsAnnounced).
  void IntentsChanged() { live.Changed(); }
};

}  // namespace payd::api
