// Exact amounts (DECISIONS §5): each intent on a (chain, token, recipient)
// gets the requested amount plus the fewest smallest units that make it
// unique, decided by the store in the creating transaction.
#include <gtest/gtest.h>

#include <mutex>
#include <set>
#include <thread>

#include "base/ids.h"
#include "domain/error.h"
#include "domain/ledger_tx.h"
#include "domain/store.h"
#include "store/sql/rows.h"
#include "store_fixture.h"

namespace payd {
namespace {

class ReservationTest : public testing::StoreTest {
 protected:
  domain::Uint256 Create(domain::Uint256 requested, base::TimeMs now) {
    auto intent = UsdcIntent(requested, now, now + 1000);
    StoreIntent(intent);
    return intent.amount;
  }

  // Creates `n` intents asking for `requested`; their exact amounts in order.
  std::vector<domain::Uint256> CreateMany(int n, domain::Uint256 requested, base::TimeMs now) {
    std::vector<domain::Uint256> out;
    for (int i = 0; i < n; ++i) out.push_back(Create(requested, now));
    return out;
  }

  // What the ledger does each poll: frees reservations whose late window ended.
  void Release(base::TimeMs chain_time) {
    store_->WithLedger([&](domain::LedgerTx& tx) { tx.ReleaseReservations(31337, chain_time); });
  }

  // The end of the late window of an intent created by Create(_, now).
  static base::TimeMs LateWindowEnd(base::TimeMs now) { return now + 1000 + domain::kLateWindowMs; }

