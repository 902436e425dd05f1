// `payd serve` is the composition root: it loads the config, opens the
// store, wires the API onto the HTTP server and runs until SIGTERM/SIGINT,
// then lets requests in flight finish.
#include <curl/curl.h>
#include <malloc.h>
#include <sys/resource.h>

#include <CLI/CLI.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json/array.hpp>
#include <thread>

#include "api/routes.h"
#include "base/log.h"
#include "chain/chain_status.h"
#include "chain/price_book.h"
#include "chain/swap_quoter.h"
#include "chain/watcher.h"
#include "cli/background_loops.h"
#include "cli/command_context.h"
#include "cli/email_service.h"
#include "cli/metrics_listener.h"
#include "cli/rate_sources.h"
#include "dashboard/routes.h"
#include "domain/intents/asked_intent.h"
#include "domain/ledger/ledger.h"
#include "domain/links/link_views.h"
#include "http/client_address.h"
#include "http/router.h"
#include "http/server.h"
#include "metrics/metrics.h"
#include "pages/routes.h"
#include "store/open_store.h"
#include "webhooks/dispatcher.h"

namespace payd::cli {

namespace {

namespace asio = boost::asio;

// Every connection, database file and outgoing request takes a descriptor;
// the soft limit (often 1024) is raised to the hard one, which an ordinary
// process may do. Returns the limit in force.
std::size_t RaiseOpenFilesLimit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 1024;
  if (limit.rlim_cur < limit.rlim_max) {
    rlimit raised = limit;
    raised.rlim_cur = limit.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) {
      limit = raised;
    } else {
      base::LogWarn("cannot raise the open-files limit",
                    {{"soft", limit.rlim_cur}, {"hard", limit.rlim_max}});
    }
  }
  // RLIM_INFINITY fits no count; the kernel's own ceiling is far below it anyway.
  constexpr rlim_t kCeiling = 1 << 20;
  return static_cast<std::size_t>(std::min(limit.rlim_cur, kCeiling));
}

base::LogLevel ParseLevel(const std::string& name) {
  if (name == "debug") return base::LogLevel::kDebug;
  if (name == "warn") return base::LogLevel::kWarn;
  if (name == "error") return base::LogLevel::kError;
  return base::LogLevel::kInfo;
}

