// The [rates] table, the chains' rate feeds and tokens' pegs as payd reads
// them (docs/operator-guide.md "Currencies"), and what a configuration
// prices in once `payd serve` has set its rate book up (cli/rate_sources.h).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "cli/rate_sources.h"
#include "config/config.h"

namespace payd::config {
namespace {

EnvLookup NoEnv() {
  return [](const char*) -> std::optional<std::string> { return std::nullopt; };
}

// The configuration `payd serve --config <file>` runs with, the file holding `toml`.
Config FromFile(const std::string& toml) {
  auto path = std::filesystem::temp_directory_path() /
              ("payd-rates-" + std::to_string(::getpid()) + ".toml");
  std::ofstream(path) << toml;
  Config c = LoadConfig({path.string(), std::nullopt, std::nullopt}, NoEnv());
  std::filesystem::remove(path);
  return c;
}

const char* kLocalnet = R"(
[[chains]]
id = 31337
name = "Localnet"
rpc_urls = ["http://127.0.0.1:8545"]
native = { symbol = "ETH", name = "Ether", decimals = 18, price_usd = "3000" }
[[chains.tokens]]
symbol = "EURC"
name = "EURC"
address = "0x5FbDB2315678afecb367f032d93F642f64180aa3"
decimals = 6
peg = "EUR"
[[chains.rate_feeds]]
currency = "CHF"
address = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512"
max_age_s = 7200
)";

TEST(RatesConfig, TheEmbeddedDefaultsFixEuroAndPoundForTheLocalChainOnly) {
  Config defaults = LoadConfig({}, NoEnv());
  EXPECT_EQ(defaults.rates.fixed,
            (std::map<std::string, std::string>{{"EUR", "1.08"}, {"GBP", "1.27"}}));
  EXPECT_TRUE(defaults.rates.ecb_url.empty());
  domain::RateBook book;
  EXPECT_EQ(cli::SetUpRates(defaults, book), (std::vector<std::string>{"EUR", "GBP", "USD"}));
  // A file names its own sources: the defaults' development rates are not among them.
  Config file = FromFile(kLocalnet);
  EXPECT_TRUE(file.rates.fixed.empty());
}

TEST(RatesConfig, SourcesPegsAndFeedsAsWritten) {
  Config c = FromFile(std::string(kLocalnet) +
                      "[rates]\nbound_bp = 50\necb = true\nfixed = { SEK = \"0.0950\" }\n");
  EXPECT_EQ(c.rates.bound_bp, 50u);
  EXPECT_EQ(c.rates.ecb_url, kEcbDailyUrl);
  const domain::ChainInfo* chain = c.catalog.FindChain(31337);
  ASSERT_NE(chain, nullptr);
  EXPECT_EQ(chain->FindToken("EURC")->peg, "EUR");
  ASSERT_EQ(chain->rate_feeds.size(), 1u);
  EXPECT_EQ(chain->rate_feeds[0].currency, "CHF");
  EXPECT_EQ(chain->rate_feeds[0].max_age_s, 7200u);
  domain::RateBook book;
  auto covered = cli::SetUpRates(c, book);
  // The ECB's currencies, the feed's and the fixed one; BHD is nobody's.
  for (const char* code : {"USD", "EUR", "GBP", "JPY", "CHF", "SEK", "ZAR"})
    EXPECT_NE(std::find(covered.begin(), covered.end(), code), covered.end()) << code;
  EXPECT_EQ(std::find(covered.begin(), covered.end(), "BHD"), covered.end());
  // SEK has two sources, the fixed rate and the ECB's: unpriced until the ECB answers.
  EXPECT_THROW(book.Current("SEK", base::NowMs()), domain::PriceUnavailable);
  Config fixed_only = FromFile(std::string(kLocalnet) + "[rates]\nfixed = { SEK = \"0.0950\" }\n");
  domain::RateBook fixed_book;
  cli::SetUpRates(fixed_only, fixed_book);
  auto sek = fixed_book.Current("SEK", base::NowMs());
  EXPECT_EQ(domain::RateText(sek.value), "0.095");
  EXPECT_EQ(sek.sources, std::vector<std::string>{"config"});
}

TEST(RatesConfig, EthereumsPresetPricesInTheCurrenciesOfItsChainlinkFeeds) {
  const std::string ethereum =
      "environment = \"mainnet\"\nchains = [\"ethereum\"]\n[chain.ethereum]\n"
      "rpc_urls = [\"https://eth.example\"]\n";
  domain::RateBook book;
  EXPECT_EQ(cli::SetUpRates(FromFile(ethereum), book),
            (std::vector<std::string>{"AUD", "CAD", "CHF", "EUR", "GBP", "JPY", "USD"}));
  // With the ECB's reference rates too: its thirty currencies, those six checked by two sources.
  domain::RateBook both;
  auto covered = cli::SetUpRates(FromFile(ethereum + "[rates]\necb = true\n"), both);
  EXPECT_EQ(covered.size(), 30u);  // the ECB's 28 besides EUR, EUR, and USD
  EXPECT_EQ(std::find(covered.begin(), covered.end(), "BGN"), covered.end());
}

TEST(RatesConfig, MistakesAreNamed) {
  auto fails_with = [](const std::string& toml, const std::string& needle) {
    Config c;
    try {
      ApplyToml(c, toml, "payd.toml");
    } catch (const ConfigError& e) {
      if (std::string(e.what()).find(needle) != std::string::npos) return true;
      ADD_FAILURE() << e.what();
    }
    return false;
  };
  EXPECT_TRUE(fails_with("[rates]\nbound_bp = 0", "rates.bound_bp"));
  EXPECT_TRUE(fails_with("[rates]\nfixed = { USD = \"1\" }", "rates.fixed.USD"));
  EXPECT_TRUE(fails_with("[rates]\nfixed = { XYZ = \"1\" }", "rates.fixed.XYZ"));
  EXPECT_TRUE(fails_with("[rates]\nfixed = { EUR = \"1e3\" }", "rates.fixed.EUR"));
  EXPECT_TRUE(fails_with("[rates]\nfixed = { EUR = \"0\" }", "rates.fixed.EUR"));
  EXPECT_TRUE(fails_with("[rates]\nfixed = { EUR = 1.08 }", "rates.fixed.EUR"));
  EXPECT_TRUE(fails_with("[rates]\necb_url = \"http://x.example/f.xml\"", "rates.ecb_url"));
  EXPECT_TRUE(fails_with("[rates]\necb_refresh_s = 5", "rates.ecb_refresh_s"));
  EXPECT_TRUE(fails_with("[rates]\necb = \"yes\"", "rates.ecb"));
  EXPECT_TRUE(fails_with("[rates]\nbound = 100", "bound is not a known setting"));
  std::string chain = kLocalnet;
  auto with = [&](const std::string& from, const std::string& to) {
    std::string text = chain;
    text.replace(text.find(from), from.size(), to);
    return text;
  };
  EXPECT_TRUE(fails_with(with("peg = \"EUR\"", "peg = \"XYZ\""), "tokens[0].peg"));
  EXPECT_TRUE(fails_with(with("peg = \"EUR\"", "peg = \"EUR\"\nusd_pegged = true"), "peg"));
  EXPECT_TRUE(
      fails_with(with("currency = \"CHF\"", "currency = \"USD\""), "rate_feeds[0].currency"));
  EXPECT_TRUE(fails_with(with("0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
                              "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512x"),
                         "rate_feeds[0].address"));
  EXPECT_TRUE(fails_with(with("max_age_s = 7200", "max_age_s = 0"), "rate_feeds[0].max_age_s"));
  EXPECT_TRUE(fails_with(with("max_age_s = 7200", "heartbeat = 7200"), "heartbeat"));
}

}  // namespace
}  // namespace payd::config
