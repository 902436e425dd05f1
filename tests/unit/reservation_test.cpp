// Exact amounts (DECISIONS §5 rule 1): each intent on a (chain, token,
// recipient) gets the requested amount plus the fewest smallest units, at
// least one, that make it unique, decided by the store in the creating
// transaction. The price itself is never an exact amount, so a hand-typed
// round price pays nobody's intent.
#include <gtest/gtest.h>

#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "base/ids.h"
#include "domain/error.h"
#include "domain/ledger/ledger_tx.h"
#include "domain/store.h"
#include "store/sql/rows.h"
#include "store_fixture.h"
#include "test_data.h"

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

  void ExpectNoAmountLeft(domain::Uint256 requested) {
    try {
      Create(requested, 10);
      ADD_FAILURE() << "an amount above " << domain::FormatUnits(requested) << " was reserved";
    } catch (const domain::Error& e) {
      EXPECT_EQ(e.kind(), domain::ErrorKind::kInvalidRequest);
      EXPECT_EQ(e.param(), "amount");
    }
  }

  // Reserves `held` ("-", or comma-separated amounts and ranges "a-b") for an
  // intent of an older payd, straight into the tables, with their block counts.
  void Hold(const std::string& held) {
    if (held == "-") return;
    std::string rows;
    for (const auto& part : Split(held)) {
      auto dash = part.find('-');
      domain::Uint256 from = *domain::ParseUnits(part.substr(0, dash));
      domain::Uint256 to =
          dash == std::string::npos ? from : *domain::ParseUnits(part.substr(dash + 1));
      for (domain::Uint256 a = from; a <= to; ++a) {
        rows += std::string(rows.empty() ? "" : ", ") + "(31337, '" +
                UsdcIntent(1, 0, 0).TokenKey() + "', '" + integration_.payout_address + "', '" +
                store::sql::AmountKey(a) + "', 'pi_older', 9000000000000)";
      }
    }
    RunSql(
        "INSERT INTO amount_reservations(chain_id, token_key, recipient, amount, intent_id, "
        "reserved_until) VALUES " +
        rows);
    RunSql(
        "INSERT INTO amount_reservation_blocks(chain_id, token_key, recipient, block, taken) "
        "SELECT chain_id, token_key, recipient, substr(amount, 1, 75), count(*) FROM "
        "amount_reservations GROUP BY 1, 2, 3, 4");
  }

  static std::vector<std::string> Split(const std::string& list) {
    std::vector<std::string> out;
    std::stringstream in(list);
    for (std::string part; std::getline(in, part, ',');) out.push_back(part);
    return out;
  }

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

TEST_P(ReservationTest, SamePriceGetsTheFewestExtraUnitsAtLeastOne) {
  EXPECT_EQ(Create(25000000, 10), 25000001) << "the price itself is never an exact amount";
  EXPECT_EQ(Create(25000000, 10), 25000002);
  EXPECT_EQ(Create(25000001, 10), 25000003);  // 25000002 is taken by the second intent
  EXPECT_EQ(Create(25000000, 10), 25000004);
  EXPECT_EQ(Create(7, 10), 8);
  EXPECT_EQ(Create(0, 10), 1);
}

TEST_P(ReservationTest, AnAmountIsFreeAgainAfterItsLateWindow) {
  EXPECT_EQ(Create(100, 10), 101);
  EXPECT_EQ(Create(100, 20), 102);
  // The first intent (expiring at 1010) holds 101 until 1010 + 24 h, and by
  // the clock for the 5 minutes of skew an exact match allows after that.
  base::TimeMs after_window = 1010 + domain::kLateWindowMs;
  EXPECT_EQ(Create(100, after_window - 1), 103);
  EXPECT_EQ(Create(100, after_window + domain::kChainClockSkewMs - 1), 104)
      << "a transfer in the old window's last minutes, read late, could find the new intent";
  EXPECT_EQ(Create(100, after_window + domain::kChainClockSkewMs), 101);
}

// The ledger frees amounts by chain time, once every block before it was read:
// at once, without the clock's margin.
TEST_P(ReservationTest, AnAmountReleasedByTheLedgerIsFreeAtOnce) {
  EXPECT_EQ(Create(100, 10), 101);
  Release(LateWindowEnd(10));
  EXPECT_EQ(Create(100, LateWindowEnd(10)), 101);
}

// A price ending in 999: its first candidate opens the next block of 1,000.
TEST_P(ReservationTest, AFullBlockOfAmountsIsSkippedAndTheNextFreeAmountTaken) {
  EXPECT_EQ(CreateMany(1000, 6999, 10), Range(7000, 1000));  // 7000-7999: one full block
  EXPECT_EQ(Create(6999, 10), 8000);
  EXPECT_EQ(Create(7499, 10), 8001);
  EXPECT_EQ(Create(6998, 10), 6999);
  EXPECT_EQ(Create(6989, 10), 6990);
  EXPECT_EQ(CountRows("SELECT taken FROM amount_reservation_blocks WHERE block LIKE '%007'"), 1000);
  ExpectBlockCountsTrue();
}

