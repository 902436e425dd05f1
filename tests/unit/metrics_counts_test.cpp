// Store::CountForMetrics, what /metrics reads from the database on both
// stores: rows by status and the open deliveries with the earliest due time.
#include <gtest/gtest.h>

#include <map>

#include "store_fixture.h"

namespace payd {
namespace {

class MetricsCountsTest : public testing::StoreTest {
 protected:
  // An endpoint: every event from now on gets a delivery (the outbox, in the event's transaction).
  void AddEndpoint() {
    domain::WebhookEndpoint endpoint;
    endpoint.id = base::NewId("we_");
    endpoint.tenant_id = tenant_.id;
    endpoint.url = "https://hooks.example/x";
    endpoint.created_at = 1000;
    store_->InsertWebhookEndpoint(endpoint);
  }
};

std::map<std::string, std::int64_t> AsMap(
    const std::vector<std::pair<std::string, std::int64_t>>& rows) {
  return {rows.begin(), rows.end()};
}

TEST_P(MetricsCountsTest, CountsIntentsByStatusAndTheOpenDeliveries) {
  auto empty = store_->CountForMetrics();
  EXPECT_TRUE(empty.intents_by_status.empty());
  EXPECT_TRUE(empty.payments_by_status.empty());
  EXPECT_EQ(empty.deliveries_waiting, 0);
  EXPECT_FALSE(empty.earliest_due.has_value());

  AddEndpoint();
  auto first = UsdcIntent(1'000'000, 5000, 60'000);
  StoreIntent(first);
  auto second = UsdcIntent(2'000'000, 7000, 60'000);
  StoreIntent(second);

  auto counts = store_->CountForMetrics();
  EXPECT_EQ(AsMap(counts.intents_by_status), (std::map<std::string, std::int64_t>{{"CREATED", 2}}));
  EXPECT_TRUE(counts.payments_by_status.empty());
  EXPECT_EQ(counts.deliveries_waiting, 2);
  ASSERT_TRUE(counts.earliest_due.has_value());
  EXPECT_EQ(*counts.earliest_due, 5000);  // the first event's delivery, due when it was written
}

// The dashboard overview's counts of one tenant: failed deliveries only of
// the window asked for, waiting ones whatever their age.
TEST_P(MetricsCountsTest, CountsOneTenantsIntentsAndRecentFailedDeliveries) {
  AddEndpoint();
  for (base::TimeMs at : {5000, 6000, 7000, 8000}) {
    auto intent = UsdcIntent(1'000'000 + at, at, 60'000);
    StoreIntent(intent);
  }
  RunSql("UPDATE webhook_deliveries SET status = 'FAILED' WHERE created_at IN (5000, 7000)");

  auto counts = store_->CountTenant(tenant_.id, 6000);
  EXPECT_EQ(AsMap(counts.intents_by_status), (std::map<std::string, std::int64_t>{{"CREATED", 4}}));
  EXPECT_EQ(counts.deliveries_waiting, 2);
  EXPECT_EQ(counts.deliveries_failed, 1);  // 7000's; 5000's is before the window
  EXPECT_EQ(store_->CountTenant("ten_other", 0).deliveries_waiting, 0);
}

// Counts by status are kept as intents change, whoever changes them.
TEST_P(MetricsCountsTest, CountsFollowEveryChangeOfStatus) {
  std::vector<std::string> ids;
  for (base::TimeMs at : {5000, 6000, 7000, 8000}) {
    auto intent = UsdcIntent(1'000'000 + at, at, 60'000);
    StoreIntent(intent);
    ids.push_back(intent.id);
  }
  RunSql("UPDATE payment_intents SET status = 'PAID' WHERE id IN ('" + ids[0] + "', '" + ids[1] +
         "')");
  RunSql("UPDATE payment_intents SET status = 'EXPIRED' WHERE id = '" + ids[2] + "'");
  RunSql("UPDATE payment_intents SET metadata = '{}' WHERE id = '" + ids[3] + "'");
  using Counts = std::map<std::string, std::int64_t>;
  EXPECT_EQ(AsMap(store_->CountTenant(tenant_.id, 0).intents_by_status),
            (Counts{{"CREATED", 1}, {"EXPIRED", 1}, {"PAID", 2}}));
  RunSql("DELETE FROM payment_intents WHERE id = '" + ids[2] + "'");
  RunSql("UPDATE payment_intents SET status = 'PAID' WHERE id = '" + ids[3] + "'");
  EXPECT_EQ(AsMap(store_->CountTenant(tenant_.id, 0).intents_by_status), (Counts{{"PAID", 3}}));
  EXPECT_EQ(AsMap(store_->CountForMetrics().intents_by_status), (Counts{{"PAID", 3}}));
  EXPECT_TRUE(store_->CountTenant("ten_other", 0).intents_by_status.empty());
}

PAYD_ON_BOTH_STORES(MetricsCountsTest);

}  // namespace
}  // namespace payd
