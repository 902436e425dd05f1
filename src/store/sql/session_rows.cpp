#include "store/sql/session_rows.h"

#include "store/sql/sql_store.h"

namespace payd::store::sql {

std::optional<domain::Session> SessionByDigest(Connection& c, const std::string& digest) {
  auto q = c.Prepare(
      "SELECT digest, user_id, tenant_id, created_at, last_seen_at, expires_at, stage "
      "FROM sessions WHERE digest = ?");
  q.Bind(1, digest);
  if (!q.Step()) return std::nullopt;
  return domain::Session{q.Text(0),
                         q.Text(1),
                         q.Text(2),
                         q.Int(3),
                         q.Int(4),
                         q.Int(5),
                         domain::ParseSessionStage(q.Text(6))};
}

void InsertSessionRow(Connection& c, const domain::Session& s) {
  c.Prepare(
       "INSERT INTO sessions(digest, user_id, tenant_id, created_at, last_seen_at, expires_at, "
       "stage) VALUES (?, ?, ?, ?, ?, ?, ?)")
      .Bind(1, s.digest)
      .Bind(2, s.user_id)
      .Bind(3, s.tenant_id)
      .Bind(4, s.created_at)
      .Bind(5, s.last_seen_at)
      .Bind(6, s.expires_at)
      .Bind(7, std::string(domain::SessionStageName(s.stage)))
      .Run();
}

void DeleteSessionRow(Connection& c, const std::string& digest) {
  c.Prepare("DELETE FROM sessions WHERE digest = ?").Bind(1, digest).Run();
}

void DeleteUserSessionRows(Connection& c, const std::string& user_id) {
  c.Prepare("DELETE FROM sessions WHERE user_id = ?").Bind(1, user_id).Run();
}

void DeleteOtherUserSessionRows(Connection& c, const std::string& user_id,
                                const std::string& keep_digest) {
  c.Prepare("DELETE FROM sessions WHERE user_id = ? AND digest <> ?")
      .Bind(1, user_id)
      .Bind(2, keep_digest)
      .Run();
}

void TouchSessionRow(Connection& c, const std::string& digest, base::TimeMs now) {
  c.Prepare("UPDATE sessions SET last_seen_at = ? WHERE digest = ? AND last_seen_at < ?")
      .Bind(1, now)
      .Bind(2, digest)
      .Bind(3, now)
      .Run();
}

std::optional<domain::SignInLink> LinkByDigest(Connection& c, const std::string& digest) {
  auto q = c.Prepare(
      "SELECT digest, user_id, tenant_id, purpose, created_at, expires_at, used_at "
      "FROM sign_in_links WHERE digest = ?");
  q.Bind(1, digest);
  if (!q.Step()) return std::nullopt;
  return domain::SignInLink{
      q.Text(0),  q.Text(1),
      q.Text(2),  domain::ParseLinkPurpose(q.Text(3)).value_or(domain::LinkPurpose::kReset),
      q.Int(4),   q.Int(5),
      q.OptInt(6)};
}

void InsertLinkRow(Connection& c, const domain::SignInLink& l) {
  c.Prepare(
       "INSERT INTO sign_in_links(digest, user_id, tenant_id, purpose, created_at, expires_at, "
       "used_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
      .Bind(1, l.digest)
      .Bind(2, l.user_id)
      .Bind(3, l.tenant_id)
      .Bind(4, std::string(domain::LinkPurposeName(l.purpose)))
      .Bind(5, l.created_at)
      .Bind(6, l.expires_at)
      .Bind(7, l.used_at)
      .Run();
}

bool KnownBrowserRow(Connection& c, const std::string& digest, const std::string& user_id) {
  auto q = c.Prepare("SELECT 1 FROM known_browsers WHERE digest = ? AND user_id = ?");
  q.Bind(1, digest).Bind(2, user_id);
  return q.Step();
}

void RememberBrowserRow(Connection& c, const std::string& digest, const std::string& user_id,
                        base::TimeMs now) {
  c.Prepare(
       "INSERT INTO known_browsers(digest, user_id, created_at) VALUES (?, ?, ?) "
       "ON CONFLICT (digest) DO NOTHING")
      .Bind(1, digest)
      .Bind(2, user_id)
      .Bind(3, now)
      .Run();
}

bool UseLinkRow(Connection& c, const std::string& digest, base::TimeMs now) {
  // The condition is checked again on the row as it is when the update runs
  // (PostgreSQL waits for a concurrent writer of the row, then re-reads it).
  c.Prepare(
       "UPDATE sign_in_links SET used_at = ?1 WHERE digest = ?2 AND used_at IS NULL AND "
       "expires_at > ?1")
      .Bind(1, now)
      .Bind(2, digest)
      .Run();
  return c.Changes() == 1;
}

void EndUserLinkRows(Connection& c, const std::string& user_id, base::TimeMs now) {
  c.Prepare(
       "UPDATE sign_in_links SET expires_at = ? WHERE user_id = ? AND used_at IS NULL AND "
       "expires_at > ?")
      .Bind(1, now)
      .Bind(2, user_id)
      .Bind(3, now)
      .Run();
}

domain::ThrottleState ThrottleRow(Connection& c, const std::string& key) {
  // SQLite runs one writer at a time. On PostgreSQL the row is made if missing
  // (a concurrent maker waits for the first) and locked: two attempts at once
  // read one count after the other, and neither count is lost.
  bool postgres = c.dialect() == Dialect::kPostgres;
  if (postgres) {
    c.Prepare(
         "INSERT INTO sign_in_throttle(key, failures, last_failure_at, locked_until) "
         "VALUES (?, 0, 0, 0) ON CONFLICT (key) DO NOTHING")
        .Bind(1, key)
        .Run();
  }
  auto q =
      c.Prepare(postgres ? "SELECT failures, last_failure_at, locked_until FROM sign_in_throttle "
                           "WHERE key = ? FOR UPDATE"
                         : "SELECT failures, last_failure_at, locked_until FROM sign_in_throttle "
                           "WHERE key = ?");
  q.Bind(1, key);
  if (!q.Step()) return {};
  return {static_cast<int>(q.Int(0)), q.Int(1), q.Int(2)};
}

void SaveThrottleRow(Connection& c, const std::string& key, const domain::ThrottleState& s) {
  c.Prepare(
       "INSERT INTO sign_in_throttle(key, failures, last_failure_at, locked_until) "
       "VALUES (?1, ?2, ?3, ?4) ON CONFLICT (key) DO UPDATE SET failures = ?2, "
       "last_failure_at = ?3, locked_until = ?4")
      .Bind(1, key)
      .Bind(2, s.failures)
      .Bind(3, s.last_failure_at)
      .Bind(4, s.locked_until)
      .Run();
}

void ClearThrottleRow(Connection& c, const std::string& key) {
  c.Prepare("DELETE FROM sign_in_throttle WHERE key = ?").Bind(1, key).Run();
}

std::optional<domain::Session> SqlStore::FindSession(const std::string& digest) {
  return Read([&](Connection& c) { return SessionByDigest(c, digest); });
}

void SqlStore::TouchSession(const std::string& digest, base::TimeMs now) {
  Write([&](Connection& c) { TouchSessionRow(c, digest, now); });
}

}  // namespace payd::store::sql
