// The dashboard's schema (issue 18): its people, then their sessions and
// second factors (store/sql/dashboard_schema.h, the same text as PostgreSQL's).
#include "store/sql/dashboard_schema.h"
#include "store/sqlite/migrations.h"

namespace payd::store::sqlite {

namespace {

const Migration kDashboardMigrations[] = {
    {13, "dashboard users", sql::kDashboardUsersSql},
    {14, "dashboard sessions, sign-in links and throttle", sql::kDashboardSessionsSql},
    {15, "dashboard second factors and the tenant's two-factor rule",
     sql::kDashboardSecondFactorsSql},
    // An intent's page reads its events, transfers and their deliveries by
    // index (at 100,000 intents a scan of the events' data took 134 ms).
    {16, "indexes for an intent's timeline", R"sql(
ALTER TABLE events ADD COLUMN object_id TEXT;
UPDATE events SET object_id = json_extract(data, '$.id') WHERE json_valid(data);
CREATE INDEX events_by_object ON events(tenant_id, object_id, created_at);
CREATE INDEX payments_by_intent_time ON payments(intent_id, created_at)
  WHERE intent_id IS NOT NULL;
CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries(event_id);
)sql"},
    // The intents that wait for the merchant's decision, newest first, without
    // reading the others: the overview's notice and the payments filter stay
    // quick however many intents were settled.
    {17, "index of the intents that need a decision", R"sql(
CREATE INDEX payment_intents_needing_decision ON payment_intents(tenant_id, created_at)
  WHERE exception <> '' AND resolution IS NULL;
)sql"},
};

}  // namespace

std::span<const Migration> DashboardMigrations() {
  return kDashboardMigrations;
}

}  // namespace payd::store::sqlite
