// What every command shares: the global options, loading the config, opening
// the store, and printing results either as JSON (--json: one document on
// stdout, nothing else) or as readable text.
#pragma once

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "config/config.h"
#include "domain/error.h"
#include "domain/management/change.h"
#include "domain/store.h"
#include "store/open_store.h"

namespace CLI {
class App;
}

namespace payd::cli {

struct CommandContext {
  config::CommandLine command_line;
  bool json = false;

  struct Opened {
    config::Config config;
    std::unique_ptr<domain::Store> store;
  };

  config::Config LoadConfig() const { return config::LoadConfig(command_line); }
  // The config and the store it names, migrated.
  Opened Open() const;
  // Prints `doc` as JSON, or as "key: value" lines for people.
  void Print(const boost::json::value& doc) const;
};

// HTTP worker threads: `threads`, or by default four per core (at least 8).
int HttpThreads(const config::Config& config);

// The store the config names, for a process of the config's environment.
store::StoreOptions StoreOptionsOf(const config::Config& config);

// The frame of a change the operator makes on the server (audit actor "cli"), now.
inline domain::Change CliChange(domain::Store& store, std::string tenant_id) {
  return {store, domain::Actor::Cli(), std::move(tenant_id), base::NowMs(), std::nullopt};
}

// The base of URLs payd gives out, as the server would with this config: its
// public_url, or the listen address when none is set ("" when that address
// has port 0: the server picks its port at start, unknown here).
std::string PublicUrlOf(const config::Config& config);

// A 404-kind error naming --tenant when the store has no such tenant.
void RequireTenant(domain::Store& store, const std::string& id);

// `<parent> list --tenant ID`: prints what `list` gives for the tenant (404 when there is none).
void AddTenantList(CLI::App& parent, CommandContext& ctx, const char* help,
                   std::function<boost::json::array(domain::Store&, const std::string&)> list);

// Runs `fn`; an error naming a field as the API spells it (`payoutAddress`)
// names the flag the operator typed instead (`payout`), per `flags`.
template <typename Fn>
auto WithFlagNames(std::initializer_list<std::pair<std::string_view, std::string_view>> flags,
                   Fn&& fn) {
  try {
    return fn();
  } catch (const domain::Error& e) {
    for (const auto& [field, flag] : flags) {
      if (e.param() == field) throw domain::Error(e.kind(), e.what(), std::string(flag));
    }
    throw;
  }
}

// Wraps a command body: known failures (bad input, config, database, a
// database of the other environment) become
// one "error: ..." line on stderr and exit status 1.
std::function<void()> Guarded(std::function<void()> body);

void AddServeCommand(CLI::App& app, CommandContext& ctx);
void AddMigrateCommand(CLI::App& app, CommandContext& ctx);
void AddAdminCommands(CLI::App& app, CommandContext& ctx);
void AddIntegrationCommands(CLI::App& app, CommandContext& ctx);
void AddDecisionCommands(CLI::App& app, CommandContext& ctx);
void AddRefundCommands(CLI::App& app, CommandContext& ctx);
void AddPayoutCommands(CLI::App& app, CommandContext& ctx);
void AddWebhookCommands(CLI::App& app, CommandContext& ctx);
void AddDbCommands(CLI::App& app, CommandContext& ctx);
void AddUserCommands(CLI::App& app, CommandContext& ctx);
void AddChainCommands(CLI::App& app, CommandContext& ctx);
void AddEmailCommands(CLI::App& app, CommandContext& ctx);

}  // namespace payd::cli
