#include "config/config.h"

#include <gtest/gtest.h>

#include <map>

namespace payd::config {
namespace {

EnvLookup Env(std::map<std::string, std::string> vars) {
  return [vars](const char* name) -> std::optional<std::string> {
    auto it = vars.find(name);
    if (it == vars.end()) return std::nullopt;
    return it->second;
  };
}

TEST(Config, EmbeddedDefaultsRunOutOfTheBox) {
  Config c = LoadConfig({}, Env({}));
  EXPECT_EQ(c.environment, domain::Environment::kTestnet);
  EXPECT_EQ(c.Listen(), "127.0.0.1:8080");
  EXPECT_EQ(c.EffectivePublicUrl(8080), "http://127.0.0.1:8080");
  EXPECT_EQ(c.data_dir, "./data");
  const domain::ChainInfo* chain = c.catalog.FindChain(31337);
  ASSERT_NE(chain, nullptr);
  EXPECT_EQ(chain->native.symbol, "ETH");
  const domain::TokenInfo* usdc = chain->FindToken("USDC");
  ASSERT_NE(usdc, nullptr);
  EXPECT_EQ(usdc->decimals, 6u);
  EXPECT_TRUE(usdc->UsdPegged());
  EXPECT_EQ(c.limits.api_requests_per_min, 60);
}

TEST(Config, EnvironmentOverridesWin) {
  Config c = LoadConfig({}, Env({{"PAYD_LISTEN", "0.0.0.0:9000"},
                                 {"PAYD_ENVIRONMENT", "mainnet"},
                                 {"PAYD_PUBLIC_URL", "https://pay.example.com/"},
                                 {"PAYD_DATA_DIR", "/var/lib/payd"}}));
  EXPECT_EQ(c.Listen(), "0.0.0.0:9000");
  EXPECT_EQ(c.environment, domain::Environment::kMainnet);
  EXPECT_EQ(c.EffectivePublicUrl(9000), "https://pay.example.com");
  EXPECT_EQ(c.data_dir, "/var/lib/payd");
  Config flag = LoadConfig({std::nullopt, std::string("/tmp/x"), std::nullopt},
                           Env({{"PAYD_DATA_DIR", "/y"}}));
  EXPECT_EQ(flag.data_dir, "/tmp/x");
}

TEST(Config, FileChainsReplaceTheDefaults) {
  Config c;
  ApplyToml(c, kDefaultConfigToml, "defaults");
  ApplyToml(c, R"(
[[chains]]
id = 8453
name = "Base"
rpc_urls = ["https://mainnet.base.org"]
confirmations = "safe"
native = { symbol = "ETH", name = "Ether", decimals = 18 }
[[chains.tokens]]
symbol = "USDC"
name = "USD Coin"
address = "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"
decimals = 6
usd_pegged = true
)",
            "file");
  ASSERT_EQ(c.catalog.chains().size(), 1u);
  EXPECT_EQ(c.catalog.chains()[0].confirmations.ToString(), "safe");
  EXPECT_EQ(*c.catalog.chains()[0].tokens[0].address, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
}

// A chain's provider settings: the WebSocket for pushed heads (none unless
// set), and the provider's limits on batches and requests in flight.
TEST(Config, ChainProviderSettings) {
  auto chain_with = [](const std::string& settings) {
    Config c;
    ApplyToml(c,
              "[[chains]]\nid = 1\nname = \"x\"\nrpc_urls = [\"http://a\"]\n" + settings +
                  "native = { symbol = \"ETH\", name = \"E\" }\n",
              "payd.toml");
    return c.providers.at(1);
  };
  auto plain = chain_with("");
  EXPECT_FALSE(plain.ws_url.has_value());
  EXPECT_EQ(plain.rpc_max_batch, 100u);
  EXPECT_EQ(plain.rpc_max_parallel, 4u);
  auto set = chain_with(
      "ws_url = \"wss://eth.example/v2/KEY\"\nrpc_max_batch = 1\nrpc_max_parallel = 8\n");
  EXPECT_EQ(set.ws_url, "wss://eth.example/v2/KEY");
  EXPECT_EQ(set.rpc_max_batch, 1u);
  EXPECT_EQ(set.rpc_max_parallel, 8u);
  EXPECT_EQ(chain_with("ws_url = \"ws://127.0.0.1:8545\"\n").ws_url, "ws://127.0.0.1:8545");
  auto fails_with = [&](const std::string& settings, const std::string& needle) {
    try {
      chain_with(settings);
    } catch (const ConfigError& e) {
      return std::string(e.what()).find(needle) != std::string::npos;
    }
    return false;
  };
  EXPECT_TRUE(fails_with("ws_url = \"http://127.0.0.1:8545\"\n",
                         "chains[0].ws_url must be a ws:// or wss:// URL"));
  EXPECT_TRUE(fails_with("ws_url = \"ws://\"\n", "chains[0].ws_url"));
  EXPECT_TRUE(fails_with("ws_url = 8546\n", "chains[0].ws_url"));
  EXPECT_TRUE(fails_with("rpc_max_batch = 0\n", "chains[0].rpc_max_batch must be 1 to 1000"));
  EXPECT_TRUE(fails_with("rpc_max_parallel = 33\n", "chains[0].rpc_max_parallel must be 1 to 32"));
}

TEST(Config, TheDocumentedExampleIsTheDefaults) {
  Config documented = LoadConfig(
      {std::string(PAYD_SOURCE_DIR) + "/docs/payd.example.toml", std::nullopt, std::nullopt},
      Env({}));
  Config defaults = LoadConfig({}, Env({}));
  EXPECT_EQ(documented.Listen(), defaults.Listen());
  EXPECT_EQ(documented.data_dir, defaults.data_dir);
  EXPECT_EQ(documented.limits.api_requests_per_min, defaults.limits.api_requests_per_min);
  EXPECT_EQ(documented.limits.public_reads_per_min, defaults.limits.public_reads_per_min);
  EXPECT_EQ(documented.limits.public_limiter_buckets, defaults.limits.public_limiter_buckets);
  EXPECT_EQ(documented.public_endpoints.max_open_intents,
            defaults.public_endpoints.max_open_intents);
  EXPECT_EQ(documented.http.idle_timeout_s, defaults.http.idle_timeout_s);
  EXPECT_EQ(documented.webhooks.retry_schedule_s, defaults.webhooks.retry_schedule_s);
  EXPECT_TRUE(documented.trusted_proxies.empty());
  EXPECT_FALSE(documented.metrics.enabled);
  EXPECT_TRUE(defaults.trusted_proxies.empty());
  ASSERT_EQ(documented.catalog.chains().size(), 1u);
  EXPECT_EQ(documented.catalog.chains()[0].tokens[0].address,
            defaults.catalog.chains()[0].tokens[0].address);
}

TEST(Config, TrustedProxiesFromTheFileOrTheEnvironment) {
  Config c;
  ApplyToml(c, R"(trusted_proxies = ["127.0.0.1", "10.0.0.0/8", "fd00::/8"])", "file");
  EXPECT_EQ(c.trusted_proxies.ToStrings(),
            (std::vector<std::string>{"127.0.0.1/32", "10.0.0.0/8", "fd00::/8"}));
  Config env = LoadConfig({}, Env({{"PAYD_TRUSTED_PROXIES", " 10.0.0.0/8 ,::1"}}));
  EXPECT_EQ(env.trusted_proxies.ToStrings(), (std::vector<std::string>{"10.0.0.0/8", "::1/128"}));
}

// [metrics] listen: off by default; the file, then PAYD_METRICS_LISTEN, then the flag.
TEST(Config, MetricsListenerIsOffUnlessConfigured) {
  Config defaults = LoadConfig({}, Env({}));
  EXPECT_FALSE(defaults.metrics.enabled);
  Config file;
  ApplyToml(file, "[metrics]\nlisten = \"127.0.0.1:9464\"", "file");
  EXPECT_TRUE(file.metrics.enabled);
  EXPECT_EQ(file.metrics.host, "127.0.0.1");
  EXPECT_EQ(file.metrics.port, 9464);
  Config env = LoadConfig({}, Env({{"PAYD_METRICS_LISTEN", "[::1]:9100"}}));
  EXPECT_TRUE(env.metrics.enabled);
  EXPECT_EQ(env.metrics.host, "::1");
  EXPECT_EQ(env.metrics.port, 9100);
  CommandLine flag;
  flag.metrics_listen = "0.0.0.0:0";
  Config flagged = LoadConfig(flag, Env({{"PAYD_METRICS_LISTEN", "127.0.0.1:9100"}}));
  EXPECT_EQ(flagged.metrics.host, "0.0.0.0");
  EXPECT_EQ(flagged.metrics.port, 0);
  EXPECT_THROW(LoadConfig({}, Env({{"PAYD_METRICS_LISTEN", "9464"}})), ConfigError);
}

TEST(Config, MistakesAreNamed) {
  auto fails_with = [](const std::string& toml, const std::string& needle) {
    Config c;
    try {
      ApplyToml(c, toml, "payd.toml");
    } catch (const ConfigError& e) {
      return std::string(e.what()).find(needle) != std::string::npos;
    }
    return false;
  };
  EXPECT_TRUE(fails_with("listn = \"x\"", "listn is not a known setting"));
  EXPECT_TRUE(fails_with("environment = \"prod\"", "environment"));
  EXPECT_TRUE(fails_with("listen = \"8080\"", "listen"));
  EXPECT_TRUE(
      fails_with("[limits]\napi_requests_per_min = \"lots\"", "limits.api_requests_per_min"));
  EXPECT_TRUE(
      fails_with("[[chains]]\nid = 1\nname = \"x\"\nrpc_urls = [\"http://a\"]\n"
                 "native = { symbol = \"ETH\", name = \"E\" }\n[[chains.tokens]]\n"
                 "symbol = \"T\"\nname = \"T\"\naddress = \"0x1\"\n",
                 "chains[0].tokens[0].address"));
  EXPECT_TRUE(fails_with("environment = ", "payd.toml:1"));
  EXPECT_TRUE(
      fails_with("[public]\nmax_open_intent = 3", "max_open_intent is not a known setting"));
  EXPECT_TRUE(fails_with("[limits]\npublic_limiter_buckets = 5", "at least 100"));
  EXPECT_TRUE(fails_with("[metrics]\nlisten = \"9464\"", "[metrics] listen must be host:port"));
  EXPECT_TRUE(fails_with("[metrics]\nport = 9464", "port is not a known setting"));
  EXPECT_TRUE(fails_with(R"(trusted_proxies = ["127.0.0.1", "10.0.0.0/33"])",
                         R"(payd.toml: trusted_proxies[1] "10.0.0.0/33" has a prefix length)"));
  EXPECT_TRUE(fails_with(R"(trusted_proxies = ["10.1.2.3/8"])", "the range is 10.0.0.0/8"));
  EXPECT_TRUE(fails_with(R"(trusted_proxies = "127.0.0.1")", "must be an array of strings"));
  auto env_fails_with = [](const std::string& value, const std::string& needle) {
    try {
      LoadConfig({}, Env({{"PAYD_TRUSTED_PROXIES", value}}));
    } catch (const ConfigError& e) {
      return std::string(e.what()).find(needle) != std::string::npos;
    }
    return false;
  };
  EXPECT_TRUE(env_fails_with("127.0.0.1,localhost", R"(PAYD_TRUSTED_PROXIES: "localhost" is not)"));
  EXPECT_TRUE(env_fails_with("127.0.0.1,,::1", R"(PAYD_TRUSTED_PROXIES: "" is not)"));
}

}  // namespace
}  // namespace payd::config
