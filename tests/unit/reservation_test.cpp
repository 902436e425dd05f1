// Exact amounts (DECISIONS §5): each intent on a (chain, token, recipient)
// gets the requested amount plus the fewest smallest units that make it
// unique, decided by the store in the creating transaction.
#include <gtest/gtest.h>

#include <mutex>
#include <set>
#include <thread>

#include "base/ids.h"
#include "domain/error.h"
#include "domain/store.h"
#include "store_fixture.h"

namespace payd {
namespace {

class ReservationTest : public testing::StoreTest {
 protected:
  domain::Uint256 Create(domain::Uint256 requested, base::TimeMs now) {
    domain::PaymentIntent intent;
    intent.id = base::NewId("pi_");
    intent.tenant_id = tenant_.id;
    intent.integration_id = integration_.id;
    intent.chain_id = 31337;
    intent.token_symbol = "USDC";
    intent.token_address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
    intent.decimals = 6;
    intent.recipient = integration_.payout_address;
    intent.requested_amount = requested;
    intent.amount = requested;
    intent.required_confirmations = "2";
    intent.expires_at = now + 1000;
    intent.created_at = now;
    store_->InsertIntent(
        intent, nullptr,
        [&](const domain::PaymentIntent& i) {
          return domain::Store::IntentCreated{
              {201, "{}"}, domain::NewEvent(i.tenant_id, "PAYMENT_CREATED", "{}", now)};
        },
        now);
    return intent.amount;
  }
};

TEST_F(ReservationTest, SamePriceGetsTheFewestExtraUnits) {
  EXPECT_EQ(Create(25000000, 10), 25000000);
  EXPECT_EQ(Create(25000000, 10), 25000001);
  EXPECT_EQ(Create(25000001, 10), 25000002);  // 25000001 is taken by the second intent
  EXPECT_EQ(Create(25000000, 10), 25000003);
  EXPECT_EQ(Create(7, 10), 7);
}

// Found by the hostile request corpus: the increment past 2^256-1 threw
// std::overflow_error, a 500. Nothing larger exists, so it is the caller's input.
TEST_F(ReservationTest, NoAmountLeftAbove2To256Minus1IsAnInvalidRequest) {
  const domain::Uint256 max = ~domain::Uint256(0);
  EXPECT_EQ(Create(max - 1, 10), max - 1);
  EXPECT_EQ(Create(max - 1, 10), max);
  try {
    Create(max, 10);
    ADD_FAILURE() << "a third intent got an amount above 2^256-1";
  } catch (const domain::Error& e) {
    EXPECT_EQ(e.kind(), domain::ErrorKind::kInvalidRequest);
    EXPECT_EQ(e.param(), "amount");
  }
  EXPECT_EQ(Create(7, 10), 7) << "the failed creation left the store usable";
}

TEST_F(ReservationTest, AnAmountIsFreeAgainAfterItsLateWindow) {
  EXPECT_EQ(Create(100, 10), 100);
  EXPECT_EQ(Create(100, 20), 101);
  // The first intent (expiring at 1010) holds 100 until 1010 + 24 h.
  base::TimeMs after_window = 1010 + domain::kLateWindowMs;
  EXPECT_EQ(Create(100, after_window - 1), 102);
  EXPECT_EQ(Create(100, after_window), 100);
}

TEST_F(ReservationTest, ConcurrentCreationsNeverShareAnAmount) {
  std::mutex mu;
  std::set<std::string> amounts;
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 25; ++i) {
        auto amount = Create(5000000, 100);
        std::lock_guard lock(mu);
        EXPECT_TRUE(amounts.insert(domain::FormatUnits(amount)).second)
            << domain::FormatUnits(amount);
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(amounts.size(), 200u);
  EXPECT_EQ(*amounts.begin(), "5000000");
  EXPECT_EQ(*amounts.rbegin(), "5000199");
}

}  // namespace
}  // namespace payd
