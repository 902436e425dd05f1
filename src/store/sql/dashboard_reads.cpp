// The reads behind the dashboard's payments pages. QueryIntents
// (domain/intents/intent_query.h) puts its statement together from the filters
// given, so each variant uses the tenant's (tenant_id, created_at) or
// (tenant_id, status, created_at) index and PostgreSQL never sees an untyped
// NULL parameter.
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <variant>
#include <vector>

#include "base/strings.h"
#include "domain/money/amount.h"
#include "store/sql/rows.h"
#include "store/sql/sql_store.h"
#include "store/sql/webhook_rows.h"

namespace payd::store::sql {

namespace {

// LIKE's own characters taken literally.
std::string LikeEscaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '%' || c == '_' || c == '\\') out.push_back('\\');
    out.push_back(c);
  }
  return out;
}

// Parameters numbered in the order the statement names them.
class Params {
 public:
  std::string Add(std::variant<std::string, std::int64_t> value) {
    values_.push_back(std::move(value));
    return "?" + std::to_string(values_.size());
  }
  void BindAll(Query& q) const {
    for (std::size_t i = 0; i < values_.size(); ++i) {
      std::visit([&](const auto& v) { q.Bind(static_cast<int>(i + 1), v); }, values_[i]);
    }
  }

 private:
  std::vector<std::variant<std::string, std::int64_t>> values_;
};

}  // namespace

std::vector<domain::PaymentIntent> SqlStore::QueryIntents(const std::string& tenant_id,
                                                          const domain::IntentQuery& query) {
  Params p;
  std::string sql = "SELECT " + std::string(kIntentColumns) +
                    " FROM payment_intents WHERE tenant_id = " + p.Add(tenant_id);
  if (query.status) {
    sql += " AND status = " + p.Add(std::string(domain::IntentStatusName(*query.status)));
  }
  if (query.needs_decision) sql += " AND exception <> '' AND resolution IS NULL";
  if (!query.search.empty()) {
    std::string exact = p.Add(query.search);
    std::string lower = p.Add(base::AsciiLower(query.search));
    // Metadata is stored as JSON text: a value is found as JSON writes it (a
    // quote as \", a backslash as \\), so search for the text so written.
    std::string as_json = boost::json::serialize(boost::json::value(query.search));
    as_json = as_json.substr(1, as_json.size() - 2);
    std::string like = p.Add("%" + LikeEscaped(as_json) + "%");
    sql += " AND (id = " + exact + " OR lower(tx_hash) = " + lower +
           " OR lower(sender_address) = " + lower + " OR lower(recipient) = " + lower +
           " OR lower(sender_hint) = " + lower + " OR metadata LIKE " + like + " ESCAPE '\\')";
  }
  if (query.created_from) sql += " AND created_at >= " + p.Add(*query.created_from);
  if (query.created_before) sql += " AND created_at < " + p.Add(*query.created_before);
  if (query.after) {
    std::string at = p.Add(query.after->created_at);
    sql += " AND (created_at < " + at + " OR (created_at = " + at + " AND id < " +
           p.Add(query.after->id) + "))";
  }
  sql += " ORDER BY created_at DESC, id DESC LIMIT " + p.Add(std::int64_t{query.limit});
  return Read([&](Connection& c) {
    auto q = c.Prepare(sql);
    p.BindAll(q);
    std::vector<domain::PaymentIntent> out;
    while (q.Step()) out.push_back(ReadIntent(q));
    return out;
  });
}

std::vector<domain::Payment> SqlStore::PaymentsOfIntent(const std::string& tenant_id,
                                                        const std::string& intent_id) {
  return Read([&](Connection& c) {
    static const std::string sql = "SELECT " + std::string(kPaymentColumns) +
                                   " FROM payments WHERE intent_id = ? AND tenant_id = ? "
                                   "ORDER BY created_at, rowid";
    auto q = c.Prepare(sql);
    q.Bind(1, intent_id).Bind(2, tenant_id);
    std::vector<domain::Payment> out;
    while (q.Step()) out.push_back(ReadPayment(q));
    return out;
  });
}

std::vector<domain::Payment> SqlStore::UnmatchedPayments(const std::string& tenant_id, int limit) {
  return Read([&](Connection& c) {
    static const std::string sql =
        "SELECT " + std::string(kPaymentColumns) +
        " FROM payments WHERE tenant_id = ? AND intent_id IS NULL AND status <> 'REORGED' "
        "ORDER BY created_at DESC, rowid DESC LIMIT ?";
    auto q = c.Prepare(sql);
    q.Bind(1, tenant_id).Bind(2, limit);
    std::vector<domain::Payment> out;
    while (q.Step()) out.push_back(ReadPayment(q));
    return out;
  });
}

std::vector<domain::Event> SqlStore::EventsAbout(const std::string& tenant_id,
                                                 const std::string& object_id, int limit) {
  return Read([&](Connection& c) {
    static const std::string sql = "SELECT " + std::string(kEventColumns) +
                                   " FROM events WHERE tenant_id = ? AND object_id = ? "
                                   "ORDER BY created_at, rowid LIMIT ?";
    auto q = c.Prepare(sql);
    q.Bind(1, tenant_id).Bind(2, object_id).Bind(3, limit);
    std::vector<domain::Event> out;
    while (q.Step()) out.push_back(ReadEvent(q));
    return out;
  });
}

