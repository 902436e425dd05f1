// What the dashboard's handlers need from the rest of the process, handed
// over once by the composition root (cli/serve_command.cpp), like
// pages::PagesContext for the payer's pages. It outlives the server.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "domain/access/credentials.h"
#include "domain/email/messages.h"
#include "domain/ledger/chain_state.h"
#include "domain/management/webhook_endpoints.h"
#include "domain/money/chain_catalog.h"
#include "domain/people/session.h"
#include "domain/store.h"
#include "html/assets.h"
#include "html/i18n.h"
#include "html/templates.h"

namespace payd::dashboard {

struct DashboardContext {
  domain::Store& store;
  const html::Assets& assets;
  const html::Templates& templates;
  domain::Environment environment;
  domain::SessionPolicy sessions;
  std::string public_url = {};  // set once listening; an https one makes the cookie Secure
  // The webhook target guard (SSRF), the same as the API's.
  domain::TargetCheck webhook_target_check = [](const std::string&) { return std::string(); };
  // How many times the ledger changed some intent in this process (the live
  // updates' cue, like the payer's intent streams).
  std::function<std::uint64_t()> intent_changes = [] { return std::uint64_t{0}; };
  // What this process's watcher of a chain last saw (chain/chain_status.h).
  std::function<std::optional<domain::ChainWatchStatus>(std::int64_t)> chain_status =
      [](std::int64_t) { return std::optional<domain::ChainWatchStatus>(); };
  // Today's US dollars per unit of a currency (the rate book), none while it
  // is unavailable: the overview converts totals into the reporting currency.
  std::function<std::optional<domain::UsdRate>(const std::string&)> rate_of =
      [](const std::string&) { return std::optional<domain::UsdRate>(); };
  // The chains and tokens integrations and links may use (config), the same as the API's.
  const domain::ChainCatalog* catalog = nullptr;
  // Set when payd sends email: invitations and sign-in links go by mail.
  const domain::Mailing* mailing = nullptr;
  // The catalogs the pages are written in (the payer pages' own, with their
  // "dashboard" translations); none: English.
  const html::Languages* languages = nullptr;
};

}  // namespace payd::dashboard
