// USD prices from feeds: what payd accepts of a feed's answer, and when a
// price it holds stops being served. Crafted 256-bit values included: none
// may overflow (the UBSan build runs these too).
#include "chain/price_book.h"

#include <gtest/gtest.h>

#include <limits>

#include "domain/error.h"

namespace payd {
namespace {

using domain::Uint256;

constexpr base::TimeMs kBookNow = 1'800'000'000'000;  // ms
constexpr std::int64_t kNowS = kBookNow / 1000;

std::string Word(const Uint256& v) {
  std::string hex = v.str(0, std::ios_base::hex);
  return std::string(64 - hex.size(), '0') + hex;
}
const Uint256 kMax = ~Uint256(0);
const Uint256 kMinusOne = kMax;  // int256 -1

// decimals() and latestRoundData() return data for one answer.
chain::FeedAnswer Judge(const Uint256& answer, const Uint256& updated_at, unsigned decimals = 8) {
  std::string round = "0x" + Word(7) + Word(answer) + Word(updated_at) + Word(updated_at) + Word(7);
  return chain::JudgeFeedAnswer("0x" + Word(decimals), round, kBookNow);
}

TEST(FeedAnswer, ARecentPositiveAnswerIsAPrice) {
  auto a = Judge(Uint256(200000000000), kNowS - 10);
  ASSERT_TRUE(a.price) << a.problem;
  EXPECT_EQ(a.price->answer, Uint256(200000000000));
  EXPECT_EQ(a.price->decimals, 8u);
  EXPECT_EQ(a.updated_at, (kNowS - 10) * 1000);
}

TEST(FeedAnswer, ALittleAheadOfOurClockIsTolerated) {
  EXPECT_TRUE(Judge(Uint256(1), kNowS + 30).price);
  EXPECT_TRUE(Judge(Uint256(1), kNowS + chain::kFeedClockSkewMs / 1000).price);
}

TEST(FeedAnswer, AnUpdateInTheFutureIsNoPrice) {
  for (const Uint256& updated :
       {Uint256(kNowS + chain::kFeedClockSkewMs / 1000 + 1), Uint256(kNowS + 3600),
        Uint256(std::numeric_limits<std::int64_t>::max() / 1000 + 1),
        Uint256(std::numeric_limits<std::int64_t>::max()), Uint256(1) << 64, Uint256(1) << 255,
        kMax}) {
    auto a = Judge(Uint256(200000000000), updated);
    EXPECT_FALSE(a.price) << updated;
    EXPECT_EQ(a.problem, "updatedAt is in the future") << updated;
  }
}

TEST(FeedAnswer, NonsenseIsNoPrice) {
  EXPECT_FALSE(Judge(Uint256(0), kNowS).price);
  EXPECT_FALSE(Judge(kMinusOne, kNowS).price);
  EXPECT_FALSE(Judge(Uint256(1) << 255, kNowS).price);
  EXPECT_FALSE(Judge(Uint256(1), kNowS, 37).price);
  EXPECT_FALSE(chain::JudgeFeedAnswer("0x" + Word(8), "0x1234", kBookNow).price);
  EXPECT_FALSE(chain::JudgeFeedAnswer("", "", kBookNow).price);
  // Huge decimals never reach a conversion.
  std::string round = "0x" + Word(7) + Word(1) + Word(kNowS) + Word(kNowS) + Word(7);
  EXPECT_FALSE(chain::JudgeFeedAnswer("0x" + Word(kMax), round, kBookNow).price);
}

class PriceBookTest : public ::testing::Test {
 protected:
  void SetUp() override {
    chain_.id = 31337;
    chain_.name = "Localnet";
    token_.symbol = "ETH";
    token_.name = "Ether";
  }

  domain::ChainInfo chain_;
  domain::TokenInfo token_;
  chain::PriceBook book_;

  bool Served() {
    try {
      book_.Price(chain_, token_);
      return true;
    } catch (const domain::Error& e) {
      EXPECT_EQ(e.kind(), domain::ErrorKind::kUnavailable);
      return false;
    }
  }
};

TEST_F(PriceBookTest, AFreshPriceIsServed) {
  book_.Set(chain_.id, "ETH", {Uint256(2000), 0}, base::NowMs() - 1000);
  EXPECT_TRUE(Served());
}

TEST_F(PriceBookTest, APriceDatedInTheFutureIsNotServed) {
  book_.Set(chain_.id, "ETH", {Uint256(2000), 0}, base::NowMs() + 10 * 60'000);
  EXPECT_FALSE(Served());
  book_.Set(chain_.id, "ETH", {Uint256(2000), 0}, std::numeric_limits<base::TimeMs>::max());
  EXPECT_FALSE(Served());
}

TEST_F(PriceBookTest, AStalePriceIsNotServed) {
  book_.Set(chain_.id, "ETH", {Uint256(2000), 0},
            base::NowMs() - (token_.price_max_age_s + 1) * 1000LL);
  EXPECT_FALSE(Served());
  book_.Set(chain_.id, "ETH", {Uint256(2000), 0}, std::numeric_limits<base::TimeMs>::min());
  EXPECT_FALSE(Served());
}

TEST_F(PriceBookTest, ARefusedAnswerReplacesAnEarlierPrice) {
  book_.Set(chain_.id, "ETH", {Uint256(2000), 0}, base::NowMs());
  book_.Refuse(chain_.id, "ETH");  // say, an updatedAt in the future
  EXPECT_FALSE(Served());
}

TEST_F(PriceBookTest, NoAnswerYetIsNotServed) {
  EXPECT_FALSE(Served());
}

}  // namespace
}  // namespace payd
