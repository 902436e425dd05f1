// The dashboard's schema on PostgreSQL: SQLite's migrations 13 to 15, the
// same text (store/sql/dashboard_schema.h).
#include "store/postgres/pg_migrations.h"
#include "store/sql/dashboard_schema.h"

namespace payd::store::postgres {

namespace {

const Migration kDashboardMigrations[] = {
    {6, "dashboard users", sql::kDashboardUsersSql},
    {7, "dashboard sessions, sign-in links and throttle", sql::kDashboardSessionsSql},
    {8, "dashboard second factors and the tenant's two-factor rule",
     sql::kDashboardSecondFactorsSql},
    // SQLite's 16: an intent's page reads its events, transfers and their deliveries by index.
    {9, "indexes for an intent's timeline", R"sql(
ALTER TABLE events ADD COLUMN object_id TEXT;
UPDATE events SET object_id = (data::jsonb ->> 'id');
CREATE INDEX events_by_object ON events(tenant_id, object_id, created_at);
CREATE INDEX payments_by_intent_time ON payments(intent_id, created_at)
  WHERE intent_id IS NOT NULL;
CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries(event_id);
)sql"},
    // The intents that wait for the merchant's decision, newest first, without
    // reading the others: the overview's notice and the payments filter stay
    // quick however many intents were settled.
    {10, "index of the intents that need a decision", R"sql(
CREATE INDEX payment_intents_needing_decision ON payment_intents(tenant_id, created_at)
  WHERE exception <> '' AND resolution IS NULL;
)sql"},
};

}  // namespace

std::span<const Migration> DashboardMigrations() {
  return kDashboardMigrations;
}

}  // namespace payd::store::postgres
