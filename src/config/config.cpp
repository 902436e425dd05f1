#include "config/config.h"

#include <toml++/toml.h>

#include <boost/url/parse.hpp>
#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "base/strings.h"
#include "config/chain_presets.h"
#include "config/chain_reader.h"
#include "config/email_reader.h"
#include "config/rates_reader.h"
#include "config/toml_reader.h"

namespace payd::config {

namespace {

// host:port (IPv6 in brackets) into `host` and `port`; `key` names it in errors.
void ParseHostPort(const std::string& text, const std::string& where, const std::string& key,
                   std::string& host_out, unsigned short& port_out) {
  auto colon = text.rfind(':');
  unsigned port = 0;
  std::string host = colon == std::string::npos ? "" : text.substr(0, colon);
  if (host.size() > 1 && host.front() == '[' && host.back() == ']')
    host = host.substr(1, host.size() - 2);
  const char* begin = text.data() + colon + 1;
  const char* end = text.data() + text.size();
  if (colon == std::string::npos || host.empty() || std::from_chars(begin, end, port).ptr != end ||
      port > 65535) {
    throw ConfigError(where + ": " + key + " must be host:port, e.g. 127.0.0.1:8080");
  }
  host_out = host;
  port_out = static_cast<unsigned short>(port);
}

void ParseListen(Config& config, const std::string& text, const std::string& where) {
  ParseHostPort(text, where, "listen", config.listen_host, config.listen_port);
}

void ParseMetricsListen(Config& config, const std::string& text, const std::string& where) {
  ParseHostPort(text, where, "[metrics] listen", config.metrics.host, config.metrics.port);
  config.metrics.enabled = true;
}

void ParsePublicUrl(Config& config, std::string text, const std::string& where) {
  while (!text.empty() && text.back() == '/') text.pop_back();
  auto url = boost::urls::parse_absolute_uri(text);
  if (!url || (url->scheme() != "http" && url->scheme() != "https") ||
      url->encoded_host().empty() || url->has_query() || url->has_fragment()) {
    throw ConfigError(
        where + ": public_url must be an absolute http(s) URL such as https://pay.example.com");
  }
  config.public_url = text;
}

// `chains = ["base", "mychain"]`: each name a preset of payd's catalog
// (chain_presets.h) with the operator's [chain.<name>] over it, or a chain
// configured by hand in its [chain.<name>].
std::vector<domain::ChainInfo> ChainsByName(TomlReader& r,
                                            std::map<std::int64_t, ChainProvider>& providers) {
  std::vector<domain::ChainInfo> chains;
  TomlReader tables = r.Table("chain");
  std::set<std::string> seen;
  for (const std::string& name : r.StringArray("chains")) {
    if (!seen.insert(name).second) r.Fail("chains", "names \"" + name + "\" twice");
    TomlReader table = tables.Table(name.c_str());
    const ChainPreset* preset = FindPreset(name);
    if (!preset && !table.present()) {
      r.Fail("chains", "\"" + name +
                           "\" is not a chain payd knows (`payd chains` lists them); to add it by "
                           "hand, give it a [chain." +
                           name + "] table with id, name, rpc_urls and native");
    }
    if (!table.present()) {
      r.Fail("chains",
             "\"" + name + "\" needs its node: [chain." + name + "] rpc_urls = [\"https://...\"]");
    }
    ChainProvider provider;
    auto chain = ReadChain(table, provider, {.base = preset ? &preset->chain : nullptr});
    if (!providers.emplace(chain.id, provider).second) table.Fail("id", "repeats a chain id");
    chains.push_back(std::move(chain));
  }
  if (tables.present()) tables.RejectUnknown();
  return chains;
}

int PositiveInt(TomlReader& r, const char* key, int current, int max) {
  auto v = r.Int(key);
  if (!v) return current;
  if (*v < 0 || *v > max) r.Fail(key, "must be 0 to " + std::to_string(max));
  return static_cast<int>(*v);
}

// `where(i)` names entry i in an error.
base::IpRanges TrustedProxies(const std::vector<std::string>& entries,
                              const std::function<std::string(std::size_t)>& where) {
  base::IpRanges ranges;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    std::string error;
    if (!ranges.Add(entries[i], error))
      throw ConfigError(where(i) + " \"" + entries[i] + "\" " + error);
  }
  return ranges;
}

// PAYD_TRUSTED_PROXIES: the entries separated by commas, blanks around them allowed.
std::vector<std::string> SplitList(std::string_view text) {
  std::vector<std::string> entries;
  for (;;) {
    auto comma = text.find(',');
    entries.emplace_back(base::TrimBlanks(text.substr(0, comma)));
    if (comma == std::string_view::npos) return entries;
    text.remove_prefix(comma + 1);
  }
}

std::string HostPort(const std::string& host, unsigned short port) {
  bool v6 = host.find(':') != std::string::npos;
  return (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

// DECISIONS §1: a process serves one environment, so a testnet process
// watches only testnets and a mainnet process only mainnets. Payd knows which
// is which for the chains of its catalog, by chain id, however configured.
void CheckChainsServeTheEnvironment(const Config& config) {
  bool testnet = config.environment == domain::Environment::kTestnet;
  for (const auto& chain : config.catalog.chains()) {
    const ChainPreset* preset = FindPresetById(chain.id);
    if (!preset || preset->testnet == testnet) continue;
    throw ConfigError("chains: \"" + preset->key + "\" (chain " + std::to_string(chain.id) +
                      ") is a " + (preset->testnet ? "testnet" : "mainnet") +
                      ", and this payd serves " +
                      std::string(domain::EnvironmentName(config.environment)) +
                      " (environment): a testnet process watches only testnets, a mainnet "
                      "process only mainnets" +
                      (preset->pair.empty() ? "" : "; its pair is \"" + preset->pair + "\""));
  }
}

}  // namespace

std::string Config::Listen() const {
  return HostPort(listen_host, listen_port);
}

std::string Config::EffectivePublicUrl(unsigned short bound_port) const {
  if (!public_url.empty()) return public_url;
  return "http://" + HostPort(listen_host, bound_port);
}

std::optional<std::string> ProcessEnv(const char* name) {
  const char* v = std::getenv(name);
  if (!v || !*v) return std::nullopt;
  return std::string(v);
}

void ApplyToml(Config& config, const std::string& toml_text, const std::string& source) {
  toml::table root;
  try {
    root = toml::parse(toml_text, source);
  } catch (const toml::parse_error& e) {
    std::ostringstream out;
    out << source << ":" << e.source().begin.line << ": " << e.description();
    throw ConfigError(out.str());
  }
  TomlReader r(root, source, "");
  if (auto env = r.String("environment")) {
    auto parsed = domain::ParseEnvironment(*env);
    if (!parsed) r.Fail("environment", "must be \"testnet\" or \"mainnet\"");
    config.environment = *parsed;
  }
  if (auto listen = r.String("listen")) ParseListen(config, *listen, source);
  if (auto url = r.String("public_url")) ParsePublicUrl(config, *url, source);
  if (auto dir = r.String("data_dir")) config.data_dir = *dir;
  if (auto url = r.String("database_url")) config.database_url = *url;
  if (auto level = r.String("log_level")) config.log_level = *level;
  config.http.threads = PositiveInt(r, "threads", config.http.threads, 256);
  if (r.Has("trusted_proxies")) {
    config.trusted_proxies = TrustedProxies(r.StringArray("trusted_proxies"), [&](std::size_t i) {
      return source + ": trusted_proxies[" + std::to_string(i) + "]";
    });
  }

  if (TomlReader http = r.Table("http"); http.present()) {
    config.http.idle_timeout_s =
        PositiveInt(http, "idle_timeout_s", config.http.idle_timeout_s, 3600);
    config.http.request_timeout_s =
        PositiveInt(http, "request_timeout_s", config.http.request_timeout_s, 3600);
    config.http.shutdown_grace_s =
        PositiveInt(http, "shutdown_grace_s", config.http.shutdown_grace_s, 3600);
    config.http.max_connections =
        PositiveInt(http, "max_connections", config.http.max_connections, 10'000'000);
    config.http.max_connections_per_client = PositiveInt(
        http, "max_connections_per_client", config.http.max_connections_per_client, 10'000'000);
    http.RejectUnknown();
  }
  if (TomlReader limits = r.Table("limits"); limits.present()) {
    auto& l = config.limits;
    l.api_requests_per_min =
        PositiveInt(limits, "api_requests_per_min", l.api_requests_per_min, 1000000);
    l.public_reads_per_min =
        PositiveInt(limits, "public_reads_per_min", l.public_reads_per_min, 1000000);
    l.public_intents_per_min =
        PositiveInt(limits, "public_intents_per_min", l.public_intents_per_min, 1000000);
    l.public_limiter_buckets =
        PositiveInt(limits, "public_limiter_buckets", l.public_limiter_buckets, 10000000);
    if (l.public_limiter_buckets < 100)
      limits.Fail("public_limiter_buckets", "must be at least 100");
    limits.RejectUnknown();
  }
  if (TomlReader database = r.Table("database"); database.present()) {
    if (auto url = database.String("url")) config.database_url = *url;
    config.database_pool_size = PositiveInt(database, "pool_size", config.database_pool_size, 1000);
    database.RejectUnknown();
  }
  if (TomlReader keyless = r.Table("public"); keyless.present()) {
    auto& p = config.public_endpoints;
    p.max_open_intents = PositiveInt(keyless, "max_open_intents", p.max_open_intents, 100000000);
    p.max_event_streams =
        PositiveInt(keyless, "max_event_streams", p.max_event_streams, 10'000'000);
    keyless.RejectUnknown();
  }
  if (TomlReader metrics = r.Table("metrics"); metrics.present()) {
    if (auto listen = metrics.String("listen")) ParseMetricsListen(config, *listen, source);
    metrics.RejectUnknown();
  }
  if (TomlReader rates = r.Table("rates"); rates.present()) ReadRates(rates, config.rates);
  if (TomlReader email = r.Table("email"); email.present()) ReadEmail(email, config.email);
  if (TomlReader intents = r.Table("intents"); intents.present()) {
    config.intents.lifetime_s =
        PositiveInt(intents, "lifetime_s", config.intents.lifetime_s, 7 * 86400);
    if (config.intents.lifetime_s < 1) intents.Fail("lifetime_s", "must be at least 1 second");
    intents.RejectUnknown();
  }
  if (TomlReader hooks = r.Table("webhooks"); hooks.present()) {
    config.webhooks.allow_private_targets =
        hooks.Bool("allow_private_targets").value_or(config.webhooks.allow_private_targets);
    config.webhooks.concurrency =
        PositiveInt(hooks, "concurrency", config.webhooks.concurrency, 64);
    if (config.webhooks.concurrency < 1) hooks.Fail("concurrency", "must be at least 1");
    config.webhooks.endpoint_concurrency =
        PositiveInt(hooks, "endpoint_concurrency", config.webhooks.endpoint_concurrency, 64);
    if (config.webhooks.endpoint_concurrency < 1)
      hooks.Fail("endpoint_concurrency", "must be at least 1");
    config.webhooks.timeout_s = PositiveInt(hooks, "timeout_s", config.webhooks.timeout_s, 600);
    if (config.webhooks.timeout_s < 1) hooks.Fail("timeout_s", "must be at least 1");
    config.webhooks.lease_s = PositiveInt(hooks, "lease_s", config.webhooks.lease_s, 3600);
    // A lease that ran out mid-attempt would let a second process send the same delivery.
    if (config.webhooks.lease_s < config.webhooks.timeout_s + 2)
      hooks.Fail("lease_s", "must be at least timeout_s + 2");
    if (hooks.Has("retry_schedule_s")) {
      config.webhooks.retry_schedule_s.clear();
      for (auto v : hooks.IntArray("retry_schedule_s")) {
        if (v < 0 || v > 7 * 86400)
          hooks.Fail("retry_schedule_s", "entries must be 0 to 604800 seconds");
        config.webhooks.retry_schedule_s.push_back(static_cast<int>(v));
      }
    }
    hooks.RejectUnknown();
  }
  if (r.Has("chains")) {
    std::vector<domain::ChainInfo> chains;
    std::map<std::int64_t, ChainProvider> providers;
    if (r.HoldsStrings("chains")) {
      chains = ChainsByName(r, providers);
    } else {
      if (r.Has("chain")) r.Fail("chain", "goes with chains = [\"<name>\", ...], not [[chains]]");
      for (TomlReader& c : r.TableArray("chains")) {
        ChainProvider provider;
        auto chain = ReadChain(c, provider);
        if (!providers.emplace(chain.id, provider).second) c.Fail("id", "repeats a chain id");
        chains.push_back(std::move(chain));
      }
    }
    config.catalog = domain::ChainCatalog(std::move(chains));
    config.providers = std::move(providers);
  }
  r.RejectUnknown();
}

Config LoadConfig(const CommandLine& cli, const EnvLookup& env) {
  Config config;
  ApplyToml(config, kDefaultConfigToml, "<defaults>");

  std::optional<std::string> file = cli.config_file;
  if (!file) file = env("PAYD_CONFIG");
  if (!file && std::filesystem::exists("payd.toml")) file = "payd.toml";
  if (file) {
    std::ifstream in(*file);
    if (!in) throw ConfigError("cannot read config file " + *file);
    std::stringstream text;
    text << in.rdbuf();
    // The defaults' fixed rates are for their local chain: a file prices with
    // the sources it names, never with development rates it did not ask for.
    config.rates = RateSettings{};
    ApplyToml(config, text.str(), *file);
    config.config_file = *file;
  }

  if (auto v = env("PAYD_ENVIRONMENT")) {
    auto parsed = domain::ParseEnvironment(*v);
    if (!parsed) throw ConfigError("PAYD_ENVIRONMENT must be testnet or mainnet");
    config.environment = *parsed;
  }
  if (auto v = env("PAYD_LISTEN")) ParseListen(config, *v, "PAYD_LISTEN");
  if (auto v = env("PAYD_PUBLIC_URL")) ParsePublicUrl(config, *v, "PAYD_PUBLIC_URL");
  if (auto v = env("PAYD_DATA_DIR")) config.data_dir = *v;
  if (auto v = env("PAYD_DATABASE_URL")) config.database_url = *v;
  if (auto v = env("PAYD_SMTP_PASSWORD")) config.email.password = *v;
  if (auto v = env("PAYD_TRUSTED_PROXIES")) {
    config.trusted_proxies = TrustedProxies(
        SplitList(*v), [](std::size_t) { return std::string("PAYD_TRUSTED_PROXIES:"); });
  }
  if (auto v = env("PAYD_METRICS_LISTEN")) ParseMetricsListen(config, *v, "PAYD_METRICS_LISTEN");
  if (cli.data_dir) config.data_dir = *cli.data_dir;
  if (cli.metrics_listen) ParseMetricsListen(config, *cli.metrics_listen, "--metrics-listen");

  CheckChainsServeTheEnvironment(config);
  if (!config.database_url.empty() && !config.database_url.starts_with("postgres://") &&
      !config.database_url.starts_with("postgresql://")) {
    throw ConfigError("database_url must be a postgres:// URL");
  }
  return config;
}

}  // namespace payd::config