void Serve(const CommandContext& ctx) {
  // glibc otherwise returns the heap top to the kernel and grows it again on
  // almost every request (two brk calls each); keep a few MiB around instead.
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
  mallopt(M_TOP_PAD, 16 << 20);
  // libcurl's global state must exist before any thread uses curl.
  curl_global_init(CURL_GLOBAL_DEFAULT);
  config::Config config = ctx.LoadConfig();
  base::SetLogLevel(ParseLevel(config.log_level));
  auto opened = store::OpenStore(StoreOptionsOf(config));
  base::LogInfo("store ready", {{"store", opened.description},
                                {"migrationsApplied", opened.migrations_applied},
                                {"environment", domain::EnvironmentName(opened.environment)}});

  int threads = HttpThreads(config);
  http::ServerOptions options;
  options.host = config.listen_host;
  options.port = config.listen_port;
  options.threads = threads;
  options.idle_timeout = std::chrono::seconds(config.http.idle_timeout_s);
  options.request_timeout = std::chrono::seconds(config.http.request_timeout_s);
  options.shutdown_grace = std::chrono::seconds(config.http.shutdown_grace_s);
  std::size_t open_files = RaiseOpenFilesLimit();
  options.max_connections = config.http.max_connections > 0
                                ? static_cast<std::size_t>(config.http.max_connections)
                                : http::DefaultMaxConnections(open_files);
  options.max_connections_per_client =
      config.http.max_connections_per_client > 0
          ? static_cast<std::size_t>(config.http.max_connections_per_client)
          : http::DefaultConnectionsPerClient(options.max_connections);
  options.trusted_proxies = config.trusted_proxies;
  boost::json::array trusted_proxies;
  for (const auto& range : config.trusted_proxies.ToStrings()) trusted_proxies.emplace_back(range);
  if (config.trusted_proxies.HoldsEverything()) {
    base::LogWarn(
        "trusted_proxies holds every address: any client that reaches payd chooses the address "
        "its requests are counted under",
        {{"trustedProxies", trusted_proxies}});
  }

  api::PublicLimiter public_limiter(config.limits.public_limiter_buckets);
  public_limiter.ShareThrough(*opened.store);
  chain::PriceBook prices;
  config.catalog.SetCurrencies(SetUpRates(config, prices.rates()));
  EcbReader ecb(config.rates, prices.rates());
  ecb.Start();
  api::ApiContext api{*opened.store,
                      config.catalog,
                      config.environment,
                      /*public_url=*/"",
                      config.limits.api_requests_per_min,
                      config.limits.public_reads_per_min,
                      config.limits.public_intents_per_min,
                      config.intents.lifetime_s * 1000LL,
                      public_limiter,
                      prices};
  api.public_max_open_intents = config.public_endpoints.max_open_intents;
  chain::ChainSwapQuoter swaps(config.catalog);
  api.swaps = &swaps;
  api.max_event_streams =
      config.public_endpoints.max_event_streams > 0
          ? config.public_endpoints.max_event_streams
          : static_cast<int>(std::max<std::size_t>(1, options.max_connections / 2));
  html::Assets assets;
  html::Languages languages(assets);
  html::PutWidgetStrings(assets, languages);
  html::Templates templates(assets);
  pages::PagesContext pages{*opened.store, config.catalog, prices, assets, languages, templates};
  pages.testnet = config.environment != domain::Environment::kMainnet;
  pages.intent_lifetime_ms = api.intent_lifetime_ms;
  pages.public_max_open_intents = api.public_max_open_intents;
  pages.reads_per_min = api.public_reads_per_min;
  pages.writes_per_min = api.public_intents_per_min;
  pages.rate_allow = [&public_limiter](const std::string& ip, const std::string& bucket,
                                       int per_min) {
    return public_limiter.Allow(bucket + "|" + http::ClientKey(ip), per_min, base::NowMs());
  };
  domain::LinkViews link_views(*opened.store);
  pages.count_view = [&link_views](const std::string& link_id, const std::string& ip) {
    return link_views.View(link_id, http::ClientKey(ip), base::NowMs());
  };
  // Before anything records: the server, the watchers, the dispatcher, the store.
  if (config.metrics.enabled) metrics::Enable(PAYD_VERSION);
  std::optional<MetricsListener> metrics_listener;
  unsigned short metrics_port = 0;
  if (config.metrics.enabled) {
    metrics_listener.emplace(config.metrics, *opened.store);
    metrics_port = metrics_listener->Start();
  }
  http::Router router;
  api::RegisterRoutes(router, api);
  pages::RegisterPageRoutes(router, pages);
  dashboard::DashboardContext dashboard{*opened.store, assets, templates, config.environment, {}};
  dashboard.languages = &languages;
  dashboard.catalog = &config.catalog;
  dashboard.rate_of = [&prices](const std::string& code) -> std::optional<domain::UsdRate> {
    try {
      return prices.Rate(code).value;
    } catch (const domain::PriceUnavailable&) {
      return std::nullopt;
    }
  };
  dashboard::RegisterDashboardRoutes(router, dashboard);
  http::Server server(options, [&router](const http::Request& req, http::RequestContext& rctx) {
    return router.Dispatch(req, rctx);
  });
  unsigned short port = server.Listen();
  api.public_url = config.EffectivePublicUrl(port);
  pages.public_url = api.public_url;
  dashboard.public_url = api.public_url;
  std::optional<EmailService> email;
  if (config.email.Enabled()) {
    email.emplace(config.email, *opened.store, templates, languages, api.public_url,
                  config.catalog);
    dashboard.mailing = &email->mailing();
    pages.mailing = dashboard.mailing;
    opened.store->SetMailing(dashboard.mailing);
    asio::co_spawn(server.io(), ChainAlertLoop(*opened.store, config.catalog), asio::detached);
    asio::co_spawn(server.io(), DailySummaryLoop(*opened.store), asio::detached);
    email->Start();
  }
  // The events written from here on stop queuing messages before `email` goes.
  struct StopMailing {
    domain::Store& store;
    ~StopMailing() { store.SetMailing(nullptr); }
  } stop_mailing{*opened.store};

  asio::signal_set signals(server.io(), SIGINT, SIGTERM);
  signals.async_wait([&server](const boost::system::error_code& ec, int signal) {
    if (ec) return;
    base::LogInfo("signal received; finishing requests in flight", {{"signal", signal}});
    server.Shutdown();
  });
  asio::co_spawn(server.io(), PurgeLoop(*opened.store), asio::detached);
  asio::co_spawn(server.io(), LinkViewsLoop(link_views), asio::detached);
  asio::co_spawn(server.io(), PayoutChangesLoop(*opened.store), asio::detached);

  domain::Ledger ledger(*opened.store, config.catalog, api.representation());
  webhooks::DispatcherOptions delivery;
  delivery.concurrency = config.webhooks.concurrency;
  delivery.endpoint_concurrency = config.webhooks.endpoint_concurrency;
  delivery.timeout = std::chrono::seconds(config.webhooks.timeout_s);
  delivery.lease_ms = config.webhooks.lease_s * 1000LL;
  delivery.retry_schedule_s = config.webhooks.retry_schedule_s;
  delivery.policy = {config.webhooks.allow_private_targets,
                     config.environment == domain::Environment::kMainnet};
  webhooks::Dispatcher dispatcher(*opened.store, delivery);
  dispatcher.Start();
  // Whoever writes a webhook delivery, the store wakes the dispatcher once it
  // is committed; stopped before `dispatcher` goes.
  opened.store->OnDeliveriesQueued([&dispatcher, &email] {
    dispatcher.Wake();
    if (email) email->Wake();
  });
  struct StopWakes {
    domain::Store& store;
    ~StopWakes() { store.OnDeliveriesQueued(nullptr); }
  } stop_wakes{*opened.store};
  api.webhook_target_check = webhooks::TargetCheckFor(delivery.policy);
  api.chains_stopped = [] { return chain::StoppedReasons(); };
  api.chains_disagreeing = [] { return chain::Disagreements(); };
  dashboard.webhook_target_check = api.webhook_target_check;
  dashboard.intent_changes = [&api] { return api.live.Changes(); };
  dashboard.chain_status = [](std::int64_t chain_id) { return chain::StatusOf(chain_id); };
  ledger.OnIntentsUpdated([&api] { api.IntentsChanged(); });
  // Other processes' changes (PostgreSQL); stopped before `api` goes.
  opened.store->OnIntentsAnnounced([&api](bool feed_live) { api.live.Announced(feed_live); });
  struct StopAnnouncements {
    domain::Store& store;
    ~StopAnnouncements() { store.OnIntentsAnnounced(nullptr); }
  } stop_announcements{*opened.store};
  asio::co_spawn(
      server.io(),
      UnchosenExpiryLoop(*opened.store, api.representation(), [&api] { api.IntentsChanged(); }),
      asio::detached);

  std::vector<std::unique_ptr<chain::ChainWatcher>> watchers;
  for (const auto& chain : config.catalog.chains()) {
    chain::WatcherOptions watch;
    watch.rpc.timeout = std::chrono::milliseconds(chain.rpc_timeout_ms);
    watch.rpc.max_reply_bytes = std::size_t{chain.rpc_max_reply_mb} << 20;
    watch.rpc.chain_id = chain.id;
    config::ChainProvider provider;
    if (auto it = config.providers.find(chain.id); it != config.providers.end())
      provider = it->second;
    watch.rpc.max_batch = provider.rpc_max_batch;
    watch.rpc.max_parallel = provider.rpc_max_parallel;
    watch.ws_url = provider.ws_url;
    watchers.push_back(
        std::make_unique<chain::ChainWatcher>(chain, *opened.store, ledger, prices, watch));
    watchers.back()->Start();
  }

  base::LogInfo(
      "listening",
      {{"listen", config.listen_host + ":" + std::to_string(port)},
       {"port", port},
       {"publicUrl", api.public_url},
       {"environment", domain::EnvironmentName(config.environment)},
       {"threads", threads},
       {"maxConnections", options.max_connections},
       {"maxConnectionsPerClient", options.max_connections_per_client},
       {"maxEventStreams", api.max_event_streams},
       {"openFilesLimit", open_files},
       {"trustedProxies", trusted_proxies},
       {"metricsListen", config.metrics.enabled ? boost::json::value(config.metrics.host + ":" +
                                                                     std::to_string(metrics_port))
                                                : nullptr},
       {"metricsPort", config.metrics.enabled ? boost::json::value(metrics_port) : nullptr},
       {"version", PAYD_VERSION}});
  server.Run();
  FlushLinkViews(link_views);  // what the last second counted
  for (auto& watcher : watchers) watcher->Stop();
  ecb.Stop();
  dispatcher.Stop();
  if (metrics_listener) metrics_listener->Stop();
  base::LogInfo("stopped");
}

}  // namespace