domain::Store::TenantCounts SqlStore::CountTenant(const std::string& tenant_id,
                                                  base::TimeMs failed_since) {
  return Read([&](Connection& c) {
    TenantCounts counts;
    // The counts triggers keep (SQLite 19 / PostgreSQL 12), not the intents.
    auto q = c.Prepare(
        "SELECT status, CAST(SUM(n) AS BIGINT) FROM intent_status_counts WHERE tenant_id = ? "
        "GROUP BY status HAVING SUM(n) <> 0");
    q.Bind(1, tenant_id);
    while (q.Step()) counts.intents_by_status.emplace_back(q.Text(0), q.Int(1));
    // Each through a partial index of the tenant's deliveries in that status
    // (SQLite 21 / PostgreSQL 15): neither reads the history.
    auto waiting = c.Prepare(
        "SELECT COUNT(*) FROM webhook_deliveries "
        "WHERE status IN ('PENDING', 'RETRYING') AND tenant_id = ?");
    waiting.Bind(1, tenant_id);
    if (waiting.Step()) counts.deliveries_waiting = waiting.Int(0);
    auto failed = c.Prepare(
        "SELECT COUNT(*) FROM webhook_deliveries "
        "WHERE tenant_id = ? AND created_at >= ? AND status = 'FAILED'");
    failed.Bind(1, tenant_id).Bind(2, failed_since);
    if (failed.Step()) counts.deliveries_failed = failed.Int(0);
    // Whether each exists, one indexed row at most apiece: the overview asks on
    // every render, live refreshes included.
    // CASE: PostgreSQL's EXISTS is a boolean, SQLite's an integer; both read 0 or 1.
    auto setup = c.Prepare(
        "SELECT CASE WHEN EXISTS (SELECT 1 FROM integrations WHERE tenant_id = ?) THEN 1 ELSE 0 "
        "END, "
        "CASE WHEN EXISTS (SELECT 1 FROM payment_links WHERE tenant_id = ?) "
        "OR EXISTS (SELECT 1 FROM api_keys WHERE tenant_id = ?) THEN 1 ELSE 0 END, "
        "CASE WHEN EXISTS (SELECT 1 FROM webhook_endpoints WHERE tenant_id = ?) THEN 1 ELSE 0 END");
    setup.Bind(1, tenant_id).Bind(2, tenant_id).Bind(3, tenant_id).Bind(4, tenant_id);
    if (setup.Step()) {
      counts.has_integration = setup.Int(0) != 0;
      counts.has_link_or_key = setup.Int(1) != 0;
      counts.has_webhook_endpoint = setup.Int(2) != 0;
    }
    return counts;
  });
}

std::vector<domain::Store::DailyReceived> SqlStore::ReceivedPerDay(const std::string& tenant_id,
                                                                   base::TimeMs since) {
  constexpr base::TimeMs kDayMs = 24LL * 3600 * 1000;
  return Read([&](Connection& c) {
    // The totals the payments' triggers keep (SQLite 20 / PostgreSQL 13),
    // not the payments: a limb's units count 10^(9 * limb) each.
    auto q = c.Prepare(
        "SELECT token_symbol, decimals, day, limb, CAST(sum(units) AS TEXT) FROM received_per_day "
        "WHERE tenant_id = ? AND day >= ? GROUP BY token_symbol, decimals, day, limb "
        "ORDER BY token_symbol, decimals, day");
    q.Bind(1, tenant_id).Bind(2, since / kDayMs);
    std::vector<DailyReceived> out;
    while (q.Step()) {
      auto units = domain::ParseUnits(q.Text(4));
      if (!units) throw std::runtime_error("a day's total of " + q.Text(0) + " is not an amount");
      domain::Uint256 scale = 1;
      for (std::int64_t limb = q.Int(3); limb > 0; --limb) scale *= 1'000'000'000;
      domain::Uint256 amount = *units * scale;  // checked: throws past 2^256-1
      std::int64_t day = q.Int(2) - since / kDayMs;
      if (!out.empty() && out.back().token_symbol == q.Text(0) &&
          out.back().decimals == static_cast<unsigned>(q.Int(1)) && out.back().day == day) {
        out.back().amount += amount;
      } else {
        out.push_back({q.Text(0), static_cast<unsigned>(q.Int(1)), day, amount});
      }
    }
    std::erase_if(out, [](const DailyReceived& r) { return r.amount == 0; });
    return out;
  });
}

std::vector<domain::PricedPayment> SqlStore::PaidPricesSince(const std::string& tenant_id,
                                                             base::TimeMs since) {
  return Read([&](Connection& c) {
    // Through the (tenant_id, status, created_at) index: the tenant's PAID
    // intents, whenever made (a merchant may settle an old one as paid).
    auto q = c.Prepare(
        "SELECT price, rate, confirmed_at FROM payment_intents WHERE tenant_id = ? AND status = "
        "'PAID' AND "
        "confirmed_at >= ? AND price IS NOT NULL");
    q.Bind(1, tenant_id).Bind(2, since);
    std::vector<domain::PricedPayment> out;
    while (q.Step()) {
      domain::PricedPayment p{PriceFromJson(q.Text(0)), std::nullopt, q.Int(2)};
      if (auto rate = q.OptText(1)) p.rate = RateFromJson(*rate);
      out.push_back(std::move(p));
    }
    return out;
  });
}

std::vector<domain::WebhookDelivery> SqlStore::DeliveriesOfEvents(
    const std::string& tenant_id, const std::vector<std::string>& event_ids) {
  return Read([&](Connection& c) {
    static const std::string sql = "SELECT " + std::string(kDeliveryColumns) +
                                   " FROM webhook_deliveries WHERE event_id = ? AND tenant_id = ? "
                                   "ORDER BY created_at, id";
    std::vector<domain::WebhookDelivery> out;
    for (const auto& event_id : event_ids) {
      auto q = c.Prepare(sql);
      q.Bind(1, event_id).Bind(2, tenant_id);
      while (q.Step()) out.push_back(ReadDelivery(q));
    }
    return out;
  });
}

}  // namespace payd::store::sql
