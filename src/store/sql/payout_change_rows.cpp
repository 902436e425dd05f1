#include "store/sql/payout_change_rows.h"

#include "store/sql/sql_store.h"

namespace payd::store::sql {

namespace {

constexpr const char* kColumns =
    "id, tenant_id, integration_id, payout_address, previous_address, requested_by, "
    "requested_at, effective_at, closed_at, closed_by, outcome";

domain::PayoutChange ReadChange(const Query& q) {
  domain::PayoutChange p;
  p.id = q.Text(0);
  p.tenant_id = q.Text(1);
  p.integration_id = q.Text(2);
  p.payout_address = q.Text(3);
  p.previous_address = q.Text(4);
  p.requested_by = q.Text(5);
  p.requested_at = q.Int(6);
  p.effective_at = q.Int(7);
  p.closed_at = q.OptInt(8);
  p.closed_by = q.OptText(9);
  p.outcome = q.OptText(10);
  return p;
}

std::vector<domain::PayoutChange> ReadAll(Query& q) {
  std::vector<domain::PayoutChange> out;
  while (q.Step()) out.push_back(ReadChange(q));
  return out;
}

}  // namespace

void InsertPayoutChangeRow(Connection& c, const domain::PayoutChange& p) {
  static const std::string sql = "INSERT INTO payout_changes(" + std::string(kColumns) +
                                 ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  c.Prepare(sql)
      .Bind(1, p.id)
      .Bind(2, p.tenant_id)
      .Bind(3, p.integration_id)
      .Bind(4, p.payout_address)
      .Bind(5, p.previous_address)
      .Bind(6, p.requested_by)
      .Bind(7, p.requested_at)
      .Bind(8, p.effective_at)
      .Bind(9, p.closed_at)
      .Bind(10, p.closed_by)
      .Bind(11, p.outcome)
      .Run();
}

std::optional<domain::PayoutChange> WaitingPayoutChangeRow(Connection& c,
                                                           const std::string& tenant_id,
                                                           const std::string& integration_id) {
  static const std::string sql = "SELECT " + std::string(kColumns) +
                                 " FROM payout_changes WHERE integration_id = ? AND "
                                 "tenant_id = ? AND closed_at IS NULL";
  auto q = c.Prepare(sql);
  q.Bind(1, integration_id).Bind(2, tenant_id);
  if (!q.Step()) return std::nullopt;
  return ReadChange(q);
}

std::vector<domain::PayoutChange> WaitingPayoutChangeRows(Connection& c,
                                                          const std::string& tenant_id) {
  static const std::string sql = "SELECT " + std::string(kColumns) +
                                 " FROM payout_changes WHERE tenant_id = ? AND closed_at IS NULL "
                                 "ORDER BY effective_at, id";
  auto q = c.Prepare(sql);
  q.Bind(1, tenant_id);
  return ReadAll(q);
}

std::vector<domain::PayoutChange> DuePayoutChangeRows(Connection& c, base::TimeMs now, int limit) {
  static const std::string sql = "SELECT " + std::string(kColumns) +
                                 " FROM payout_changes WHERE closed_at IS NULL AND "
                                 "effective_at <= ? ORDER BY effective_at, id LIMIT ?";
  auto q = c.Prepare(sql);
  q.Bind(1, now).Bind(2, limit);
  return ReadAll(q);
}

bool ClosePayoutChangeRow(Connection& c, const domain::PayoutChange& p) {
  c.Prepare(
       "UPDATE payout_changes SET closed_at = ?, closed_by = ?, outcome = ? "
       "WHERE id = ? AND closed_at IS NULL")
      .Bind(1, p.closed_at)
      .Bind(2, p.closed_by)
      .Bind(3, p.outcome)
      .Bind(4, p.id)
      .Run();
  return c.Changes() == 1;
}

std::vector<domain::PayoutChange> SqlStore::ListWaitingPayoutChanges(const std::string& tenant_id) {
  return Read([&](Connection& c) { return WaitingPayoutChangeRows(c, tenant_id); });
}

}  // namespace payd::store::sql
