// The chain state the watchers read between the ledger's transactions: the
// cursor, the recent blocks, and since when a chain is watched.
#include "store/sql/rows.h"
#include "store/sql/sql_store.h"

namespace payd::store::sql {

namespace {

domain::BlockHeader ReadBlock(const Query& q) {
  return {q.Int(0), q.Text(1), q.Text(2), q.Int(3)};
}

}  // namespace

std::optional<domain::BlockHeader> SqlStore::LoadCursor(std::int64_t chain_id) {
  return Read([&](Connection& c) -> std::optional<domain::BlockHeader> {
    auto q =
        c.Prepare("SELECT number, hash, parent_hash, time FROM chain_cursors WHERE chain_id = ?");
    q.Bind(1, chain_id);
    if (!q.Step()) return std::nullopt;
    return ReadBlock(q);
  });
}

std::vector<domain::BlockHeader> SqlStore::RecentBlocks(std::int64_t chain_id, int limit) {
  return Read([&](Connection& c) {
    auto q = c.Prepare(
        "SELECT number, hash, parent_hash, time FROM chain_blocks WHERE chain_id = ? "
        "ORDER BY number DESC LIMIT ?");
    q.Bind(1, chain_id).Bind(2, limit);
    std::vector<domain::BlockHeader> out;
    while (q.Step()) out.push_back(ReadBlock(q));
    return out;
  });
}

std::optional<base::TimeMs> SqlStore::FirstIntentCreatedAt(std::int64_t chain_id) {
  return Read([&](Connection& c) -> std::optional<base::TimeMs> {
    auto q = c.Prepare("SELECT min(created_at) FROM payment_intents WHERE chain_id = ?");
    q.Bind(1, chain_id);
    if (!q.Step() || q.IsNull(0)) return std::nullopt;
    return q.Int(0);
  });
}

base::TimeMs SqlStore::WatchStartedAt(std::int64_t chain_id, base::TimeMs now) {
  return Write([&](Connection& c) {
    c.Prepare(
         "INSERT INTO chain_watch_starts(chain_id, started_at) VALUES (?, ?) "
         "ON CONFLICT (chain_id) DO NOTHING")
        .Bind(1, chain_id)
        .Bind(2, now)
        .Run();
    auto q = c.Prepare("SELECT started_at FROM chain_watch_starts WHERE chain_id = ?");
    q.Bind(1, chain_id);
    q.Step();
    return q.Int(0);
  });
}

std::vector<domain::WatchedAddress> SqlStore::WatchedAddresses(std::int64_t chain_id,
                                                               base::TimeMs now) {
  return Read([&](Connection& c) {
    auto q = c.Prepare(
        "SELECT payout_address, tenant_id, allow_chains, allow_tokens FROM integrations "
        "UNION ALL SELECT payout_address, tenant_id, allow_chains, allow_tokens "
        "FROM retired_watches WHERE watch_until > ?");
    q.Bind(1, now);
    std::map<std::string, domain::WatchedAddress> watched;
    auto add = [](std::vector<std::string>& list, const std::string& item) {
      if (std::find(list.begin(), list.end(), item) == list.end()) list.push_back(item);
    };
    while (q.Step()) {
      auto chains = IntsFromJson(q.Text(2));
      if (std::find(chains.begin(), chains.end(), chain_id) == chains.end()) continue;
      auto& w = watched[q.Text(0)];
      w.address = q.Text(0);
      add(w.tenant_ids, q.Text(1));
      for (const auto& token : StringsFromJson(q.Text(3))) add(w.tokens, token);
    }
    std::vector<domain::WatchedAddress> out;
    for (auto& [address, w] : watched) out.push_back(std::move(w));
    return out;
  });
}

namespace {

// The payments `sql` selects, its parameters the chain and `second`.
std::vector<domain::Payment> LivePayments(Connection& c, const std::string& sql,
                                          std::int64_t chain_id, std::int64_t second) {
  auto q = c.Prepare(sql);
  q.Bind(1, chain_id).Bind(2, second);
  std::vector<domain::Payment> out;
  while (q.Step()) out.push_back(ReadPayment(q));
  return out;
}

}  // namespace

std::vector<domain::Payment> SqlStore::PaymentsAboveCursor(std::int64_t chain_id,
                                                           std::int64_t cursor) {
  static const std::string sql = "SELECT " + std::string(kPaymentColumns) +
                                 " FROM payments WHERE chain_id = ? AND block_number > ? AND "
                                 "status IN ('PENDING', 'CONFIRMED')";
  return Read([&](Connection& c) { return LivePayments(c, sql, chain_id, cursor); });
}

std::vector<domain::Payment> SqlStore::PaymentsAwaitingSwapCheck(std::int64_t chain_id, int limit) {
  static const std::string sql = "SELECT " + std::string(kPaymentColumns) +
                                 " FROM payments WHERE chain_id = ? AND swap_check = 1 AND "
                                 "status IN ('PENDING', 'CONFIRMED') ORDER BY created_at LIMIT ?";
  return Read([&](Connection& c) { return LivePayments(c, sql, chain_id, limit); });
}

}  // namespace payd::store::sql
