// payd's chain catalog (config/chain_presets.h) held to its rules, and the
// config that names chains by it (tests/unit/data/chain_configs.tsv: add a
// line to add a case).
#include "config/chain_presets.h"

#include <gtest/gtest.h>
#include <toml++/toml.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <set>

#include "base/strings.h"
#include "config/config.h"
#include "domain/money/address.h"
#include "domain/money/currency.h"
#include "test_data.h"

namespace payd::config {
namespace {

// EIP-155 chain ids, as each chain publishes them (and chainlist.org), and
// whether it is a testnet.
const std::map<std::string, std::pair<std::int64_t, bool>> kChains = {
    {"ethereum", {1, false}},      {"sepolia", {11155111, true}},
    {"base", {8453, false}},       {"base-sepolia", {84532, true}},
    {"arbitrum", {42161, false}},  {"arbitrum-sepolia", {421614, true}},
    {"optimism", {10, false}},     {"optimism-sepolia", {11155420, true}},
    {"polygon", {137, false}},     {"polygon-amoy", {80002, true}},
    {"bsc", {56, false}},          {"bsc-testnet", {97, true}},
    {"avalanche", {43114, false}}, {"avalanche-fuji", {43113, true}},
};

TEST(ChainPresets, TheChainsMerchantsUseWithTheirTestnetsAndTheirOwnIds) {
  std::set<std::string> keys;
  std::set<std::int64_t> ids;
  for (const auto& preset : ChainPresets()) {
    EXPECT_TRUE(keys.insert(preset.key).second) << preset.key << " twice";
    EXPECT_TRUE(ids.insert(preset.chain.id).second) << preset.chain.id << " twice";
    auto expected = kChains.find(preset.key);
    ASSERT_NE(expected, kChains.end()) << preset.key << " is not in this test's list";
    EXPECT_EQ(preset.chain.id, expected->second.first) << preset.key;
    EXPECT_EQ(preset.testnet, expected->second.second) << preset.key;
    EXPECT_FALSE(preset.why.empty()) << preset.key << ": why these confirmations";
    EXPECT_GT(preset.block_time_ms, 0u) << preset.key;
    EXPECT_TRUE(preset.chain.rpc_urls.empty()) << preset.key << ": the operator's own";
  }
  EXPECT_EQ(keys.size(), kChains.size());
}

TEST(ChainPresets, EachMainnetAndItsTestnetNameEachOther) {
  for (const auto& preset : ChainPresets()) {
    const ChainPreset* pair = FindPreset(preset.pair);
    ASSERT_NE(pair, nullptr) << preset.key << " pairs with " << preset.pair;
    EXPECT_EQ(pair->pair, preset.key);
    EXPECT_NE(pair->testnet, preset.testnet) << preset.key << " and " << pair->key;
  }
}

// Each address exactly as written in the catalog, with where it is.
std::vector<std::pair<std::string, std::string>> WrittenAddresses() {
  toml::table root = toml::parse(ChainPresetsToml());
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& node : *root["preset"].as_array()) {
    const auto& preset = *node.as_table();
    std::string key = preset["key"].value_or(std::string());
    if (auto feed = preset["native"]["price_feed"].value<std::string>())
      out.emplace_back(key + " native feed", *feed);
    if (const auto* tokens = preset["tokens"].as_array()) {
      for (const auto& token : *tokens)
        out.emplace_back(key + " " + token.as_table()->at("symbol").value_or(std::string()),
                         token.as_table()->at("address").value_or(std::string()));
    }
    if (const auto* swap = preset["swap"].as_table()) {
      for (const char* contract : {"router", "quoter", "permit2", "wrapped_native"})
        out.emplace_back(key + " swap " + contract, (*swap)[contract].value_or(std::string()));
    }
    if (const auto* feeds = preset["rate_feeds"].as_array()) {
      for (const auto& feed : *feeds)
        out.emplace_back(
            key + " " + feed.as_table()->at("currency").value_or(std::string()) + " rate feed",
            feed.as_table()->at("address").value_or(std::string()));
    }
  }
  return out;
}

TEST(ChainPresets, EveryAddressIsWrittenWithItsEip55Checksum) {
  auto written = WrittenAddresses();
  ASSERT_GT(written.size(), 20u);
  for (const auto& [where, text] : written) {
    // Mixed case carries the checksum: one changed digit fails it (an
    // address of digits alone, as OP Stack's 0x42...06, has no case to mix).
    if (text.substr(2).find_first_not_of("0123456789") != std::string::npos) {
      EXPECT_NE(text, base::AsciiLower(text)) << where << " is not written in mixed case";
    }
    EXPECT_EQ(domain::ParseAddress(text).value_or("(checksum fails)"), text) << where;
  }
}

TEST(ChainPresets, EveryContractNamesItsIssuersListAndTheIssuersDecimals) {
  for (const auto& preset : ChainPresets()) {
    for (const auto& token : preset.chain.tokens) {
      std::string where = preset.key + " " + token.symbol;
      ASSERT_TRUE(token.source.has_value()) << where;
      EXPECT_NE(token.source->find("https://"), std::string::npos) << where;
      EXPECT_TRUE(token.peg.has_value()) << where;
      // Circle: "USDC uses 6 decimals on all ecosystems"; Dai is 18; Tether's
      // USDT is 6, Binance's bridged BSC-USD 18.
      unsigned decimals = token.symbol == "DAI" || preset.key == "bsc" ? 18 : 6;
      EXPECT_EQ(token.decimals, decimals) << where;
      if (token.symbol == "USDC" || token.symbol == "EURC") {
        EXPECT_EQ(token.source->rfind("Circle: ", 0), 0u) << where;
      }
      // A stablecoin is worth one unit of its currency, and no other.
      if (token.symbol == "USDC" || token.symbol == "USDT" || token.symbol == "DAI") {
        EXPECT_EQ(token.peg.value_or("none"), "USD") << where;
      }
      if (token.symbol == "EURC") {
        EXPECT_EQ(token.peg.value_or("none"), "EUR") << where;
        EXPECT_EQ(*token.source,
                  "Circle: https://developers.circle.com/stablecoins/eurc-contract-addresses")
            << where;
      }
    }
    if (preset.chain.native.price_feed) {
      EXPECT_EQ(preset.chain.native.source.value_or("").rfind("Chainlink: ", 0), 0u) << preset.key;
    }
    if (!preset.testnet) {
      EXPECT_FALSE(preset.chain.tokens.empty()) << preset.key;
    }
  }
}

TEST(ChainPresets, EveryRateFeedIsChainlinksForACurrencyPaydKnows) {
  std::size_t count = 0;
  for (const auto& preset : ChainPresets()) {
    std::set<std::string> currencies;
    for (const auto& feed : preset.chain.rate_feeds) {
      ++count;
      std::string where = preset.key + " " + feed.currency + " rate feed";
      EXPECT_TRUE(domain::FindCurrency(feed.currency).has_value()) << where;
      EXPECT_NE(feed.currency, "USD") << where;
      EXPECT_TRUE(currencies.insert(feed.currency).second) << where << " twice";
      // Chainlink's docs page for the chain, searched for the feed's own pair.
      std::string source = feed.source.value_or("");
      EXPECT_EQ(source.rfind("Chainlink: https://docs.chain.link/", 0), 0u) << where;
      EXPECT_NE(source.find("search=" + feed.currency + "%2FUSD"), std::string::npos) << where;
      // A heartbeat (20 minutes to a day) plus an hour; at most two days.
      EXPECT_GE(feed.max_age_s, 3600u) << where;
      EXPECT_LE(feed.max_age_s, 172800u) << where;
      EXPECT_EQ(domain::ParseAddress(feed.address).value_or("(checksum fails)"), feed.address)
          << where;
    }
  }
  EXPECT_GT(count, 20u);
}

// `<id>.<...>` of the chain config `c` read, as chain_configs.tsv names it.
std::string Field(const Config& c, const std::string& path) {
  if (path == "chains") return std::to_string(c.catalog.chains().size());
  auto dot = path.find('.');
  const domain::ChainInfo* chain = c.catalog.FindChain(std::stoll(path.substr(0, dot)));
  if (!chain) return "(no chain)";
  std::string rest = path.substr(dot + 1);
  auto opt = [](const std::optional<std::string>& v) { return v.value_or("none"); };
  if (rest == "name") return chain->name;
  if (rest == "rpc") return chain->rpc_urls.empty() ? "none" : chain->rpc_urls[0];
  if (rest == "rpcs") return std::to_string(chain->rpc_urls.size());
  if (rest == "quorum") return std::to_string(chain->quorum);
  if (rest == "confirmations") return chain->confirmations.ToString();
  if (rest == "poll") return std::to_string(chain->poll_interval_ms);
  if (rest == "explorer") return opt(chain->explorer_url);
  if (rest == "tokens") return std::to_string(chain->tokens.size());
  if (rest == "feeds") return std::to_string(chain->rate_feeds.size());
  if (rest.starts_with("swap.")) {  // swap.router / .quoter / .permit2 / .wrapped_native
    if (!chain->swap) return "none";
    std::string part = rest.substr(5);
    return part == "router"    ? chain->swap->router
           : part == "quoter"  ? chain->swap->quoter
           : part == "permit2" ? chain->swap->permit2
                               : chain->swap->wrapped_native;
  }
  if (rest.starts_with("feed.")) {  // feed.<CUR> (its address) or feed.<CUR>.age
    std::string currency = rest.substr(5, 3);
    for (const auto& feed : chain->rate_feeds) {
      if (feed.currency != currency) continue;
      if (rest.ends_with(".age")) return std::to_string(feed.max_age_s);
      return feed.address;
    }
    return "(no feed)";
  }
  dot = rest.find('.');
  const domain::TokenInfo* token = chain->FindToken(rest.substr(0, dot));
  if (!token) return "(no token)";
  std::string what = rest.substr(dot + 1);
  if (what == "decimals") return std::to_string(token->decimals);
  if (what == "address") return opt(token->address);
  if (what == "feed") return opt(token->price_feed);
  if (what == "price") return opt(token->price_usd);
  if (what == "pegged") return token->UsdPegged() ? "true" : "false";
  if (what == "peg") return opt(token->peg);
  return "(unknown check " + what + ")";
}

// The providers each preset suggests are a working `providers = [...]`:
// HTTPS, run by three different operators (independent, issue 41), and read
// by payd's own config reader into a quorum of two.
TEST(ChainPresets, SuggestThreeIndependentProvidersThatPaydReads) {
  std::string file = ::testing::TempDir() + "/payd-suggested-providers.toml";
  for (const auto& preset : ChainPresets()) {
    SCOPED_TRACE(preset.key);
    ASSERT_EQ(preset.suggested_providers.size(), 3u);
    std::set<std::string> operators, hosts;
    std::string list;
    for (const auto& p : preset.suggested_providers) {
      EXPECT_TRUE(p.url.starts_with("https://")) << p.url;
      EXPECT_EQ(p.url.find('?'), std::string::npos) << p.url << ": no key in a public endpoint";
      operators.insert(p.by);
      hosts.insert(p.url.substr(8, p.url.find('/', 8) - 8));
      list += (list.empty() ? "\"" : ", \"") + p.url + "\"";
    }
    EXPECT_EQ(operators.size(), 3u) << "three companies, not one thrice";
    EXPECT_EQ(hosts.size(), 3u);
    std::ofstream(file) << "chains = [\"" << preset.key << "\"]\n[chain." << preset.key
                        << "]\nproviders = [" << list << "]\n";
    EnvLookup env = [&](const char* name) -> std::optional<std::string> {
      if (std::string(name) == "PAYD_ENVIRONMENT") return preset.testnet ? "testnet" : "mainnet";
      return std::nullopt;
    };
    Config config = LoadConfig({file, std::nullopt, std::nullopt}, env);
    const auto* chain = config.catalog.FindChain(preset.chain.id);
    ASSERT_NE(chain, nullptr);
    EXPECT_EQ(chain->rpc_urls.size(), 3u);
    EXPECT_EQ(chain->quorum, 2u);
  }
  std::remove(file.c_str());
}

TEST(ChainConfigs, AsTheCaseTableSays) {
  auto cases = testing::ReadCases("chain_configs.tsv");
  ASSERT_GT(cases.size(), 10u);
  std::string file = ::testing::TempDir() + "/payd-chain-config.toml";
  for (const auto& c : cases) {
    ASSERT_EQ(c.columns.size(), 3u) << "line " << c.line;
    std::string text = c.columns[1];
    for (std::size_t at; (at = text.find("\\n")) != std::string::npos;) text.replace(at, 2, "\n");
    std::ofstream(file) << text;
    const std::string& expected = c.columns[2];
    EnvLookup env = [&](const char* name) -> std::optional<std::string> {
      if (std::string(name) == "PAYD_ENVIRONMENT") return c.columns[0];
      return std::nullopt;
    };
    try {
      Config config = LoadConfig({file, std::nullopt, std::nullopt}, env);
      ASSERT_FALSE(expected.starts_with("error:")) << "line " << c.line << ": no error";
      std::stringstream checks(expected);
      for (std::string check; checks >> check;) {
        auto eq = check.find('=');
        std::string want = check.substr(eq + 1);
        for (char& ch : want) ch = ch == '_' ? ' ' : ch;
        EXPECT_EQ(Field(config, check.substr(0, eq)), want) << "line " << c.line << ": " << check;
      }
    } catch (const ConfigError& e) {
      ASSERT_TRUE(expected.starts_with("error: ")) << "line " << c.line << ": " << e.what();
      EXPECT_NE(std::string(e.what()).find(expected.substr(7)), std::string::npos)
          << "line " << c.line << ": " << e.what();
    }
  }
  std::remove(file.c_str());
}

}  // namespace
}  // namespace payd::config
