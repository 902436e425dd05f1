#include "store/sql/webhook_rows.h"

#include "domain/webhooks/webhook.h"
#include "store/sql/rows.h"

namespace payd::store::sql {

domain::WebhookEndpoint ReadEndpoint(const Query& q) {
  domain::WebhookEndpoint e;
  e.id = q.Text(0);
  e.tenant_id = q.Text(1);
  e.url = q.Text(2);
  if (!q.IsNull(3)) e.event_types = StringsFromJson(q.Text(3));
  e.enabled = q.Int(4) != 0;
  e.disabled_reason = q.OptText(5);
  e.created_at = q.Int(6);
  e.description = q.OptText(7);
  e.shape = domain::ParsePayloadShape(q.Text(8)).value_or(domain::PayloadShape::kEvents);
  e.secret = q.OptText(9);
  return e;
}

domain::Event ReadEvent(const Query& q) {
  return {q.Text(0), q.Text(1), q.Text(2), q.Text(3), q.Int(4), q.OptText(5), std::nullopt};
}

std::optional<domain::WebhookEndpoint> EndpointById(Connection& c, const std::string& tenant_id,
                                                    const std::string& id) {
  static const std::string sql = "SELECT " + std::string(kEndpointColumns) +
                                 " FROM webhook_endpoints WHERE id = ? AND (? = '' OR "
                                 "tenant_id = ?)";
  auto q = c.Prepare(sql);
  q.Bind(1, id).Bind(2, tenant_id).Bind(3, tenant_id);
  if (!q.Step()) return std::nullopt;
  return ReadEndpoint(q);
}

namespace {

std::optional<std::string> EventTypes(const domain::WebhookEndpoint& e) {
  if (!e.event_types) return std::nullopt;
  return ToJsonArray(*e.event_types);
}

}  // namespace

void InsertEndpointRow(Connection& c, const domain::WebhookEndpoint& e) {
  static const std::string sql = "INSERT INTO webhook_endpoints(" + std::string(kEndpointColumns) +
                                 ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  c.Prepare(sql)
      .Bind(1, e.id)
      .Bind(2, e.tenant_id)
      .Bind(3, e.url)
      .Bind(4, EventTypes(e))
      .Bind(5, e.enabled)
      .Bind(6, e.disabled_reason)
      .Bind(7, e.created_at)
      .Bind(8, e.description)
      .Bind(9, std::string(domain::PayloadShapeName(e.shape)))
      .Bind(10, e.secret)
      .Run();
}

void UpdateEndpointRow(Connection& c, const domain::WebhookEndpoint& e) {
  c.Prepare(
       "UPDATE webhook_endpoints SET url = ?, event_types = ?, enabled = ?, disabled_reason = ?, "
       "description = ?, payload_shape = ?, secret = ? WHERE id = ?")
      .Bind(1, e.url)
      .Bind(2, EventTypes(e))
      .Bind(3, e.enabled)
      .Bind(4, e.disabled_reason)
      .Bind(5, e.description)
      .Bind(6, std::string(domain::PayloadShapeName(e.shape)))
      .Bind(7, e.secret)
      .Bind(8, e.id)
      .Run();
}

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

void InsertDeliveryRow(Connection& c, const domain::WebhookDelivery& d) {
  c.queued_deliveries = true;
  c.Prepare(
       "INSERT INTO webhook_deliveries(id, tenant_id, event_id, endpoint_id, endpoint_url, type, "
       "status, attempts, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?, 'PENDING', 0, ?, "
       "?)")
      .Bind(1, d.id)
      .Bind(2, d.tenant_id)
      .Bind(3, d.event_id)
      .Bind(4, d.endpoint_id)
      .Bind(5, d.endpoint_url)
      .Bind(6, d.type)
      .Bind(7, d.next_attempt_at)
      .Bind(8, d.created_at)
      .Run();
}

void RotateSecretRows(Connection& c, const domain::WebhookSecret& secret,
                      base::TimeMs previous_expires_at) {
  // Two rotations at once would both demote the same current secret.
  c.LockUntilCommit("webhook-secrets|" + secret.tenant_id);
  c.Prepare("UPDATE webhook_secrets SET expires_at = ? WHERE tenant_id = ? AND expires_at IS NULL")
      .Bind(1, previous_expires_at)
      .Bind(2, secret.tenant_id)
      .Run();
  c.Prepare("INSERT INTO webhook_secrets(tenant_id, secret, created_at) VALUES (?, ?, ?)")
      .Bind(1, secret.tenant_id)
      .Bind(2, secret.secret)
      .Bind(3, secret.created_at)
      .Run();
}

}  // namespace payd::store::sql
