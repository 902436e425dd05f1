// SqlStore::CountForMetrics: a few aggregate reads for the scrape of /metrics.
#include "store/sql/sql_store.h"

namespace payd::store::sql {

namespace {

std::vector<std::pair<std::string, std::int64_t>> ByStatus(Connection& c, std::string_view sql) {
  std::vector<std::pair<std::string, std::int64_t>> out;
  auto q = c.Prepare(sql);
  while (q.Step()) out.emplace_back(q.Text(0), q.Int(1));
  return out;
}

}  // namespace

domain::MetricsCounts::OperationalCounts SqlStore::CountForMetrics() {
  return Read([&](Connection& c) {
    OperationalCounts counts;
    counts.intents_by_status =
        ByStatus(c,
                 "SELECT status, CAST(SUM(n) AS BIGINT) FROM intent_status_counts "
                 "GROUP BY status HAVING SUM(n) <> 0");
    counts.payments_by_status =
        ByStatus(c, "SELECT status, COUNT(*) FROM payments GROUP BY status");
    // A payout's lines are rows of the same table (domain/payouts/payout.h).
    counts.refunds_by_status =
        ByStatus(c, "SELECT status, COUNT(*) FROM refunds WHERE payout_id IS NULL GROUP BY status");
    counts.payout_lines_by_status = ByStatus(
        c, "SELECT status, COUNT(*) FROM refunds WHERE payout_id IS NOT NULL GROUP BY status");
    // webhook_deliveries_due (status, next_attempt_at) answers both.
    auto q = c.Prepare(
        "SELECT COUNT(*), MIN(next_attempt_at) FROM webhook_deliveries "
        "WHERE status IN ('PENDING', 'RETRYING')");
    if (q.Step()) {
      counts.deliveries_waiting = q.Int(0);
      counts.earliest_due = q.OptInt(1);
    }
    return counts;
  });
}

}  // namespace payd::store::sql