void AddServeCommand(CLI::App& app, CommandContext& ctx) {
  auto* serve = app.add_subcommand("serve", "Run the payd HTTP server");
  serve->add_option_function<std::string>(
      "--metrics-listen", [&ctx](const std::string& v) { ctx.command_line.metrics_listen = v; },
      "Serve Prometheus metrics at /metrics on this host:port ([metrics] listen); default: off");
  serve->callback(Guarded([&ctx] { Serve(ctx); }));
}

void AddMigrateCommand(CLI::App& app, CommandContext& ctx) {
  auto* migrate = app.add_subcommand("migrate", "Apply pending database migrations and exit");
  auto record_environment = std::make_shared<bool>(false);
  migrate->add_flag("--record-environment", *record_environment,
                    "Record the config's environment in a database that records none and holds "
                    "API keys of both environments");
  migrate->callback(Guarded([&ctx, record_environment] {
    auto config = ctx.LoadConfig();
    auto options = StoreOptionsOf(config);
    options.record_environment_if_mixed = *record_environment;
    auto opened = store::OpenStore(options);
    ctx.Print(boost::json::object{{"store", opened.description},
                                  {"migrationsApplied", opened.migrations_applied},
                                  {"environment", domain::EnvironmentName(opened.environment)}});
  }));
}

}  // namespace payd::cli