  // The block counts the search relies on agree with the reservations, row for row.
  void ExpectBlockCountsTrue() {
    const char* actual =
        "SELECT chain_id, token_key, recipient, substr(amount, 1, 75), count(*) "
        "FROM amount_reservations GROUP BY 1, 2, 3, 4";
    const char* counted =
        "SELECT chain_id, token_key, recipient, block, taken FROM amount_reservation_blocks";
    EXPECT_EQ(
        CountRows(std::string("SELECT count(*) FROM (") + actual + " EXCEPT " + counted + ") AS d"),
        0);
    EXPECT_EQ(
        CountRows(std::string("SELECT count(*) FROM (") + counted + " EXCEPT " + actual + ") AS d"),
        0);
  }
};

std::vector<domain::Uint256> Range(domain::Uint256 from, int n) {
  std::vector<domain::Uint256> out;
  for (int i = 0; i < n; ++i) out.push_back(from + i);
  return out;
}

TEST_P(ReservationTest, SamePriceGetsTheFewestExtraUnits) {
  EXPECT_EQ(Create(25000000, 10), 25000000);
  EXPECT_EQ(Create(25000000, 10), 25000001);
  EXPECT_EQ(Create(25000001, 10), 25000002);  // 25000001 is taken by the second intent
  EXPECT_EQ(Create(25000000, 10), 25000003);
  EXPECT_EQ(Create(7, 10), 7);
}

TEST_P(ReservationTest, AnAmountIsFreeAgainAfterItsLateWindow) {
  EXPECT_EQ(Create(100, 10), 100);
  EXPECT_EQ(Create(100, 20), 101);
  // The first intent (expiring at 1010) holds 100 until 1010 + 24 h, and by
  // the clock for the 5 minutes of skew an exact match allows after that.
  base::TimeMs after_window = 1010 + domain::kLateWindowMs;
  EXPECT_EQ(Create(100, after_window - 1), 102);
  EXPECT_EQ(Create(100, after_window + domain::kChainClockSkewMs - 1), 103)
      << "a transfer in the old window's last minutes, read late, could find the new intent";
  EXPECT_EQ(Create(100, after_window + domain::kChainClockSkewMs), 100);
}

// The ledger frees amounts by chain time, once every block before it was read:
// at once, without the clock's margin.
TEST_P(ReservationTest, AnAmountReleasedByTheLedgerIsFreeAtOnce) {
  EXPECT_EQ(Create(100, 10), 100);
  Release(LateWindowEnd(10));
  EXPECT_EQ(Create(100, LateWindowEnd(10)), 100);
}

TEST_P(ReservationTest, AFullBlockOfAmountsIsSkippedAndTheNextFreeAmountTaken) {
  EXPECT_EQ(CreateMany(1000, 7000, 10), Range(7000, 1000));  // 7000-7999: one full block
  EXPECT_EQ(Create(7000, 10), 8000);
  EXPECT_EQ(Create(7500, 10), 8001);
  EXPECT_EQ(Create(6999, 10), 6999);
  EXPECT_EQ(Create(6990, 10), 6990);
  EXPECT_EQ(CountRows("SELECT taken FROM amount_reservation_blocks WHERE block LIKE '%007'"), 1000);
  ExpectBlockCountsTrue();
}

TEST_P(ReservationTest, ReleasedAmountsAreReusedAcrossBlockBoundaries) {
  EXPECT_EQ(CreateMany(10, 9995, 10), Range(9995, 10));  // 9995-10004, over two blocks
  EXPECT_EQ(CreateMany(10, 9995, 20), Range(10005, 10));
  ExpectBlockCountsTrue();
  Release(LateWindowEnd(10));  // frees the first ten only
  ExpectBlockCountsTrue();
  EXPECT_EQ(CountRows("SELECT count(*) FROM amount_reservations"), 10);
  std::vector<domain::Uint256> again = CreateMany(11, 9995, 30);
  std::vector<domain::Uint256> expected = Range(9995, 10);
  expected.push_back(10015);
  EXPECT_EQ(again, expected);
  ExpectBlockCountsTrue();
  Release(LateWindowEnd(30));  // everything
  EXPECT_EQ(CountRows("SELECT count(*) FROM amount_reservations"), 0);
  EXPECT_EQ(CountRows("SELECT count(*) FROM amount_reservation_blocks"), 0);
  EXPECT_EQ(Create(9995, 40), 9995);
}

TEST_P(ReservationTest, TheWalkPastFullBlocksGoesOnBeyondOneReadOfBlockCounts) {
  // Forty full blocks from 5,000,000 on, as their counts say (the walk skips
  // a full block by its count, without reading its amounts).
  std::string rows;
  for (int b = 0; b < 40; ++b) {
    std::string key = store::sql::AmountKey(domain::Uint256(5'000'000 + 1000 * b)).substr(0, 75);
    rows += std::string(rows.empty() ? "" : ", ") + "(31337, '" + UsdcIntent(1, 0, 0).TokenKey() +
            "', '" + integration_.payout_address + "', '" + key + "', 1000)";
  }
  RunSql(
      "INSERT INTO amount_reservation_blocks(chain_id, token_key, recipient, block, taken) "
      "VALUES " +
      rows);
  EXPECT_EQ(Create(5'000'000, 10), 5'040'000);
  EXPECT_EQ(Create(5'020'500, 10), 5'040'001);
}

TEST_P(ReservationTest, ALapsedAmountInAFullBlockIsFreeBeforeTheLedgerReleasesIt) {
  EXPECT_EQ(CreateMany(1000, 3000, 10), Range(3000, 1000));
  EXPECT_EQ(CreateMany(2, 3000, 20), Range(4000, 2));
  // Past the first thousand's late windows by the clock (and the skew), before any release.
  base::TimeMs lapsed = LateWindowEnd(10) + domain::kChainClockSkewMs;
  EXPECT_EQ(Create(3000, lapsed), 3000);
  EXPECT_EQ(Create(3500, lapsed), 3500);
  EXPECT_EQ(Create(4000, lapsed), 4002) << "4000 and 4001 are still held";
  ExpectBlockCountsTrue();
}

TEST_P(ReservationTest, TheTopOfTheRangeIsA400NotAnOverflow) {
  const domain::Uint256 max = ~domain::Uint256(0);
  EXPECT_EQ(Create(max, 10), max);
  EXPECT_EQ(CountRows("SELECT count(*) FROM payment_intents"), 1);
  try {
    Create(max, 10);
    ADD_FAILURE() << "a second 2^256-1 was reserved";
  } catch (const domain::Error& e) {
    EXPECT_EQ(e.kind(), domain::ErrorKind::kInvalidRequest);
    EXPECT_EQ(e.param(), "amount");
  }
  EXPECT_EQ(CountRows("SELECT count(*) FROM payment_intents"), 1)
      << "the refused one stored nothing";
  EXPECT_EQ(Create(max - 1, 10), max - 1);
  ExpectBlockCountsTrue();
}

TEST_P(ReservationTest, ConcurrentCreationsNeverShareAnAmount) {
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

PAYD_ON_BOTH_STORES(ReservationTest);

}  // namespace
}  // namespace payd
