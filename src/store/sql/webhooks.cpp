// Events, webhook endpoints and the delivery outbox.
#include "base/ids.h"
#include "store/sql/rows.h"
#include "store/sql/sql_store.h"

namespace payd::store::sql {

namespace {

constexpr const char* kEndpointColumns =
    "id, tenant_id, url, event_types, enabled, disabled_reason, created_at";

domain::WebhookEndpoint ReadEndpoint(const Query& q) {
  domain::WebhookEndpoint e;
  e.id = q.Text(0);
  e.tenant_id = q.Text(1);
  e.url = q.Text(2);
  if (!q.IsNull(3)) e.event_types = StringsFromJson(q.Text(3));
  e.enabled = q.Int(4) != 0;
  e.disabled_reason = q.OptText(5);
  e.created_at = q.Int(6);
  return e;
}

domain::Event ReadEvent(const Query& q) {
  return {q.Text(0), q.Text(1), q.Text(2), q.Text(3), q.Int(4)};
}

std::string Select(const char* columns, const char* rest) {
  return std::string("SELECT ") + columns + " " + rest;
}

// A closed endpoint gets nothing: its deliveries not yet made fail, saying why.
// One in flight (its lease running at `now`) was sent already: its worker
// records how it went, and a retry of it is failed when claimed.
void FailOpenDeliveries(Connection& c, const std::string& endpoint_id, const std::string& why,
                        base::TimeMs now) {
  c.Prepare(
       "UPDATE webhook_deliveries SET status = 'FAILED', last_error = ?, next_attempt_at = NULL, "
       "locked_until = NULL WHERE endpoint_id = ? AND status IN ('PENDING', 'RETRYING') AND "
       "(locked_until IS NULL OR locked_until <= ?)")
      .Bind(1, why)
      .Bind(2, endpoint_id)
      .Bind(3, now)
      .Run();
}

constexpr const char* kGoneReason = "the endpoint answered 410 Gone";

}  // namespace

void SqlStore::InsertEvent(const domain::Event& event) {
  Write([&](Connection& c) { InsertEventRow(c, event); });
}

std::vector<domain::Event> SqlStore::RecentEvents(const std::string& tenant_id, int limit) {
  return Read([&](Connection& c) {
    auto q = c.Prepare(
        "SELECT id, tenant_id, type, data, created_at FROM events WHERE tenant_id = ? "
        "ORDER BY created_at DESC, rowid DESC LIMIT ?");
    q.Bind(1, tenant_id).Bind(2, limit);
    std::vector<domain::Event> out;
    while (q.Step()) out.push_back(ReadEvent(q));
    return out;
  });
}

void SqlStore::InsertWebhookEndpoint(const domain::WebhookEndpoint& e) {
  Write([&](Connection& c) {
    static const std::string sql = "INSERT INTO webhook_endpoints(" +
                                   std::string(kEndpointColumns) + ") VALUES (?, ?, ?, ?, ?, ?, ?)";
    c.Prepare(sql)
        .Bind(1, e.id)
        .Bind(2, e.tenant_id)
        .Bind(3, e.url)
        .Bind(4, e.event_types ? std::optional<std::string>(ToJsonArray(*e.event_types))
                               : std::nullopt)
        .Bind(5, e.enabled)
        .Bind(6, e.disabled_reason)
        .Bind(7, e.created_at)
        .Run();
  });
}

std::vector<domain::WebhookEndpoint> SqlStore::ListWebhookEndpoints(const std::string& tenant_id) {
  return Read([&](Connection& c) {
    static const std::string sql =
        Select(kEndpointColumns,
               "FROM webhook_endpoints WHERE tenant_id = ? ORDER BY created_at DESC, rowid DESC");
    auto q = c.Prepare(sql);
    q.Bind(1, tenant_id);
    std::vector<domain::WebhookEndpoint> out;
    while (q.Step()) out.push_back(ReadEndpoint(q));
    return out;
  });
}

std::optional<domain::WebhookEndpoint> SqlStore::FindWebhookEndpoint(const std::string& id) {
  return Read([&](Connection& c) -> std::optional<domain::WebhookEndpoint> {
    static const std::string sql = Select(kEndpointColumns, "FROM webhook_endpoints WHERE id = ?");
    auto q = c.Prepare(sql);
    q.Bind(1, id);
    if (!q.Step()) return std::nullopt;
    return ReadEndpoint(q);
  });
}

bool SqlStore::SetWebhookEndpointEnabled(const std::string& id, bool enabled,
                                         const std::optional<std::string>& reason,
                                         base::TimeMs now) {
  return Write([&](Connection& c) {
    c.Prepare("UPDATE webhook_endpoints SET enabled = ?, disabled_reason = ? WHERE id = ?")
        .Bind(1, enabled)
        .Bind(2, enabled ? std::nullopt : reason)
        .Bind(3, id)
        .Run();
    if (c.Changes() == 0) return false;
    if (!enabled) {
      FailOpenDeliveries(c, id, "endpoint disabled: " + reason.value_or("by request"), now);
    }
    return true;
  });
}

bool SqlStore::RemoveWebhookEndpoint(const std::string& id, base::TimeMs now) {
  return Write([&](Connection& c) {
    c.Prepare("DELETE FROM webhook_endpoints WHERE id = ?").Bind(1, id).Run();
    if (c.Changes() == 0) return false;
    FailOpenDeliveries(c, id, "endpoint removed", now);
    return true;
  });
}

std::vector<domain::WebhookDelivery> SqlStore::ListDeliveries(const std::string& tenant_id,
                                                              int limit, int offset) {
  return Read([&](Connection& c) {
    static const std::string sql = Select(kDeliveryColumns,
                                          "FROM webhook_deliveries WHERE tenant_id = ? ORDER BY "
                                          "created_at DESC, rowid DESC LIMIT ? OFFSET ?");
    auto q = c.Prepare(sql);
    q.Bind(1, tenant_id).Bind(2, limit).Bind(3, offset);
    std::vector<domain::WebhookDelivery> out;
    while (q.Step()) out.push_back(ReadDelivery(q));
    return out;
  });
}

std::optional<domain::WebhookDelivery> SqlStore::FindDelivery(const std::string& id) {
  return Read([&](Connection& c) -> std::optional<domain::WebhookDelivery> {
    static const std::string sql = Select(kDeliveryColumns, "FROM webhook_deliveries WHERE id = ?");
    auto q = c.Prepare(sql);
    q.Bind(1, id);
    if (!q.Step()) return std::nullopt;
    return ReadDelivery(q);
  });
}

std::optional<domain::WebhookDelivery> SqlStore::Redeliver(const std::string& delivery_id,
                                                           base::TimeMs now) {
  auto original = FindDelivery(delivery_id);
  if (!original) return std::nullopt;
  domain::WebhookDelivery copy = *original;
  copy.id = base::NewId("whd_");
  copy.status = domain::DeliveryStatus::kPending;
  copy.attempts = 0;
  copy.last_response_status.reset();
  copy.last_error.reset();
  copy.next_attempt_at = now;
  copy.delivered_at.reset();
  copy.created_at = now;
  Write([&](Connection& c) {
    c.Prepare(
         "INSERT INTO webhook_deliveries(id, tenant_id, event_id, endpoint_id, endpoint_url, type, "
         "status, "
         "attempts, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?, 'PENDING', 0, ?, ?)")
        .Bind(1, copy.id)
        .Bind(2, copy.tenant_id)
        .Bind(3, copy.event_id)
        .Bind(4, copy.endpoint_id)
        .Bind(5, copy.endpoint_url)
        .Bind(6, copy.type)
        .Bind(7, now)
        .Bind(8, now)
        .Run();
  });
  return copy;
}

std::optional<domain::Store::DeliveryJob> SqlStore::ClaimDueDelivery(base::TimeMs now,
                                                                     base::TimeMs lease_ms,
                                                                     const ClaimLimits& limits) {
  auto claimed = LeaseDueDelivery(now, lease_ms, limits);
  if (!claimed) return std::nullopt;
  DeliveryJob job;
  job.delivery = *claimed;
  Read([&](Connection& c) {
    auto q = c.Prepare("SELECT id, tenant_id, type, data, created_at FROM events WHERE id = ?");
    q.Bind(1, claimed->event_id);
    if (q.Step()) job.event = ReadEvent(q);
    auto e = c.Prepare("SELECT enabled, disabled_reason FROM webhook_endpoints WHERE id = ?");
    e.Bind(1, claimed->endpoint_id);
    if (!e.Step()) {
      job.endpoint_closed = "endpoint removed";
    } else if (e.Int(0) == 0) {
      job.endpoint_closed = "endpoint disabled: " + e.OptText(1).value_or("by request");
    }
  });
  for (auto& s : WebhookSecrets(claimed->tenant_id, now))
    job.secrets.push_back(std::move(s.secret));
  return job;
}

std::optional<base::TimeMs> SqlStore::NextDeliveryDue() {
  return Read([&](Connection& c) -> std::optional<base::TimeMs> {
    // A delivery leased to a worker is due again only when its lease runs out.
    auto q = c.Prepare(
        "SELECT MIN(CASE WHEN locked_until > next_attempt_at THEN locked_until "
        "ELSE next_attempt_at END) FROM webhook_deliveries "
        "WHERE status IN ('PENDING', 'RETRYING')");
    if (!q.Step() || q.IsNull(0)) return std::nullopt;
    return q.Int(0);
  });
}

void SqlStore::RecordAttempt(const std::string& delivery_id, const AttemptRecord& r,
                             base::TimeMs now) {
  Write([&](Connection& c) {
    bool delivered = r.status == domain::DeliveryStatus::kDelivered;
    c.Prepare(
         "UPDATE webhook_deliveries SET status = ?, attempts = attempts + 1, last_response_status "
         "= ?, "
         "last_error = ?, next_attempt_at = ?, locked_until = NULL, delivered_at = ? WHERE id = ?")
        .Bind(1, std::string(domain::DeliveryStatusName(r.status)))
        .Bind(2, r.response_status)
        .Bind(3, r.error)
        .Bind(4, r.next_attempt_at)
        .Bind(5, delivered ? std::optional<base::TimeMs>(now) : std::nullopt)
        .Bind(6, delivery_id)
        .Run();
    if (r.disable_endpoint) {
      auto q = c.Prepare(
          "UPDATE webhook_endpoints SET enabled = 0, disabled_reason = ? "
          "WHERE id = (SELECT endpoint_id FROM webhook_deliveries WHERE id = ?) RETURNING id");
      q.Bind(1, kGoneReason).Bind(2, delivery_id);
      std::optional<std::string> endpoint_id;
      if (q.Step()) endpoint_id = q.Text(0);
      q.Run();
      if (endpoint_id)
        FailOpenDeliveries(c, *endpoint_id, std::string("endpoint disabled: ") + kGoneReason, now);
    }
    if (r.sent_event) InsertEventRow(c, *r.sent_event);
  });
}

}  // namespace payd::store::sql
