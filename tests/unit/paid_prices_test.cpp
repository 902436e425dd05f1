// Store::PaidPricesSince, the overview's totals in the prices asked (issue 36
// item 5), on both stores: every PAID intent of this tenant confirmed in the
// window and asked in a currency, with its price and rate as stored; none
// unpaid, older, of another tenant, or asked in a token's units.
#include <gtest/gtest.h>

#include "domain/ledger/ledger_tx.h"
#include "store_fixture.h"

namespace payd {
namespace {

constexpr base::TimeMs kPricesSince = 1'780'000'000'000;

class PaidPricesTest : public testing::StoreTest {
 protected:
  // An intent asked as `price` (none: in token units), stored, then PAID at
  // `confirmed` when it is set.
  void Paid(std::optional<domain::Price> price, std::optional<base::TimeMs> confirmed,
            std::optional<domain::CurrencyRate> rate = std::nullopt) {
    auto intent = UsdcIntent(1'000'000, kPricesSince - 3'600'000, kPricesSince + 3'600'000);
    intent.price = price;
    intent.rate = rate;
    StoreIntent(intent);
    if (!confirmed) return;
    auto stored = *store_->FindIntentById(intent.id);
    stored.status = domain::IntentStatus::kPaid;
    stored.confirmed_at = *confirmed;
    store_->WithLedger([&](domain::LedgerTx& tx) { tx.UpdateIntent(stored); });
  }
};

TEST_P(PaidPricesTest, EveryPaidIntentAskedInACurrencyInTheWindow) {
  domain::CurrencyRate eur{*domain::ParseRate("1.08275"), {"chainlink:1", "ecb"}, kPricesSince - 5};
  Paid(domain::Price{"25.00", "EUR"}, kPricesSince + 10, eur);
  Paid(domain::Price{"10.00", "USD"}, kPricesSince);
  Paid(domain::Price{"99.00", "USD"}, kPricesSince - 1);  // confirmed before the window
  Paid(domain::Price{"7.00", "EUR"}, std::nullopt, eur);  // not paid
  Paid(std::nullopt, kPricesSince + 20);                  // asked in USDC's own units
  auto paid = store_->PaidPricesSince(tenant_.id, kPricesSince);
  ASSERT_EQ(paid.size(), 2u);
  std::sort(paid.begin(), paid.end(),
            [](const auto& a, const auto& b) { return a.price.currency < b.price.currency; });
  EXPECT_EQ(paid[0].price, (domain::Price{"25.00", "EUR"}));
  ASSERT_TRUE(paid[0].rate.has_value());
  EXPECT_EQ(domain::RateText(paid[0].rate->value), "1.08275");
  EXPECT_EQ(paid[0].rate->sources, (std::vector<std::string>{"chainlink:1", "ecb"}));
  EXPECT_EQ(paid[0].rate->at, kPricesSince - 5);
  EXPECT_EQ(paid[0].confirmed_at, kPricesSince + 10);
  EXPECT_EQ(paid[1].price, (domain::Price{"10.00", "USD"}));
  EXPECT_FALSE(paid[1].rate.has_value());
  EXPECT_TRUE(store_->PaidPricesSince("ten_other", kPricesSince).empty());
}

PAYD_ON_BOTH_STORES(PaidPricesTest);

}  // namespace
}  // namespace payd
