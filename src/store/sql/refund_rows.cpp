#include "store/sql/refund_rows.h"

#include "base/strings.h"
#include "store/sql/rows.h"
#include "store/sql/sql_store.h"

namespace payd::store::sql {

namespace {

constexpr const char* kRefundColumns =
    "id, tenant_id, payment_id, intent_id, chain_id, token_symbol, token_address, decimals, "
    "from_address, to_address, address_source, amount, price, rate, reason, metadata, status, "
    "tx_hash, position, block_number, block_hash, block_time, confirmations, page_digest, "
    "page_expires_at, created_at, updated_at, sent_at, confirmed_at, canceled_at, payout_id, "
    "reference, line_number";

domain::Refund ReadRefund(const Query& q) {
  domain::Refund r;
  r.id = q.Text(0);
  r.tenant_id = q.Text(1);
  r.payment_id = q.Text(2);
  r.intent_id = q.OptText(3);
  r.chain_id = q.Int(4);
  r.token_symbol = q.Text(5);
  r.token_address = q.OptText(6);
  r.decimals = static_cast<unsigned>(q.Int(7));
  r.from_address = q.Text(8);
  r.to_address = q.OptText(9);
  r.address_source = q.OptText(10);
  r.amount = domain::ParseUnits(q.Text(11)).value_or(0);
  if (auto price = q.OptText(12)) r.price = PriceFromJson(*price);
  if (auto rate = q.OptText(13)) r.rate = RateFromJson(*rate);
  r.reason = q.Text(14);
  r.metadata_json = q.Text(15);
  r.status = domain::ParseRefundStatus(q.Text(16)).value_or(domain::RefundStatus::kRequested);
  if (auto tx = q.OptText(17)) {
    r.transfer = domain::RefundTransfer{*tx, q.Text(18), q.Int(19), q.Text(20), q.Int(21)};
  }
  r.confirmations = q.Int(22);
  r.page_digest = q.OptText(23);
  r.page_expires_at = q.OptInt(24);
  r.created_at = q.Int(25);
  r.updated_at = q.Int(26);
  r.sent_at = q.OptInt(27);
  r.confirmed_at = q.OptInt(28);
  r.canceled_at = q.OptInt(29);
  r.payout_id = q.OptText(30);
  r.reference = q.OptText(31);
  r.line_number = q.OptInt(32).value_or(0);
  return r;
}

std::vector<domain::Refund> ReadRefunds(Query& q) {
  std::vector<domain::Refund> out;
  while (q.Step()) out.push_back(ReadRefund(q));
  return out;
}

std::string SelectRefunds(const std::string& rest) {
  return "SELECT " + std::string(kRefundColumns) + " FROM refunds " + rest;
}

// The fields UpdateRefundRow writes, from parameter `first`.
void BindRefundState(Query& q, int first, const domain::Refund& r) {
  const auto& t = r.transfer;
  auto opt = [&](auto member) { return t ? std::optional(std::invoke(member, *t)) : std::nullopt; };
  q.Bind(first, r.to_address)
      .Bind(first + 1, r.address_source)
      .Bind(first + 2, std::string(domain::RefundStatusName(r.status)))
      .Bind(first + 3, opt(&domain::RefundTransfer::tx_hash))
      .Bind(first + 4, opt(&domain::RefundTransfer::position))
      .Bind(first + 5, opt(&domain::RefundTransfer::block_number))
      .Bind(first + 6, opt(&domain::RefundTransfer::block_hash))
      .Bind(first + 7, opt(&domain::RefundTransfer::block_time))
      .Bind(first + 8, r.confirmations)
      .Bind(first + 9, r.page_digest)
      .Bind(first + 10, r.page_expires_at)
      .Bind(first + 11, r.updated_at)
      .Bind(first + 12, r.sent_at)
      .Bind(first + 13, r.confirmed_at)
      .Bind(first + 14, r.canceled_at);
}

}  // namespace

void InsertRefundRow(Connection& c, const domain::Refund& r) {
  static const std::string sql =
      "INSERT INTO refunds(id, tenant_id, payment_id, intent_id, chain_id, token_symbol, "
      "token_address, decimals, from_address, amount, price, rate, reason, metadata, created_at, "
      "to_address, address_source, status, tx_hash, position, block_number, block_hash, "
      "block_time, confirmations, page_digest, page_expires_at, updated_at, sent_at, "
      "confirmed_at, canceled_at, payout_id, reference, line_number) VALUES (?, ?, ?, ?, ?, ?, ?, "
      "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  auto q = c.Prepare(sql);
  q.Bind(1, r.id)
      .Bind(2, r.tenant_id)
      .Bind(3, r.payment_id)
      .Bind(4, r.intent_id)
      .Bind(5, r.chain_id)
      .Bind(6, r.token_symbol)
      .Bind(7, r.token_address)
      .Bind(8, static_cast<std::int64_t>(r.decimals))
      .Bind(9, r.from_address)
      .Bind(10, domain::FormatUnits(r.amount))
      .Bind(11, r.price ? std::optional(PriceToJson(*r.price)) : std::nullopt)
      .Bind(12, r.rate ? std::optional(RateToJson(*r.rate)) : std::nullopt)
      .Bind(13, r.reason)
      .Bind(14, r.metadata_json)
      .Bind(15, r.created_at);
  BindRefundState(q, 16, r);
  q.Bind(31, r.payout_id).Bind(32, r.reference);
  q.Bind(33, r.payout_id ? std::optional(r.line_number) : std::nullopt);
  q.Run();
}

void UpdateRefundRow(Connection& c, const domain::Refund& r) {
  static const std::string sql =
      "UPDATE refunds SET to_address = ?, address_source = ?, status = ?, tx_hash = ?, "
      "position = ?, block_number = ?, block_hash = ?, block_time = ?, confirmations = ?, "
      "page_digest = ?, page_expires_at = ?, updated_at = ?, sent_at = ?, confirmed_at = ?, "
      "canceled_at = ? WHERE id = ?";
  auto q = c.Prepare(sql);
  BindRefundState(q, 1, r);
  q.Bind(16, r.id);
  q.Run();
}

std::optional<domain::Refund> RefundRow(Connection& c, const std::string& tenant_id,
                                        const std::string& id) {
  static const std::string sql =
      SelectRefunds("WHERE id = ? AND tenant_id = ? AND payout_id IS NULL");
  auto q = c.Prepare(sql);
  q.Bind(1, id).Bind(2, tenant_id);
  if (!q.Step()) return std::nullopt;
  return ReadRefund(q);
}

std::optional<domain::Refund> RefundRowByPage(Connection& c, const std::string& digest) {
  static const std::string sql = SelectRefunds("WHERE page_digest = ?");
  auto q = c.Prepare(sql);
  q.Bind(1, digest);
  if (!q.Step()) return std::nullopt;
  return ReadRefund(q);
}

std::vector<domain::Refund> RefundRowsOfPayment(Connection& c, const std::string& tenant_id,
                                                const std::string& payment_id) {
  static const std::string sql =
      SelectRefunds("WHERE payment_id = ? AND tenant_id = ? ORDER BY created_at, id");
  auto q = c.Prepare(sql);
  q.Bind(1, payment_id).Bind(2, tenant_id);
  return ReadRefunds(q);
}

std::vector<domain::Refund> RefundRows(Connection& c, const std::string& tenant_id,
                                       const domain::RefundQuery& query) {
  // NULL parameters leave a filter out.
  static const std::string sql = SelectRefunds(
      "WHERE tenant_id = ?1 AND payout_id IS NULL AND (CAST(?2 AS TEXT) IS NULL OR status = ?2) "
      "AND "
      "(CAST(?3 AS TEXT) IS NULL OR payment_id = ?3) "
      "ORDER BY created_at DESC, id DESC LIMIT ?4 OFFSET ?5");
  auto q = c.Prepare(sql);
  q.Bind(1, tenant_id)
      .Bind(2, query.status ? std::optional(std::string(domain::RefundStatusName(*query.status)))
                            : std::nullopt)
      .Bind(3, query.payment_id)
      .Bind(4, query.limit)
      .Bind(5, query.offset);
  return ReadRefunds(q);
}

std::vector<domain::Refund> RefundRowsSentAbove(Connection& c, std::int64_t chain_id,
                                                std::int64_t number) {
  static const std::string sql = SelectRefunds(
      "WHERE chain_id = ? AND status IN ('sent', 'confirmed') AND block_number > ? ORDER BY id");
  auto q = c.Prepare(sql);
  q.Bind(1, chain_id).Bind(2, number);
  return ReadRefunds(q);
}

std::vector<domain::Refund> SentRefundRows(Connection& c, std::int64_t chain_id) {
  static const std::string sql =
      SelectRefunds("WHERE chain_id = ? AND status = 'sent' ORDER BY id");
  auto q = c.Prepare(sql);
  q.Bind(1, chain_id);
  return ReadRefunds(q);
}

std::optional<domain::Refund> RefundRowAwaiting(Connection& c, std::int64_t chain_id,
                                                const std::string& token_key,
                                                const std::string& from, const std::string& to,
                                                const domain::Uint256& amount) {
  static const std::string sql = SelectRefunds(
      "WHERE chain_id = ? AND status IN ('ready', 'reversed') AND from_address = ? AND "
      "to_address = ? AND amount = ? AND COALESCE(LOWER(token_address), 'native') = ? "
      "ORDER BY created_at, line_number, id LIMIT 1");
  auto q = c.Prepare(sql);
  q.Bind(1, chain_id).Bind(2, from).Bind(3, to).Bind(4, domain::FormatUnits(amount));
  q.Bind(5, token_key);
  if (!q.Step()) return std::nullopt;
  return ReadRefund(q);
}

bool RefundTransferTakenRow(Connection& c, std::int64_t chain_id, const std::string& tx_hash,
                            const std::string& position, const std::string& block_hash) {
  auto q = c.Prepare(
      "SELECT 1 FROM refunds WHERE chain_id = ? AND tx_hash = ? AND position = ? AND "
      "block_hash = ? LIMIT 1");
  q.Bind(1, chain_id).Bind(2, tx_hash).Bind(3, position).Bind(4, block_hash);
  return q.Step();
}

void RecountRefundedRow(Connection& c, const std::string& payment_id) {
  domain::Uint256 sum = 0;
  {
    auto q = c.Prepare("SELECT amount FROM refunds WHERE payment_id = ? AND status = 'confirmed'");
    q.Bind(1, payment_id);
    while (q.Step()) sum += domain::ParseUnits(q.Text(0)).value_or(0);
  }
  c.Prepare("UPDATE payments SET refunded = ? WHERE id = ?")
      .Bind(1, domain::FormatUnits(sum))
      .Bind(2, payment_id)
      .Run();
}

std::vector<domain::Refund> PayoutLineRows(Connection& c, const std::string& payout_id) {
  static const std::string sql = SelectRefunds("WHERE payout_id = ? ORDER BY line_number");
  auto q = c.Prepare(sql);
  q.Bind(1, payout_id);
  return ReadRefunds(q);
}

std::vector<std::string> RefundSenderRows(Connection& c, std::int64_t chain_id) {
  auto q = c.Prepare(
      "SELECT DISTINCT from_address FROM refunds WHERE chain_id = ? AND "
      "status IN ('ready', 'sent', 'reversed') ORDER BY from_address");
  q.Bind(1, chain_id);
  std::vector<std::string> out;
  while (q.Step()) out.push_back(q.Text(0));
  return out;
}

}  // namespace payd::store::sql

namespace payd::store::sql {

std::vector<std::string> SqlStore::RefundSenders(std::int64_t chain_id) {
  return Read([&](Connection& c) { return RefundSenderRows(c, chain_id); });
}

std::optional<domain::Refund> SqlStore::FindRefund(const std::string& tenant_id,
                                                   const std::string& id) {
  return Read([&](Connection& c) { return RefundRow(c, tenant_id, id); });
}

std::vector<domain::Refund> SqlStore::ListRefunds(const std::string& tenant_id,
                                                  const domain::RefundQuery& query) {
  return Read([&](Connection& c) { return RefundRows(c, tenant_id, query); });
}

std::optional<domain::Refund> SqlStore::FindRefundByPage(const std::string& digest) {
  return Read([&](Connection& c) { return RefundRowByPage(c, digest); });
}

}  // namespace payd::store::sql
