// Events, webhook endpoints and the delivery outbox.
#include "base/ids.h"
#include "store/sql/email_rows.h"
#include "store/sql/rows.h"
#include "store/sql/sql_store.h"
#include "store/sql/webhook_rows.h"

namespace payd::store::sql {

namespace {

constexpr const char* kGoneReason = "the endpoint answered 410 Gone";

}  // namespace

void SqlStore::InsertEvent(const domain::Event& event) {
  Write([&](Connection& c) { InsertEventRow(c, event); });
}

std::vector<domain::Event> SqlStore::RecentEvents(const std::string& tenant_id, int limit) {
  return Read([&](Connection& c) {
    auto q =
        c.Prepare("SELECT " + std::string(kEventColumns) +
                  " FROM events WHERE tenant_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?");
    q.Bind(1, tenant_id).Bind(2, limit);
    std::vector<domain::Event> out;
    while (q.Step()) out.push_back(ReadEvent(q));
    return out;
  });
}

void SqlStore::InsertWebhookEndpoint(const domain::WebhookEndpoint& e) {
  Write([&](Connection& c) { InsertEndpointRow(c, e); });
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
  return Read([&](Connection& c) { return EndpointById(c, "", id); });
}

std::vector<domain::WebhookDelivery> SqlStore::ListDeliveries(
    const std::string& tenant_id, const std::optional<std::string>& endpoint_id, int limit,
    int offset) {
  return Read([&](Connection& c) {
    if (!endpoint_id) {
      if (auto page = DeepPage<domain::WebhookDelivery>(c, kDeliveryColumns, "webhook_deliveries",
                                                        tenant_id, limit, offset, ReadDelivery))
        return std::move(*page);
    }
    static const std::string all = Select(kDeliveryColumns,
                                          "FROM webhook_deliveries WHERE tenant_id = ? ORDER BY "
                                          "created_at DESC, rowid DESC LIMIT ? OFFSET ?");
    static const std::string of_endpoint =
        Select(kDeliveryColumns,
               "FROM webhook_deliveries WHERE tenant_id = ? AND endpoint_id = ? ORDER BY "
               "created_at DESC, rowid DESC LIMIT ? OFFSET ?");
    auto q = c.Prepare(endpoint_id ? of_endpoint : all);
    q.Bind(1, tenant_id);
    int at = 2;
    if (endpoint_id) q.Bind(at++, *endpoint_id);
    q.Bind(at, limit);
    q.Bind(at + 1, offset);
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

std::optional<domain::DeliveryQueue::DeliveryJob> SqlStore::ClaimDueDelivery(
    base::TimeMs now, base::TimeMs lease_ms, const ClaimLimits& limits) {
  auto claimed = LeaseDueDelivery(now, lease_ms, limits);
  if (!claimed) return std::nullopt;
  DeliveryJob job;
  job.delivery = *claimed;
  Read([&](Connection& c) {
    static const std::string sql =
        "SELECT " + std::string(kEventColumns) + " FROM events WHERE id = ?";
    auto q = c.Prepare(sql);
    q.Bind(1, claimed->event_id);
    if (q.Step()) job.event = ReadEvent(q);
    auto endpoint = EndpointById(c, "", claimed->endpoint_id);
    if (!endpoint) {
      job.endpoint_closed = "endpoint removed";
      return;
    }
    if (!endpoint->enabled)
      job.endpoint_closed =
          "endpoint disabled: " + endpoint->disabled_reason.value_or("by request");
    job.v1_shape = endpoint->shape == domain::PayloadShape::kV1;
    if (endpoint->secret) job.secrets.push_back(*endpoint->secret);
  });
  // An endpoint with no secret of its own is signed with the tenant's.
  if (job.secrets.empty()) {
    for (auto& s : WebhookSecrets(claimed->tenant_id, now))
      job.secrets.push_back(std::move(s.secret));
  }
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
         "UPDATE webhook_deliveries SET status = ?, attempts = attempts + ?, "
         "last_response_status = ?, last_error = ?, next_attempt_at = ?, locked_until = NULL, "
         "delivered_at = ? WHERE id = ?")
        .Bind(1, std::string(domain::DeliveryStatusName(r.status)))
        .Bind(2, std::int64_t{r.sent ? 1 : 0})
        .Bind(3, r.response_status)
        .Bind(4, r.error)
        .Bind(5, r.next_attempt_at)
        .Bind(6, delivered ? std::optional<base::TimeMs>(now) : std::nullopt)
        .Bind(7, delivery_id)
        .Run();
    if (r.disable_endpoint) {
      auto q = c.Prepare(
          "UPDATE webhook_endpoints SET enabled = 0, disabled_reason = ? "
          "WHERE id = (SELECT endpoint_id FROM webhook_deliveries WHERE id = ?) "
          "RETURNING id, tenant_id, url");
      q.Bind(1, kGoneReason).Bind(2, delivery_id);
      std::optional<std::string> endpoint_id;
      std::string tenant_id, url;
      if (q.Step()) {
        endpoint_id = q.Text(0);
        tenant_id = q.Text(1);
        url = q.Text(2);
      }
      q.Run();
      if (endpoint_id) {
        FailOpenDeliveries(c, *endpoint_id, std::string("endpoint disabled: ") + kGoneReason, now);
        // The people who look after webhooks are told (domain/email/topics.h).
        QueueTopicEmails(
            c, tenant_id, domain::EmailTopic::kWebhookFailing, now,
            [&](const domain::User& person, const std::string& account, const std::string& token) {
              return std::optional(domain::WebhookDisabledEmail(person, account, url, kGoneReason,
                                                                *c.mailing, token, now));
            });
      }
    }
    if (r.sent_event) InsertEventRow(c, *r.sent_event);
  });
}

}  // namespace payd::store::sql
