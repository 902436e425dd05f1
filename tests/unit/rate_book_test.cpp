// The rate book (domain/money/rate_book.h): a currency is priced only while
// every source it waits for has a fresh reading and they agree; its rate is
// their median, with the sources named and the oldest reading's time.
#include "domain/money/rate_book.h"

#include <gtest/gtest.h>

namespace payd::domain {
namespace {

constexpr base::TimeMs kNow = 1'780'000'000'000;
constexpr base::TimeMs kHour = 3'600'000;

UsdRate Rate(const char* text) {
  return *ParseRate(text);
}

TEST(RateBook, UsdIsOneAndCoveredWithoutAnySource) {
  RateBook book;
  auto usd = book.Current("USD", kNow);
  EXPECT_EQ(RateText(usd.value), "1");
  EXPECT_TRUE(usd.sources.empty());
  EXPECT_EQ(book.Covered(), std::vector<std::string>{"USD"});
  EXPECT_THROW(book.Current("EUR", kNow), PriceUnavailable);
}

TEST(RateBook, ACurrencyWaitsForEverySourceItExpects) {
  RateBook book;
  book.Expect("EUR", "ecb");
  book.Expect("EUR", "chainlink:1");
  EXPECT_EQ(book.Covered(), (std::vector<std::string>{"EUR", "USD"}));
  book.Record("EUR", "ecb", Rate("1.0825"), kNow - 2 * kHour, kNow + kHour);
  // The feed has not answered: no price rather than one source's word.
  EXPECT_THROW(book.Current("EUR", kNow), PriceUnavailable);
  book.Record("EUR", "chainlink:1", Rate("1.0830"), kNow - kHour, kNow + kHour);
  auto eur = book.Current("EUR", kNow);
  EXPECT_EQ(RateText(eur.value), "1.08275");
  EXPECT_EQ(eur.sources, (std::vector<std::string>{"chainlink:1", "ecb"}));
  EXPECT_EQ(eur.at, kNow - 2 * kHour);
  // Past the ECB's stale time, or once the feed's answer is refused: none.
  EXPECT_THROW(book.Current("EUR", kNow + 2 * kHour), PriceUnavailable);
  book.Refuse("EUR", "chainlink:1");
  EXPECT_THROW(book.Current("EUR", kNow), PriceUnavailable);
}

TEST(RateBook, SourcesApartByMoreThanTheBoundPriceNothing) {
  RateBook book(100);
  book.Expect("GBP", "ecb");
  book.Expect("GBP", "chainlink:1");
  book.Record("GBP", "ecb", Rate("1.2711"), kNow, kNow + kHour);
  book.Record("GBP", "chainlink:1", Rate("1.3000"), kNow, kNow + kHour);
  try {
    book.Current("GBP", kNow);
    ADD_FAILURE() << "priced although 2.2% apart";
  } catch (const PriceUnavailable& e) {
    EXPECT_NE(std::string(e.what()).find("GBP"), std::string::npos) << e.what();
  }
  book.SetBound(300);  // 3%: the same two agree
  EXPECT_EQ(RateText(book.Current("GBP", kNow).value), "1.28555");
}

}  // namespace
}  // namespace payd::domain
