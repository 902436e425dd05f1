// Operator configuration (DECISIONS §10). Sources, later ones winning:
//   1. the embedded defaults (kDefaultConfigToml: a local chain 31337 with ETH
//      and a 6-decimal USDC test token, testnet, 127.0.0.1:8080, ./data);
//   2. the TOML file: --config, else PAYD_CONFIG, else ./payd.toml if present;
//   3. the PAYD_* environment variables;
//   4. command-line flags (--data-dir).
// A file's [[chains]] replace the default chains as a whole. Unknown keys are
// errors, so that a typo never silently falls back to a default.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "base/ip_ranges.h"
#include "domain/access/credentials.h"
#include "domain/money/chain_catalog.h"

namespace payd::config {

class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct HttpSettings {
  int threads = 0;  // 0: four per core, at least 8 (cli::HttpThreads)
  int idle_timeout_s = 30;
  int request_timeout_s = 15;
  int shutdown_grace_s = 10;
  int max_connections = 0;  // 0: derived from the open-files limit (http::DefaultMaxConnections)
  // Of those, per client address; 0: an eighth, at least 4 (http::DefaultConnectionsPerClient).
  int max_connections_per_client = 0;
};

struct LimitSettings {
  int api_requests_per_min = 60;
  int public_reads_per_min = 600;
  int public_intents_per_min = 30;
  // Per-client windows of the public endpoints kept in memory (api/public_limiter.h).
  int public_limiter_buckets = 100'000;
};

// [public]: what the key-less endpoints let anyone hold.
struct PublicEndpointSettings {
  int max_open_intents = 10'000;  // per integration, CREATED and not expired; 0: no cap
  // Live intent event streams open at once, from all clients (each client at
  // most 10); 0: half of http.max_connections, so streams leave room for requests.
  int max_event_streams = 0;
};

struct WebhookSettings {
  bool allow_private_targets = false;
  int concurrency = 4;           // deliveries in flight
  int endpoint_concurrency = 2;  // of which to one endpoint
  int timeout_s = 15;            // one attempt, connection to last byte
  // How long a delivery stays taken by the process attempting it: a process
  // that dies mid-attempt leaves it to another once this runs out.
  int lease_s = 60;
  std::vector<int> retry_schedule_s = {5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400};
};

// [metrics]: Prometheus's /metrics on a listener of its own (cli/metrics_listener.h).
struct MetricsSettings {
  bool enabled = false;  // off unless a listen address is given
  std::string host;
  unsigned short port = 0;  // 0 picks a free port (logged at start)
};

struct IntentSettings {
  int lifetime_s = 1800;  // expiresAt = creation + this
};

// Where currencies' rates come from (domain/money/rate_book.h;
// docs/operator-guide.md "Currencies"). Chainlink's fiat feeds are the
// chains' own (rate_feeds).
struct RateSettings {
  unsigned bound_bp = 100;  // sources further apart than this (1%) price nothing
  // Fixed rates, USD per unit ("1.08" for EUR), for development: never stale.
  std::map<std::string, std::string> fixed;
  std::string ecb_url;      // the ECB's daily reference rates; empty: not read
  std::string ecb_ca_file;  // trust this CA for it (a private mirror, the tests)
  int ecb_refresh_s = 3600;
};

// [email] (DECISIONS §18): how payd reaches an SMTP server. Off while
// smtp_url is empty. The password comes from PAYD_SMTP_PASSWORD only, never
// from the file, and is never logged.
struct EmailSettings {
  std::string smtp_url;  // smtp://host:587 (STARTTLS required) or smtps://host:465 (TLS at once)
  std::string username;  // empty: no authentication
  std::string password;  // from the environment
  std::string from_address;           // the envelope sender and From: payd@shop.example
  std::string from_name;              // From's display name, any language ("Boutique Éloïse")
  std::string ca_file;                // trust this CA for the server (a private relay, the tests)
  int timeout_s = 30;                 // one message, connection to the server's last answer
  int hourly_limit = 10;              // messages to one address in an hour (security ones aside)
  std::vector<int> retry_schedule_s;  // empty: domain::DefaultEmailRetrySchedule()

  bool Enabled() const { return !smtp_url.empty(); }
};

// The ECB's euro foreign exchange reference rates, daily, public and keyless.
inline constexpr const char* kEcbDailyUrl =
    "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml";

// How the watcher talks to one chain's node, beside the chain's rules in the
// catalog: the node's WebSocket for pushed heads, and the provider's limits.
struct ChainProvider {
  // ws:// or wss://: new heads are pushed there (eth_subscribe "newHeads")
  // and wake the watcher before its next poll.
  std::optional<std::string> ws_url;
  unsigned rpc_max_batch = 100;   // calls in one JSON-RPC batch (1: no batches)
  unsigned rpc_max_parallel = 4;  // requests in flight at once while catching up
};

struct Config {
  domain::Environment environment = domain::Environment::kTestnet;
  std::string listen_host = "127.0.0.1";
  unsigned short listen_port = 8080;
  std::string public_url;  // no trailing slash; empty: derived from the bound address
  std::string data_dir = "./data";
  std::string database_url;    // empty: SQLite under data_dir; else postgres://
  int database_pool_size = 0;  // PostgreSQL connections per process; 0: from the worker count
  std::string log_level = "info";
  // Peers whose Forwarded / X-Forwarded-For headers name the client
  // (http/client_address.h); empty: nobody's, the socket address is the client.
  base::IpRanges trusted_proxies;
  HttpSettings http;
  LimitSettings limits;
  PublicEndpointSettings public_endpoints;
  WebhookSettings webhooks;
  IntentSettings intents;
  MetricsSettings metrics;
  RateSettings rates;
  EmailSettings email;
  domain::ChainCatalog catalog;
  std::map<std::int64_t, ChainProvider> providers;  // by chain id; the defaults if absent
  std::string config_file;                          // the file that was read, or empty

  std::string Listen() const;
  // public_url, or http://<listen host>:<port> when none is configured.
  std::string EffectivePublicUrl(unsigned short bound_port) const;
};

struct CommandLine {
  std::optional<std::string> config_file;
  std::optional<std::string> data_dir;
  std::optional<std::string> metrics_listen;  // serve --metrics-listen
};

using EnvLookup = std::function<std::optional<std::string>(const char* name)>;
std::optional<std::string> ProcessEnv(const char* name);

Config LoadConfig(const CommandLine& cli, const EnvLookup& env = ProcessEnv);
// Parses one TOML document onto `config` (used for the defaults and the file).
void ApplyToml(Config& config, const std::string& toml_text, const std::string& source);

extern const char* const kDefaultConfigToml;

}  // namespace payd::config
