// Intents created through /v1 (DECISIONS §12), on both stores: stored with
// what the merchant asked and no chain; the payer's choice reserves an exact
// amount (§5 rule 1) and may be made again while nothing is seen on chain,
// the old amount released; never chosen, they expire by the wall clock with
// PAYMENT_EXPIRED.
#include "domain/intents/asked_intent.h"

#include <gtest/gtest.h>

#include "domain/error.h"
#include "domain/store.h"
#include "domain/webhooks/event.h"
#include "store_fixture.h"

namespace payd {
namespace {

// Every price in the test catalog is static (USDC pegged, ETH at 3000 USD).
struct NoFeeds : domain::PriceSource {
  domain::UsdPrice Price(const domain::ChainInfo&, const domain::TokenInfo&) override {
    throw domain::PriceUnavailable("no feed in this test");
  }
};

const domain::PayOption kUsdc{31337, "USDC"};
const domain::PayOption kEth{31337, "ETH"};
constexpr base::TimeMs kNow = 1'900'000'000'000;
constexpr base::TimeMs kLifetime = 30 * 60 * 1000;

class AskedIntentTest : public testing::StoreTest {
 protected:
  // Asks for `amount` `currency`, payable with `options`; returns the stored intent's id.
  std::string Ask(const std::string& amount, const std::string& currency,
                  std::vector<domain::PayOption> options = {kUsdc, kEth}) {
    domain::AskedIntentRequest request{
        {amount, currency, std::move(options)}, "{\"order\":7}", kLifetime};
    auto intent = domain::PrepareAskedIntent(integration_, request, kNow);
    StoreIntent(intent);
    return intent.id;
  }

  std::optional<domain::PaymentIntent> Choose(const std::string& id,
                                              const domain::PayOption& option, base::TimeMs at) {
    return domain::ChooseOption(*store_, catalog_, prices_, id, option, at);
  }

  domain::PaymentIntent Stored(const std::string& id) { return *store_->FindIntentById(id); }

  std::int64_t ReservationsOf(const std::string& id) {
    return CountRows("SELECT count(*) FROM amount_reservations WHERE intent_id = '" + id + "'");
  }

  int Expire(base::TimeMs at) {
    return store_->ExpireUnchosenIntents(at, 100, [](const domain::PaymentIntent& i) {
      return domain::NewEvent(i.tenant_id, "PAYMENT_EXPIRED", "{\"id\":\"" + i.id + "\"}", kNow);
    });
  }

  std::int64_t Events(const std::string& type) {
    return CountRows("SELECT count(*) FROM events WHERE type = '" + type + "'");
  }

