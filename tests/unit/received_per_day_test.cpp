// Store::ReceivedPerDay, the overview chart's figures, on both stores: exact
// sums of base units per token and UTC day (past 2^63, where SQLite's SUM and
// a double go wrong), only confirmed payments of this tenant in the window,
// followed through every change of a payment's status and through the
// upgrade that added the totals; and VolumeByDay, which puts one symbol of two decimals on one
// scale.
#include <gtest/gtest.h>

#include <map>
#include <tuple>

#include "dashboard/volume_chart.h"
#include "domain/ledger/ledger_tx.h"
#include "store_fixture.h"

namespace payd {
namespace {

constexpr base::TimeMs kDay = 24LL * 3600 * 1000;
constexpr base::TimeMs kSince = 20'000 * kDay;  // a midnight UTC (2024-10-03)

domain::Uint256 Units(const char* digits) {
  return *domain::ParseUnits(digits);
}

class ReceivedPerDayTest : public testing::StoreTest {
 protected:
  // One transfer to this tenant, `block_time` and `created_at` as given.
  void Receive(const std::string& tenant, const char* symbol, unsigned decimals,
               const domain::Uint256& amount, base::TimeMs block_time, base::TimeMs created_at,
               domain::PaymentStatus status = domain::PaymentStatus::kConfirmed) {
    domain::Payment p = Payment(tenant, symbol, decimals, amount, block_time, created_at, status);
    store_->WithLedger([&](domain::LedgerTx& tx) { tx.InsertPayment(p); });
  }

  domain::Payment Payment(const std::string& tenant, const char* symbol, unsigned decimals,
                          const domain::Uint256& amount, base::TimeMs block_time,
                          base::TimeMs created_at,
                          domain::PaymentStatus status = domain::PaymentStatus::kConfirmed) {
    domain::Payment p;
    p.id = base::NewId("pay_");
    p.tenant_id = tenant;
    p.transfer.chain_id = 31337;
    p.transfer.token_symbol = symbol;
    p.transfer.decimals = decimals;
    p.transfer.amount = amount;
    p.transfer.tx_hash = "0x" + base::NewId("tx");
    p.transfer.position = "tx";
    p.transfer.block_number = 100;
    p.transfer.block_hash = "0xb100";
    p.transfer.block_time = block_time;
    p.transfer.sender = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
    p.transfer.recipient = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    p.status = status;
    p.created_at = created_at;
    return p;
  }

