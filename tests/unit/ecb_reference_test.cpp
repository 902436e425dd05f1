// The ECB's reference rates (rates/ecb_reference.h, issue 36): what payd takes
// of eurofxref-daily.xml, what it refuses (hostile XML included: entity
// expansion, external entities), and the exact USD rates it makes of a day.
// Cases: tests/unit/data/ecb/ (files.tsv, variants.tsv, cross_rates.tsv,
// good_usd_rates.tsv), every expected value worked out by hand.
#include "rates/ecb_reference.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "test_data.h"

namespace payd::rates {
namespace {

std::string EcbFile(const std::string& name) {
  std::ifstream in(std::string(PAYD_TEST_DATA_DIR) + "/ecb/" + name, std::ios::binary);
  EXPECT_TRUE(in) << name;
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// "\n" and "\t" in a table's column: a newline and a tab.
std::string EcbUnescape(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size() && (text[i + 1] == 'n' || text[i + 1] == 't')) {
      out += text[++i] == 'n' ? '\n' : '\t';
    } else {
      out += text[i];
    }
  }
  return out;
}

std::string EcbReplaceAll(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

// A rate with exactly its decimals: 11612 with 4 is "1.1612", 5 * 10^17 with 18 "0.500...0".
std::string EcbFixedText(const domain::UsdRate& rate) {
  std::string digits = rate.answer.str();
  if (rate.decimals == 0) return digits;
  if (digits.size() <= rate.decimals) digits.insert(0, rate.decimals - digits.size() + 1, '0');
  return digits.substr(0, digits.size() - rate.decimals) + "." +
         digits.substr(digits.size() - rate.decimals);
}

// Checks `problem` against a table's expectation: OK, or a part of the problem.
void EcbExpectOutcome(const std::optional<EcbDay>& day, const std::string& problem,
                      const std::string& expected) {
  EXPECT_EQ(problem.find('\n'), std::string::npos) << "one line: " << problem;
  if (expected == "OK") {
    EXPECT_TRUE(day) << problem;
    EXPECT_EQ(problem, "");
    return;
  }
  EXPECT_FALSE(day);
  EXPECT_NE(problem.find(expected), std::string::npos) << problem;
}

TEST(EcbReference, ReadsTheEcbDailyFile) {
  std::string problem = "stale";
  auto day = ParseEcbDaily(EcbFile("good.xml"), &problem);
  ASSERT_TRUE(day) << problem;
  EXPECT_EQ(problem, "");
  EXPECT_EQ(day->date, "2025-12-02");
  // The ECB's 30 currencies, in its order.
  const std::vector<std::string> codes = {"USD", "JPY", "BGN", "CZK", "DKK", "GBP", "HUF", "PLN",
                                          "RON", "SEK", "CHF", "ISK", "NOK", "TRY", "AUD", "BRL",
                                          "CAD", "CNY", "HKD", "IDR", "ILS", "INR", "KRW", "MXN",
                                          "MYR", "NZD", "PHP", "SGD", "THB", "ZAR"};
  ASSERT_EQ(day->per_euro.size(), codes.size());
  for (std::size_t i = 0; i < codes.size(); ++i) EXPECT_EQ(day->per_euro[i].first, codes[i]);
  // As published, trailing zeros kept.
  EXPECT_EQ(day->per_euro[0].second, "1.1612");
  EXPECT_EQ(day->per_euro[5].second, "0.87975");
  EXPECT_EQ(day->per_euro[11].second, "147.90");
  EXPECT_EQ(day->per_euro[12].second, "11.7480");
  EXPECT_EQ(day->per_euro[19].second, "19361.41");
  EXPECT_TRUE(ParseEcbDaily(EcbFile("good.xml"), nullptr)) << "no problem wanted: fine";
}

TEST(EcbReference, SampleFilesTable) {
  auto cases = testing::ReadCases("ecb/files.tsv");
  ASSERT_GE(cases.size(), 11u);
  for (const auto& c : cases) {
    SCOPED_TRACE("ecb/files.tsv:" + std::to_string(c.line) + " " + c.columns.at(0));
    ASSERT_EQ(c.columns.size(), 2u);
    std::string problem;
    auto day = ParseEcbDaily(EcbFile(c.columns[0]), &problem);
    EcbExpectOutcome(day, problem, c.columns[1]);
    EXPECT_EQ(problem.find("root:"), std::string::npos) << "/etc/passwd was read";
  }
}

TEST(EcbReference, VariantsTable) {
  const std::string good = EcbFile("good.xml");
  auto cases = testing::ReadCases("ecb/variants.tsv");
  ASSERT_GE(cases.size(), 40u);
  for (const auto& c : cases) {
    SCOPED_TRACE("ecb/variants.tsv:" + std::to_string(c.line));
    ASSERT_EQ(c.columns.size(), 3u);
    const std::string from = EcbUnescape(c.columns[0]);
    ASSERT_NE(good.find(from), std::string::npos) << "good.xml has no " << from;
    std::string problem;
    auto day = ParseEcbDaily(EcbReplaceAll(good, from, EcbUnescape(c.columns[1])), &problem);
    EcbExpectOutcome(day, problem, c.columns[2]);
  }
}

TEST(EcbReference, RefusesMoreThanAMegabyteUnread) {
  std::string good = EcbFile("good.xml");
  // Padded with a comment (which the parser skips) to exactly the limit: read.
  std::string padded = good + "<!--" + std::string(kEcbMaxBytes - good.size() - 7, 'x') + "-->";
  ASSERT_EQ(padded.size(), kEcbMaxBytes);
  std::string problem;
  EXPECT_TRUE(ParseEcbDaily(padded, &problem)) << problem;
  // One byte more, even of well-formed XML: refused before parsing.
  EXPECT_FALSE(ParseEcbDaily(padded + " ", &problem));
  EXPECT_EQ(problem, "larger than 1048576 bytes");
}

TEST(EcbReference, ExpandsNoEntityQuickly) {
  auto start = std::chrono::steady_clock::now();
  std::string problem;
  EXPECT_FALSE(ParseEcbDaily(EcbFile("billion_laughs.xml"), &problem));
  EXPECT_NE(problem.find("a DOCTYPE"), std::string::npos) << problem;
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
}

// An external entity that, were it read, would add a currency to the day
// (and one that would make it malformed): neither file is opened.
TEST(EcbReference, ReadsNoExternalEntity) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path();
  const std::string tag = std::to_string(::getpid());
  const std::filesystem::path rows = dir / ("payd_ecb_rows_" + tag + ".xml");
  std::ofstream(rows) << "<Cube currency='XAU' rate='0.0004'/>";
  std::string good = EcbFile("good.xml");
  std::string doctype =
      "<!DOCTYPE gesmes:Envelope [<!ENTITY rows SYSTEM \"file://" + rows.string() + "\">]>\n";
  std::string xml =
      EcbReplaceAll(EcbReplaceAll(good, "<gesmes:Envelope", doctype + "<gesmes:Envelope"),
                    "<Cube currency='USD'", "&rows;<Cube currency='USD'");
  std::string problem;
  auto day = ParseEcbDaily(xml, &problem);
  std::filesystem::remove(rows);
  EXPECT_FALSE(day) << "the entity's currency was read";
  EXPECT_NE(problem.find("a DOCTYPE"), std::string::npos) << problem;
  EXPECT_EQ(problem.find("XAU"), std::string::npos) << problem;
}

TEST(EcbReference, DayTimeIs14Utc) {
  // python3: datetime(2025, 12, 2, 14, tzinfo=timezone.utc).timestamp() * 1000, and so on.
  EXPECT_EQ(EcbDayTime("2025-12-02"), 1'764'684'000'000);  // winter: 15:00 CET
  EXPECT_EQ(EcbDayTime("2025-07-01"), 1'751'378'400'000);  // summer: 16:00 CEST
  EXPECT_EQ(EcbDayTime("2024-02-29"), 1'709'215'200'000);
  EXPECT_EQ(EcbDayTime("1999-01-04"), 915'458'400'000);  // the ECB's first rates
  EXPECT_EQ(EcbDayTime("2025-12-02"), base::ParseRfc3339("2025-12-02T14:00:00Z").value_or(-1));
  for (const char* not_a_day : {"2025-02-29", "2025-12-32", "2025-00-10", "", "20251202",
                                "2025-12-02T14:00:00Z", "2025-1-2", "yyyy-mm-dd"}) {
    EXPECT_EQ(EcbDayTime(not_a_day), 0) << not_a_day;
  }
}

TEST(EcbReference, UsdRatesOfTheSampleDay) {
  std::string problem;
  auto day = ParseEcbDaily(EcbFile("good.xml"), &problem);
  ASSERT_TRUE(day) << problem;
  auto rates = EcbUsdRates(*day);
  auto cases = testing::ReadCases("ecb/good_usd_rates.tsv");
  ASSERT_EQ(cases.size(), 30u) << "EUR and the 29 currencies but USD";
  ASSERT_EQ(rates.size(), cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const auto& c = cases[i];
    SCOPED_TRACE("ecb/good_usd_rates.tsv:" + std::to_string(c.line));
    ASSERT_EQ(c.columns.size(), 3u);
    EXPECT_EQ(rates[i].first, c.columns[0]);
    EXPECT_EQ(EcbFixedText(rates[i].second), c.columns[2]);
    EXPECT_EQ(rates[i].second.decimals, c.columns[0] == "EUR" ? 4u : kEcbCrossDecimals);
  }
}

TEST(EcbReference, CrossRatesTable) {
  auto cases = testing::ReadCases("ecb/cross_rates.tsv");
  ASSERT_GE(cases.size(), 15u);
  for (const auto& c : cases) {
    SCOPED_TRACE("ecb/cross_rates.tsv:" + std::to_string(c.line));
    ASSERT_EQ(c.columns.size(), 3u);
    // USD second: it is found wherever it stands.
    EcbDay day{"2025-12-02", {{"XXX", c.columns[1]}, {"USD", c.columns[0]}}};
    auto rates = EcbUsdRates(day);
    ASSERT_EQ(rates.size(), 2u);
    EXPECT_EQ(rates[0].first, "EUR");
    EXPECT_EQ(EcbFixedText(rates[0].second), c.columns[0]) << "USD per EUR, exactly as published";
    EXPECT_EQ(rates[1].first, "XXX");
    EXPECT_EQ(rates[1].second.decimals, kEcbCrossDecimals);
    EXPECT_EQ(EcbFixedText(rates[1].second), c.columns[2]);
  }
}

TEST(EcbReference, NoUsdRateNoRates) {
  std::string problem;
  auto day = ParseEcbDaily(EcbFile("no_usd.xml"), &problem);
  ASSERT_TRUE(day) << problem;
  EXPECT_EQ(day->per_euro.size(), 29u);
  EXPECT_TRUE(EcbUsdRates(*day).empty());
  for (const char* usd : {"0", "0.0000", "1e3", "-1.08", ""}) {
    EXPECT_TRUE(EcbUsdRates(EcbDay{"2025-12-02", {{"USD", usd}, {"GBP", "0.85"}}}).empty()) << usd;
  }
}

// A day made by hand rather than by ParseEcbDaily: what cannot be a rate is
// left out, the rest converted.
TEST(EcbReference, UnusableRatesOfAHandMadeDayAreLeftOut) {
  EcbDay day{"2025-12-02",
             {{"AAA", "0"},
              {"USD", "1.0825"},
              {"BBB", "1e3"},
              {"EUR", "1"},
              {"CCC", "2"},
              {"DDD", "1000000000000000000"},
              {"EEE", "-2"}}};
  auto rates = EcbUsdRates(day);
  ASSERT_EQ(rates.size(), 2u);
  EXPECT_EQ(rates[0].first, "EUR");
  EXPECT_EQ(EcbFixedText(rates[0].second), "1.0825");
  EXPECT_EQ(rates[1].first, "CCC");
  EXPECT_EQ(EcbFixedText(rates[1].second), "0.541250000000000000");  // 1.0825 / 2, exact
}

}  // namespace
}  // namespace payd::rates
