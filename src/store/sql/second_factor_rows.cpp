#include "store/sql/second_factor_rows.h"

#include "store/sql/sql_store.h"

namespace payd::store::sql {

std::optional<domain::SecondFactor> SecondFactorOf(Connection& c, const std::string& user_id) {
  auto q = c.Prepare(
      "SELECT user_id, secret, enabled_at, last_step, created_at FROM second_factors "
      "WHERE user_id = ?");
  q.Bind(1, user_id);
  if (!q.Step()) return std::nullopt;
  return domain::SecondFactor{q.Text(0), q.Text(1), q.OptInt(2), q.Int(3), q.Int(4)};
}

void SaveSecondFactorRow(Connection& c, const domain::SecondFactor& f) {
  c.Prepare(
       "INSERT INTO second_factors(user_id, secret, enabled_at, last_step, created_at) "
       "VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (user_id) DO UPDATE SET secret = ?2, "
       "enabled_at = ?3, last_step = ?4, created_at = ?5")
      .Bind(1, f.user_id)
      .Bind(2, f.secret)
      .Bind(3, f.enabled_at)
      .Bind(4, f.last_step)
      .Bind(5, f.created_at)
      .Run();
}

void DeleteSecondFactorRows(Connection& c, const std::string& user_id) {
  c.Prepare("DELETE FROM recovery_codes WHERE user_id = ?").Bind(1, user_id).Run();
  c.Prepare("DELETE FROM second_factors WHERE user_id = ?").Bind(1, user_id).Run();
}

void ReplaceRecoveryCodeRows(Connection& c, const std::string& user_id,
                             const std::vector<std::string>& digests, base::TimeMs now) {
  c.Prepare("DELETE FROM recovery_codes WHERE user_id = ?").Bind(1, user_id).Run();
  for (const auto& digest : digests) {
    c.Prepare("INSERT INTO recovery_codes(user_id, digest, created_at) VALUES (?, ?, ?)")
        .Bind(1, user_id)
        .Bind(2, digest)
        .Bind(3, now)
        .Run();
  }
}

bool EnableSecondFactorRow(Connection& c, const domain::SecondFactor& f) {
  c.Prepare(
       "UPDATE second_factors SET enabled_at = ?, last_step = ? WHERE user_id = ? AND secret = ? "
       "AND enabled_at IS NULL")
      .Bind(1, f.enabled_at)
      .Bind(2, f.last_step)
      .Bind(3, f.user_id)
      .Bind(4, f.secret)
      .Run();
  return c.Changes() == 1;
}

bool UseTotpStepRow(Connection& c, const std::string& user_id, std::int64_t step) {
  c.Prepare(
       "UPDATE second_factors SET last_step = ?1 WHERE user_id = ?2 AND enabled_at IS NOT NULL "
       "AND last_step < ?1")
      .Bind(1, step)
      .Bind(2, user_id)
      .Run();
  return c.Changes() == 1;
}

bool UseRecoveryCodeRow(Connection& c, const std::string& user_id, const std::string& digest,
                        base::TimeMs now) {
  c.Prepare(
       "UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND digest = ? AND used_at IS NULL")
      .Bind(1, now)
      .Bind(2, user_id)
      .Bind(3, digest)
      .Run();
  return c.Changes() == 1;
}

int UnusedRecoveryCodes(Connection& c, const std::string& user_id) {
  auto q = c.Prepare("SELECT COUNT(*) FROM recovery_codes WHERE user_id = ? AND used_at IS NULL");
  q.Bind(1, user_id);
  return q.Step() ? static_cast<int>(q.Int(0)) : 0;
}

bool RequiresTwoFactor(Connection& c, const std::string& tenant_id) {
  auto q = c.Prepare("SELECT require_two_factor FROM tenant_security WHERE tenant_id = ?");
  q.Bind(1, tenant_id);
  return q.Step() && q.Int(0) != 0;
}

void SaveTwoFactorRule(Connection& c, const std::string& tenant_id, bool required,
                       base::TimeMs now) {
  c.Prepare(
       "INSERT INTO tenant_security(tenant_id, require_two_factor, updated_at) VALUES (?1, ?2, "
       "?3) ON CONFLICT (tenant_id) DO UPDATE SET require_two_factor = ?2, updated_at = ?3")
      .Bind(1, tenant_id)
      .Bind(2, required)
      .Bind(3, now)
      .Run();
}

std::optional<domain::SecondFactor> SqlStore::FindSecondFactor(const std::string& user_id) {
  return Read([&](Connection& c) { return SecondFactorOf(c, user_id); });
}

int SqlStore::CountRecoveryCodes(const std::string& user_id) {
  return Read([&](Connection& c) { return UnusedRecoveryCodes(c, user_id); });
}

bool SqlStore::TenantRequiresTwoFactor(const std::string& tenant_id) {
  return Read([&](Connection& c) { return RequiresTwoFactor(c, tenant_id); });
}

}  // namespace payd::store::sql