TEST_P(ReservationTest, ReleasedAmountsAreReusedAcrossBlockBoundaries) {
  EXPECT_EQ(CreateMany(10, 9994, 10), Range(9995, 10));  // 9995-10004, over two blocks
  EXPECT_EQ(CreateMany(10, 9994, 20), Range(10005, 10));
  ExpectBlockCountsTrue();
  Release(LateWindowEnd(10));  // frees the first ten only
  ExpectBlockCountsTrue();
  EXPECT_EQ(CountRows("SELECT count(*) FROM amount_reservations"), 10);
  std::vector<domain::Uint256> again = CreateMany(11, 9994, 30);
  std::vector<domain::Uint256> expected = Range(9995, 10);
  expected.push_back(10015);
  EXPECT_EQ(again, expected);
  ExpectBlockCountsTrue();
  Release(LateWindowEnd(30));  // everything
  EXPECT_EQ(CountRows("SELECT count(*) FROM amount_reservations"), 0);
  EXPECT_EQ(CountRows("SELECT count(*) FROM amount_reservation_blocks"), 0);
  EXPECT_EQ(Create(9994, 40), 9995);
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
  EXPECT_EQ(Create(4'999'999, 10), 5'040'002) << "from the first full block, not the price's";
}

TEST_P(ReservationTest, ALapsedAmountInAFullBlockIsFreeBeforeTheLedgerReleasesIt) {
  EXPECT_EQ(CreateMany(1000, 2999, 10), Range(3000, 1000));
  EXPECT_EQ(CreateMany(2, 2999, 20), Range(4000, 2));
  // Past the first thousand's late windows by the clock (and the skew), before any release.
  base::TimeMs lapsed = LateWindowEnd(10) + domain::kChainClockSkewMs;
  EXPECT_EQ(Create(2999, lapsed), 3000);
  EXPECT_EQ(Create(3499, lapsed), 3500);
  EXPECT_EQ(Create(3999, lapsed), 4002) << "4000 and 4001 are still held";
  ExpectBlockCountsTrue();
}

TEST_P(ReservationTest, TheTopOfTheRangeIsA400NotAnOverflow) {
  const domain::Uint256 max = ~domain::Uint256(0);
  ExpectNoAmountLeft(max);  // nothing lies above 2^256-1
  EXPECT_EQ(CountRows("SELECT count(*) FROM payment_intents"), 0);
  EXPECT_EQ(Create(max - 1, 10), max);
  ExpectNoAmountLeft(max - 1);
  EXPECT_EQ(CountRows("SELECT count(*) FROM payment_intents"), 1)
      << "the refused ones stored nothing";
  EXPECT_EQ(Create(max - 2, 10), max - 1);
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
  EXPECT_EQ(*amounts.begin(), "5000001");
  EXPECT_EQ(*amounts.rbegin(), "5000200");
}

// The cases of tests/unit/data/exact_amounts.tsv, each on an empty scope
// where an older payd may have left reservations (the price itself among them).
TEST_P(ReservationTest, ExactAmountCases) {
  auto cases = testing::ReadCases("exact_amounts.tsv");
  ASSERT_GE(cases.size(), 8u);
  for (const auto& c : cases) {
    ASSERT_GE(c.columns.size(), 3u) << "exact_amounts.tsv line " << c.line;
    SCOPED_TRACE("exact_amounts.tsv line " + std::to_string(c.line));
    RunSql("DELETE FROM amount_reservations");
    RunSql("DELETE FROM amount_reservation_blocks");
    Hold(c.columns[0]);
    domain::Uint256 requested = *domain::ParseUnits(c.columns[1]);
    std::vector<std::string> got, expected = Split(c.columns[2]);
    for (std::size_t i = 0; i < expected.size(); ++i)
      got.push_back(domain::FormatUnits(Create(requested, 10)));
    EXPECT_EQ(got, expected);
    ExpectBlockCountsTrue();
  }
}

// A database written before the rule holds the price itself for an open
// intent: that intent keeps it (a transfer of it still pays that intent, no
// other), and a new intent at the price gets the fewest free units above it.
TEST_P(ReservationTest, AnOlderReservationOfThePriceItselfIsKept) {
  auto old = UsdcIntent(25000000, 10, 1010);
  StoreIntent(old);
  ASSERT_EQ(old.amount, 25000001);
  // What the earlier rule stored: the price as the exact amount (same block of 1,000).
  RunSql("UPDATE payment_intents SET amount = '25000000' WHERE id = '" + old.id + "'");
  RunSql("UPDATE amount_reservations SET amount = '" +
         store::sql::AmountKey(domain::Uint256(25000000)) + "' WHERE intent_id = '" + old.id + "'");
  EXPECT_EQ(Create(25000000, 20), 25000001);
  EXPECT_EQ(Create(25000000, 20), 25000002);
  EXPECT_EQ(CountRows("SELECT count(*) FROM amount_reservations WHERE intent_id = '" + old.id +
                      "' AND amount = '" + store::sql::AmountKey(domain::Uint256(25000000)) + "'"),
            1);
  store_->WithLedger([&](domain::LedgerTx& tx) {
    auto found = tx.IntentByExactAmount(31337, old.TokenKey(), old.recipient, 25000000, 500);
    ASSERT_TRUE(found);
    EXPECT_EQ(found->id, old.id);
    EXPECT_EQ(found->amount, 25000000);
  });
  ExpectBlockCountsTrue();
}

PAYD_ON_BOTH_STORES(ReservationTest);

}  // namespace
}  // namespace payd