  NoFeeds prices_;
};

TEST_P(AskedIntentTest, IsStoredWithWhatWasAskedAndNoChainOrAmount) {
  auto id = Ask("25.00", "USD");
  auto intent = Stored(id);
  ASSERT_TRUE(intent.asked.has_value());
  EXPECT_EQ(*intent.asked, (domain::AskedTerms{"25.00", "USD", {kUsdc, kEth}}));
  EXPECT_FALSE(intent.IsChosen());
  EXPECT_EQ(intent.amount, 0);
  EXPECT_EQ(intent.amount_usd, "25.00");
  EXPECT_EQ(intent.recipient, integration_.payout_address);
  EXPECT_EQ(intent.metadata_json, "{\"order\":7}");
  EXPECT_EQ(intent.expires_at, kNow + kLifetime);
  EXPECT_EQ(domain::CreatedVia(intent), "api");
  EXPECT_EQ(ReservationsOf(id), 0);
}

TEST_P(AskedIntentTest, AChoiceSetsChainTokenAndAnExactAmount) {
  auto first = Ask("25.00", "USD");
  auto second = Ask("25.00", "USD");
  auto a = Choose(first, kUsdc, kNow + 1000);
  auto b = Choose(second, kUsdc, kNow + 2000);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->chain_id, 31337);
  EXPECT_EQ(a->token_symbol, "USDC");
  EXPECT_EQ(a->token_address, "0x5FbDB2315678afecb367f032d93F642f64180aa3");
  EXPECT_EQ(a->decimals, 6u);
  EXPECT_EQ(a->requested_amount, 25'000'000);
  // §5 rule 1: the first at its price gets one unit more (never the price
  // itself), the next two units more.
  EXPECT_EQ(a->amount, 25'000'001);
  EXPECT_EQ(b->amount, 25'000'002);
  EXPECT_EQ(Stored(second).amount, 25'000'002);
  EXPECT_EQ(ReservationsOf(first), 1);
}

TEST_P(AskedIntentTest, AUsdAmountInEtherIsRoundedUpAtTheConfiguredPrice) {
  auto id = Ask("25.00", "USD");
  auto eth = Choose(id, kEth, kNow + 1000);
  ASSERT_TRUE(eth);
  // 25 / 3000 ETH = 0.00833... ETH, rounded up to the wei.
  EXPECT_EQ(eth->requested_amount, domain::Uint256("8333333333333334"));
  EXPECT_FALSE(eth->token_address.has_value());
}

TEST_P(AskedIntentTest, ATokenAmountIsPaidAsWritten) {
  auto id = Ask("12.5", "USDC", {kUsdc});
  auto usdc = Choose(id, kUsdc, kNow + 1000);
  ASSERT_TRUE(usdc);
  EXPECT_EQ(usdc->requested_amount, 12'500'000);
  EXPECT_FALSE(usdc->amount_usd.has_value());
}

TEST_P(AskedIntentTest, AnOptionNotOfferedIsRefusedAndNothingChanges) {
  auto id = Ask("12.5", "USDC", {kUsdc});
  try {
    Choose(id, kEth, kNow + 1000);
    FAIL() << "ETH was not offered";
  } catch (const domain::Error& e) {
    EXPECT_EQ(e.param(), "option");
  }
  EXPECT_THROW(Choose(id, {1, "USDC"}, kNow + 1000), domain::Error);
  EXPECT_FALSE(Stored(id).IsChosen());
  EXPECT_EQ(ReservationsOf(id), 0);
}

TEST_P(AskedIntentTest, ChoosingAgainReleasesTheOldAmountAfterTheClockSkew) {
  auto id = Ask("25.00", "USD");
  ASSERT_EQ(Choose(id, kUsdc, kNow + 1000)->amount, 25'000'001);
  auto eth = Choose(id, kEth, kNow + 2000);
  ASSERT_TRUE(eth);
  EXPECT_EQ(eth->token_symbol, "ETH");
  EXPECT_EQ(Stored(id).amount, domain::Uint256("8333333333333335"));

  // Within the clock skew a transfer for the old amount may still be on its
  // way: a new intent does not get it...
  auto soon = Ask("25.00", "USD");
  EXPECT_EQ(Choose(soon, kUsdc, kNow + 3000)->amount, 25'000'002);
  // ...once the skew has passed, it does.
  auto later = Ask("25.00", "USD");
  auto reused = Choose(later, kUsdc, kNow + 2000 + domain::kChainClockSkewMs);
  ASSERT_TRUE(reused);
  EXPECT_EQ(reused->amount, 25'000'001);
}

TEST_P(AskedIntentTest, NoChoiceOnceSomethingWasReceivedOrItExpired) {
  auto paid = Ask("25.00", "USD");
  ASSERT_TRUE(Choose(paid, kUsdc, kNow + 1000));
  RunSql("UPDATE payment_intents SET status = 'PENDING', received = '5' WHERE id = '" + paid + "'");
  EXPECT_FALSE(Choose(paid, kEth, kNow + 2000));
  EXPECT_EQ(Stored(paid).token_symbol, "USDC");

  auto late = Ask("25.00", "USD");
  // expiresAt is the last moment on time (DECISIONS §5).
  EXPECT_TRUE(Choose(late, kUsdc, kNow + kLifetime));
  EXPECT_FALSE(Choose(late, kEth, kNow + kLifetime + 1));
  EXPECT_FALSE(Choose("pi_nosuchintent", kUsdc, kNow));
}

TEST_P(AskedIntentTest, AnIntentWithoutAskedTermsTakesNoChoice) {
  auto intent = UsdcIntent(1'000'000, kNow, kNow + kLifetime);
  StoreIntent(intent);
  EXPECT_FALSE(Choose(intent.id, kEth, kNow + 1000));
  EXPECT_EQ(Stored(intent.id).token_symbol, "USDC");
}

TEST_P(AskedIntentTest, NeverChosenItExpiresByTheClockWithOneEvent) {
  auto unchosen = Ask("25.00", "USD");
  auto chosen = Ask("25.00", "USD");
  ASSERT_TRUE(Choose(chosen, kUsdc, kNow + 1000));

  EXPECT_EQ(Expire(kNow + kLifetime), 0);  // on time until expiresAt has passed
  EXPECT_EQ(Stored(unchosen).status, domain::IntentStatus::kCreated);

  EXPECT_EQ(Expire(kNow + kLifetime + 1), 1);
  EXPECT_EQ(Stored(unchosen).status, domain::IntentStatus::kExpired);
  EXPECT_EQ(Events("PAYMENT_EXPIRED"), 1);
  // A chosen intent expires by its chain's clock, in the ledger.
  EXPECT_EQ(Stored(chosen).status, domain::IntentStatus::kCreated);

  EXPECT_EQ(Expire(kNow + kLifetime + 2), 0);
  EXPECT_EQ(Events("PAYMENT_EXPIRED"), 1);
  EXPECT_FALSE(Choose(unchosen, kUsdc, kNow + 1000));
}

PAYD_ON_BOTH_STORES(AskedIntentTest);

}  // namespace
}  // namespace payd
