#include "store/sql/payout_rows.h"

#include "store/sql/refund_rows.h"
#include "store/sql/sql_store.h"

namespace payd::store::sql {

namespace {

constexpr const char* kPayoutColumns =
    "id, tenant_id, name, chain_id, token_symbol, token_address, decimals, from_address, "
    "metadata, created_at, updated_at, completed_at, canceled_at";

// The payout without its lines: they are read once its query is done (two
// statements never interleave on one connection).
domain::Payout ReadPayout(const Query& q) {
  domain::Payout p;
  p.id = q.Text(0);
  p.tenant_id = q.Text(1);
  p.name = q.Text(2);
  p.chain_id = q.Int(3);
  p.token_symbol = q.Text(4);
  p.token_address = q.OptText(5);
  p.decimals = static_cast<unsigned>(q.Int(6));
  p.from_address = q.Text(7);
  p.metadata_json = q.Text(8);
  p.created_at = q.Int(9);
  p.updated_at = q.Int(10);
  p.completed_at = q.OptInt(11);
  p.canceled_at = q.OptInt(12);
  return p;
}

std::string SelectPayouts(const std::string& rest) {
  return "SELECT " + std::string(kPayoutColumns) + " FROM payouts " + rest;
}

}  // namespace

void InsertPayoutRow(Connection& c, const domain::Payout& p) {
  c.Prepare(
       "INSERT INTO payouts(id, tenant_id, name, chain_id, token_symbol, token_address, "
       "decimals, from_address, metadata, created_at, updated_at, completed_at, canceled_at) "
       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
      .Bind(1, p.id)
      .Bind(2, p.tenant_id)
      .Bind(3, p.name)
      .Bind(4, p.chain_id)
      .Bind(5, p.token_symbol)
      .Bind(6, p.token_address)
      .Bind(7, static_cast<std::int64_t>(p.decimals))
      .Bind(8, p.from_address)
      .Bind(9, p.metadata_json)
      .Bind(10, p.created_at)
      .Bind(11, p.updated_at)
      .Bind(12, p.completed_at)
      .Bind(13, p.canceled_at)
      .Run();
  for (const domain::Refund& line : p.lines) InsertRefundRow(c, line);
}

void UpdatePayoutRow(Connection& c, const domain::Payout& p) {
  c.Prepare("UPDATE payouts SET updated_at = ?, completed_at = ?, canceled_at = ? WHERE id = ?")
      .Bind(1, p.updated_at)
      .Bind(2, p.completed_at)
      .Bind(3, p.canceled_at)
      .Bind(4, p.id)
      .Run();
}

std::optional<domain::Payout> PayoutRow(Connection& c, const std::string& tenant_id,
                                        const std::string& id) {
  static const std::string sql = SelectPayouts("WHERE id = ?1 AND (?2 = '' OR tenant_id = ?2)");
  std::optional<domain::Payout> out;
  {
    auto q = c.Prepare(sql);
    q.Bind(1, id).Bind(2, tenant_id);
    if (!q.Step()) return std::nullopt;
    out = ReadPayout(q);
  }
  out->lines = PayoutLineRows(c, out->id);
  return out;
}

std::vector<domain::Payout> PayoutRows(Connection& c, const std::string& tenant_id,
                                       const domain::PayoutQuery& query) {
  static const std::string sql =
      SelectPayouts("WHERE tenant_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?");
  std::vector<domain::Payout> out;
  {
    auto q = c.Prepare(sql);
    q.Bind(1, tenant_id).Bind(2, query.limit).Bind(3, query.offset);
    while (q.Step()) out.push_back(ReadPayout(q));
  }
  for (auto& p : out) p.lines = PayoutLineRows(c, p.id);
  return out;
}

}  // namespace payd::store::sql

namespace payd::store::sql {

std::optional<domain::Payout> SqlStore::FindPayout(const std::string& tenant_id,
                                                   const std::string& id) {
  if (tenant_id.empty()) return std::nullopt;
  return Read([&](Connection& c) { return PayoutRow(c, tenant_id, id); });
}

std::vector<domain::Payout> SqlStore::ListPayouts(const std::string& tenant_id,
                                                  const domain::PayoutQuery& query) {
  return Read([&](Connection& c) { return PayoutRows(c, tenant_id, query); });
}

}  // namespace payd::store::sql
