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
#include "config/toml_reader.h"
#include "domain/address.h"
#include "domain/amount.h"

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

// A URL shown to payers (explorer, wallet RPC): absolute http(s), nothing after the path.
std::optional<std::string> PayerUrl(TomlReader& r, const char* key) {
  auto text = r.String(key);
  if (!text) return std::nullopt;
  while (!text->empty() && text->back() == '/') text->pop_back();
  auto url = boost::urls::parse_absolute_uri(*text);
  if (!url || (url->scheme() != "http" && url->scheme() != "https") ||
      url->encoded_host().empty() || url->has_query() || url->has_fragment()) {
    r.Fail(key, "must be an absolute http(s) URL without query or fragment");
  }
  return text;
}

domain::TokenInfo ReadToken(TomlReader& r, bool native) {
  domain::TokenInfo token;
  token.symbol = r.RequiredString("symbol");
  token.name = r.RequiredString("name");
  auto decimals = r.Int("decimals").value_or(18);
  if (decimals < 0 || decimals > 77) r.Fail("decimals", "must be between 0 and 77");
  token.decimals = static_cast<unsigned>(decimals);
  if (!native) {
    auto address = domain::ParseAddress(r.RequiredString("address"));
    if (!address) r.Fail("address", "must be a 20-byte hex address with a valid EIP-55 checksum");
    token.address = address;
  }
  token.usd_pegged = r.Bool("usd_pegged").value_or(false);
  if (auto feed = r.String("price_feed")) {
    auto address = domain::ParseAddress(*feed);
    if (!address) r.Fail("price_feed", "must be a contract address");
    token.price_feed = address;
  }
  if (auto age = r.Int("price_max_age_s")) {
    if (*age < 1 || *age > 7 * 86400) r.Fail("price_max_age_s", "must be 1 to 604800 seconds");
    token.price_max_age_s = static_cast<unsigned>(*age);
  }
  if (auto price = r.String("price_usd")) {
    if (!domain::IsDecimalString(*price)) r.Fail("price_usd", "must be a decimal string");
    token.price_usd = price;
  }
  r.RejectUnknown();
  return token;
}

domain::ConfirmationPolicy ReadConfirmations(TomlReader& r) {
  domain::ConfirmationPolicy policy;
  if (auto tag = r.String("confirmations", /*allow_other_types=*/true)) {
    if (*tag == "safe") {
      policy.kind = domain::ConfirmationPolicy::Kind::kSafe;
    } else if (*tag == "finalized") {
      policy.kind = domain::ConfirmationPolicy::Kind::kFinalized;
    } else {
      r.Fail("confirmations", "must be a block count, \"safe\" or \"finalized\"");
    }
  } else if (auto blocks = r.Int("confirmations")) {
    if (*blocks < 0 || *blocks > 10000) r.Fail("confirmations", "must be 0 to 10000 blocks");
    policy.blocks = static_cast<unsigned>(*blocks);
  } else {
    policy.blocks = 1;
  }
  return policy;
}

domain::ChainInfo ReadChain(TomlReader& r, ChainProvider& provider) {
  domain::ChainInfo chain;
  auto id = r.Int("id");
  if (!id || *id <= 0) r.Fail("id", "is required and must be a positive chain id");
  chain.id = *id;
  chain.name = r.RequiredString("name");
  chain.rpc_urls = r.StringArray("rpc_urls");
  if (chain.rpc_urls.empty()) r.Fail("rpc_urls", "needs at least one JSON-RPC URL");
  if (auto ws = r.String("ws_url")) {
    auto url = boost::urls::parse_uri(*ws);
    if (!url || (url->scheme() != "ws" && url->scheme() != "wss") || url->encoded_host().empty())
      r.Fail("ws_url", "must be a ws:// or wss:// URL");
    provider.ws_url = *ws;
  }
  chain.confirmations = ReadConfirmations(r);
  auto poll = r.Int("poll_interval_ms").value_or(1000);
  if (poll < 50 || poll > 600000) r.Fail("poll_interval_ms", "must be 50 to 600000");
  chain.poll_interval_ms = static_cast<unsigned>(poll);
  chain.trace_internal = r.Bool("trace_internal").value_or(false);
  auto timeout = r.Int("rpc_timeout_ms").value_or(10000);
  if (timeout < 100 || timeout > 600000) r.Fail("rpc_timeout_ms", "must be 100 to 600000");
  chain.rpc_timeout_ms = static_cast<unsigned>(timeout);
  auto reply_mb = r.Int("rpc_max_reply_mb").value_or(chain.rpc_max_reply_mb);
  if (reply_mb < 1 || reply_mb > 4096) r.Fail("rpc_max_reply_mb", "must be 1 to 4096");
  chain.rpc_max_reply_mb = static_cast<unsigned>(reply_mb);
  auto max_batch = r.Int("rpc_max_batch").value_or(provider.rpc_max_batch);
  if (max_batch < 1 || max_batch > 1000) r.Fail("rpc_max_batch", "must be 1 to 1000");
  provider.rpc_max_batch = static_cast<unsigned>(max_batch);
  auto parallel = r.Int("rpc_max_parallel").value_or(provider.rpc_max_parallel);
  if (parallel < 1 || parallel > 32) r.Fail("rpc_max_parallel", "must be 1 to 32");
  provider.rpc_max_parallel = static_cast<unsigned>(parallel);
  if (auto start = r.Int("start_block")) {
    if (*start < 0) r.Fail("start_block", "must be a block number");
    chain.start_block = *start;
  }
  chain.explorer_url = PayerUrl(r, "explorer_url");
  chain.wallet_rpc_url = PayerUrl(r, "wallet_rpc_url");
  TomlReader native = r.Table("native");
  if (!native.present()) r.Fail("native", "is required: { symbol, name, decimals }");
  chain.native = ReadToken(native, true);
  std::set<std::string> symbols = {chain.native.symbol};
  for (TomlReader& t : r.TableArray("tokens")) {
    auto token = ReadToken(t, false);
    if (!symbols.insert(token.symbol).second) t.Fail("symbol", "repeats a symbol on this chain");
    chain.tokens.push_back(std::move(token));
  }
  r.RejectUnknown();
  return chain;
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
    for (TomlReader& c : r.TableArray("chains")) {
      ChainProvider provider;
      auto chain = ReadChain(c, provider);
      if (!providers.emplace(chain.id, provider).second) c.Fail("id", "repeats a chain id");
      chains.push_back(std::move(chain));
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
  if (auto v = env("PAYD_TRUSTED_PROXIES")) {
    config.trusted_proxies = TrustedProxies(
        SplitList(*v), [](std::size_t) { return std::string("PAYD_TRUSTED_PROXIES:"); });
  }
  if (auto v = env("PAYD_METRICS_LISTEN")) ParseMetricsListen(config, *v, "PAYD_METRICS_LISTEN");
  if (cli.data_dir) config.data_dir = *cli.data_dir;
  if (cli.metrics_listen) ParseMetricsListen(config, *cli.metrics_listen, "--metrics-listen");

  if (!config.database_url.empty() && !config.database_url.starts_with("postgres://") &&
      !config.database_url.starts_with("postgresql://")) {
    throw ConfigError("database_url must be a postgres:// URL");
  }
  return config;
}

}  // namespace payd::config