  // {symbol, decimals, day} -> the sum as digits.
  std::map<std::tuple<std::string, unsigned, std::int64_t>, std::string> Sums() {
    std::map<std::tuple<std::string, unsigned, std::int64_t>, std::string> out;
    for (const auto& r : store_->ReceivedPerDay(tenant_.id, kSince)) {
      out[{r.token_symbol, r.decimals, r.day}] = domain::FormatUnits(r.amount);
    }
    return out;
  }
};

TEST_P(ReceivedPerDayTest, SumsConfirmedPaymentsExactlyPerTokenAndDay) {
  EXPECT_TRUE(store_->ReceivedPerDay(tenant_.id, kSince).empty());
  // 5 + 6 ETH on the first day: 11 * 10^18 base units, past 2^63 (about 9.22 * 10^18).
  Receive(tenant_.id, "ETH", 18, Units("5000000000000000000"), kSince + 1, kSince + 5);
  Receive(tenant_.id, "ETH", 18, Units("6000000000000000000"), kSince + kDay - 1, kSince + kDay);
  // Near 2^256 - 1 alone: the sum keeps every digit.
  const char* huge =
      "115792089237316195423570985008687907853269984665640564039457584007913129639935";
  Receive(tenant_.id, "BIG", 0, Units(huge), kSince + 3 * kDay, kSince + 3 * kDay);
  // USDC on day 2, by its block's time, though payd recorded it on day 4.
  Receive(tenant_.id, "USDC", 6, Units("1250000"), kSince + 2 * kDay + 5, kSince + 4 * kDay);
  Receive(tenant_.id, "USDC", 6, Units("750000"), kSince + 2 * kDay + 6, kSince + 2 * kDay + 6);
  // Left out: a payment still pending, one whose block is before the window
  // (recorded inside it, during a catch-up), one before it, another tenant's.
  Receive(tenant_.id, "USDC", 6, Units("999"), kSince + kDay, kSince + kDay,
          domain::PaymentStatus::kPending);
  Receive(tenant_.id, "USDC", 6, Units("888"), kSince - 1, kSince + 10);
  Receive(tenant_.id, "USDC", 6, Units("777"), kSince - kDay, kSince - kDay);
  domain::Tenant other{base::NewId("ten_"), "Other", 1};
  store_->InsertTenant(other, {other.id, "whsec_y", 1, std::nullopt});
  Receive(other.id, "USDC", 6, Units("666"), kSince + kDay, kSince + kDay);

  using Key = std::tuple<std::string, unsigned, std::int64_t>;
  EXPECT_EQ(Sums(), (std::map<Key, std::string>{{{"BIG", 0, 3}, huge},
                                                {{"ETH", 18, 0}, "11000000000000000000"},
                                                {{"USDC", 6, 2}, "2000000"}}));
}

TEST_P(ReceivedPerDayTest, FollowsAPaymentIntoAndOutOfConfirmed) {
  using Key = std::tuple<std::string, unsigned, std::int64_t>;
  domain::Payment p = Payment(tenant_.id, "USDC", 6, Units("1000000000000000000001"), kSince + 5,
                              kSince + 5, domain::PaymentStatus::kPending);
  store_->WithLedger([&](domain::LedgerTx& tx) { tx.InsertPayment(p); });
  EXPECT_TRUE(Sums().empty()) << "pending";

  p.status = domain::PaymentStatus::kConfirmed;
  store_->WithLedger([&](domain::LedgerTx& tx) { tx.UpdatePayment(p); });
  EXPECT_EQ(Sums(), (std::map<Key, std::string>{{{"USDC", 6, 0}, "1000000000000000000001"}}));
  // More confirmations on a confirmed payment change nothing.
  p.confirmations = 9;
  store_->WithLedger([&](domain::LedgerTx& tx) { tx.UpdatePayment(p); });
  EXPECT_EQ(Sums(), (std::map<Key, std::string>{{{"USDC", 6, 0}, "1000000000000000000001"}}));

  // Its block reorganised away: the day received nothing after all.
  p.status = domain::PaymentStatus::kReorged;
  store_->WithLedger([&](domain::LedgerTx& tx) { tx.UpdatePayment(p); });
  EXPECT_TRUE(Sums().empty()) << "reorged";
  p.status = domain::PaymentStatus::kConfirmed;
  store_->WithLedger([&](domain::LedgerTx& tx) { tx.UpdatePayment(p); });
  EXPECT_EQ(Sums(), (std::map<Key, std::string>{{{"USDC", 6, 0}, "1000000000000000000001"}}));

  // A confirmed transfer to this tenant's address that another tenant's
  // intent took is deleted from this tenant's unmatched ones.
  domain::Tenant other{base::NewId("ten_"), "Other", 1};
  store_->InsertTenant(other, {other.id, "whsec_y", 1, std::nullopt});
  domain::Payment mine = Payment(tenant_.id, "USDC", 6, Units("7"), kSince + 6, kSince + 6);
  domain::Payment theirs = mine;
  theirs.id = base::NewId("pay_");
  theirs.tenant_id = other.id;
  theirs.intent_id = "pi_theirs";
  store_->WithLedger([&](domain::LedgerTx& tx) { tx.InsertPayment(mine); });
  EXPECT_EQ(Sums(), (std::map<Key, std::string>{{{"USDC", 6, 0}, "1000000000000000000008"}}));
  store_->WithLedger([&](domain::LedgerTx& tx) { tx.DeleteOtherTenantsUnmatched(theirs); });
  EXPECT_EQ(Sums(), (std::map<Key, std::string>{{{"USDC", 6, 0}, "1000000000000000000001"}}));
}

TEST_P(ReceivedPerDayTest, AnUpgradeCountsThePaymentsConfirmedBeforeIt) {
  Receive(tenant_.id, "ETH", 18, Units("5000000000000000000"), kSince + 1, kSince + 5);
  Receive(tenant_.id, "ETH", 18, Units("6000000000000000000"), kSince + 2, kSince + 6);
  Receive(tenant_.id, "USDC", 6, Units("999"), kSince + kDay, kSince + kDay,
          domain::PaymentStatus::kPending);
  // The database as the payd before the totals left it: no table, no triggers.
  if (kind_ == testing::StoreKind::kSqlite) {
    RunSql(
        "DROP TRIGGER received_inserted; DROP TRIGGER received_updated; "
        "DROP TRIGGER received_deleted; DROP TABLE received_per_day; "
        "DELETE FROM schema_migrations WHERE version = 20");
  } else {
    RunSql(
        "DROP TRIGGER received_totalled ON payments; DROP FUNCTION received_total(); "
        "DROP TABLE received_per_day; DELETE FROM schema_migrations WHERE version = 13");
  }
  Receive(tenant_.id, "ETH", 18, Units("1"), kSince + kDay, kSince + kDay);
  Reopen();  // migrates

  using Key = std::tuple<std::string, unsigned, std::int64_t>;
  EXPECT_EQ(Sums(), (std::map<Key, std::string>{{{"ETH", 18, 0}, "11000000000000000000"},
                                                {{"ETH", 18, 1}, "1"}}));
}

PAYD_ON_BOTH_STORES(ReceivedPerDayTest);

TEST(VolumeByDayTest, OneSymbolOfTwoDecimalsIsShownAtTheLarger) {
  // 1 USDC of 6 decimals and 2 USDC of 18 decimals (BNB Smart Chain's) on day 0: 3 USDC.
  std::vector<domain::Store::DailyReceived> sums = {
      {"USDC", 6, 0, Units("1000000")},
      {"USDC", 18, 0, Units("2000000000000000000")},
      {"USDC", 6, 29, Units("5")},
      {"DAI", 18, 30, Units("7")},  // outside a 30-day chart
  };
  auto volumes = dashboard::VolumeByDay(sums, 30);
  ASSERT_EQ(volumes.size(), 1u);  // DAI had nothing inside the chart
  EXPECT_EQ(volumes[0].token, "USDC");
  EXPECT_EQ(volumes[0].decimals, 18u);
  ASSERT_EQ(volumes[0].per_day.size(), 30u);
  EXPECT_EQ(domain::UnitsToDecimal(volumes[0].per_day[0], 18), "3");
  EXPECT_EQ(domain::UnitsToDecimal(volumes[0].per_day[29], 18), "0.000005");
  EXPECT_EQ(domain::UnitsToDecimal(volumes[0].total, 18), "3.000005");
}

}  // namespace
}  // namespace payd
