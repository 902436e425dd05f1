#include "cli/command_context.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <boost/json/serialize.hpp>
#include <iostream>
#include <thread>

#include "domain/error.h"
#include "store/open_store.h"

namespace payd::cli {

namespace {

void PrintHuman(const boost::json::value& v, const std::string& indent) {
  if (v.is_array()) {
    for (const auto& item : v.as_array()) {
      if (item.is_object()) {
        PrintHuman(item, indent);
        std::cout << "\n";
      } else {
        std::cout << indent << "- "
                  << (item.is_string() ? std::string(item.as_string())
                                       : boost::json::serialize(item))
                  << "\n";
      }
    }
    return;
  }
  if (!v.is_object()) {
    std::cout << indent << (v.is_string() ? std::string(v.as_string()) : boost::json::serialize(v))
              << "\n";
    return;
  }
  for (const auto& [key, value] : v.as_object()) {
    std::cout << indent << std::string(key) << ": ";
    if (value.is_string()) {
      std::cout << std::string(value.as_string()) << "\n";
    } else if (value.is_array() && !value.as_array().empty() && value.as_array()[0].is_object()) {
      std::cout << "\n";
      PrintHuman(value, indent + "  ");
    } else {
      std::cout << boost::json::serialize(value) << "\n";
    }
  }
}

}  // namespace

int HttpThreads(const config::Config& config) {
  if (config.http.threads > 0) return config.http.threads;
  int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  // A handler waits on its database calls: on PostgreSQL for round trips and
  // a commit, on SQLite for its commit (an fsync), during which the core can
  // serve other requests; creations waiting at once share one commit there
  // (sql::GroupCommit), so more of them waiting makes fewer fsyncs.
  return std::max(8, 4 * cores);
}

store::StoreOptions StoreOptionsOf(const config::Config& config) {
  store::StoreOptions options{config.data_dir, config.database_url};
  options.environment = config.environment;
  // A connection for each thread that may wait on the database at once: the
  // HTTP workers, the webhook workers, a watcher per chain, the purge, and one spare.
  int threads = HttpThreads(config);
  options.pool_size = config.database_pool_size > 0
                          ? static_cast<std::size_t>(config.database_pool_size)
                          : static_cast<std::size_t>(threads + config.webhooks.concurrency + 2) +
                                config.catalog.chains().size();
  return options;
}

CommandContext::Opened CommandContext::Open() const {
  config::Config config = LoadConfig();
  auto store = store::OpenStore(StoreOptionsOf(config)).store;
  return {std::move(config), std::move(store)};
}

void CommandContext::Print(const boost::json::value& doc) const {
  if (json) {
    std::cout << boost::json::serialize(doc) << std::endl;
  } else {
    PrintHuman(doc, "");
    std::cout.flush();
  }
}

std::function<void()> Guarded(std::function<void()> body) {
  return [body = std::move(body)] {
    std::string message;
    try {
      body();
      return;
    } catch (const domain::Error& e) {
      message = e.param().empty() ? e.what() : "--" + e.param() + ": " + e.what();
    } catch (const config::ConfigError& e) {
      message = std::string("config: ") + e.what();
    } catch (const domain::StoreUnavailable& e) {
      message = std::string("database: ") + e.what();
    } catch (const domain::EnvironmentRefused& e) {
      message = e.what();
    } catch (const CLI::Error&) {
      throw;  // CLI11's own exits (--help, a bad flag) keep their meaning
    } catch (const std::exception& e) {
      // Anything else (a constraint the database refused, say) is still one
      // line and exit status 1, never an abort. Store messages carry no secrets.
      message = e.what();
    }
    std::cerr << "error: " << message << std::endl;
    throw CLI::RuntimeError(1);
  };
}

void RequireTenant(domain::Store& store, const std::string& id) {
  if (!store.FindTenant(id))
    throw domain::Error(domain::ErrorKind::kNotFound, "No such tenant: " + id, "tenant");
}

std::string PublicUrlOf(const config::Config& config) {
  std::string listen = config.Listen();
  auto port = static_cast<unsigned short>(std::stoul(listen.substr(listen.rfind(':') + 1)));
  if (port == 0 && config.public_url.empty()) return "";
  return config.EffectivePublicUrl(port);
}

void AddTenantList(CLI::App& parent, CommandContext& ctx, const char* help,
                   std::function<boost::json::array(domain::Store&, const std::string&)> list) {
  auto* sub = parent.add_subcommand("list", help);
  auto tenant = std::make_shared<std::string>();
  sub->add_option("--tenant", *tenant, "Tenant id")->required();
  sub->callback(Guarded([&ctx, tenant, list = std::move(list)] {
    auto [config, store] = ctx.Open();
    RequireTenant(*store, *tenant);
    ctx.Print(list(*store, *tenant));
  }));
}

}  // namespace payd::cli
