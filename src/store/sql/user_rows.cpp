#include "store/sql/user_rows.h"

#include "store/sql/sql_store.h"

namespace payd::store::sql {

namespace {

constexpr const char* kUserColumns =
    "id, tenant_id, email, name, role, password_hash, disabled_at, created_at, "
    "COALESCE(language, ''), COALESCE(time_zone, '')";

domain::User ReadUser(const Query& q) {
  domain::User u;
  u.id = q.Text(0);
  u.tenant_id = q.Text(1);
  u.email = q.Text(2);
  u.name = q.Text(3);
  u.role = domain::ParseRole(q.Text(4)).value_or(domain::Role::kViewer);
  u.password_hash = q.OptText(5);
  u.disabled_at = q.OptInt(6);
  u.created_at = q.Int(7);
  u.language = q.Text(8);
  u.time_zone = q.Text(9);
  return u;
}

// "" is stored as NULL: the browser's choice.
std::optional<std::string> OrNull(const std::string& text) {
  if (text.empty()) return std::nullopt;
  return text;
}

}  // namespace

std::optional<domain::Tenant> TenantById(Connection& c, const std::string& id) {
  auto q = c.Prepare(
      "SELECT id, name, created_at, COALESCE(reporting_currency, 'USD') FROM tenants WHERE id = ?");
  q.Bind(1, id);
  if (!q.Step()) return std::nullopt;
  return domain::Tenant{q.Text(0), q.Text(1), q.Int(2), q.Text(3)};
}

std::optional<domain::User> UserById(Connection& c, const std::string& tenant_id,
                                     const std::string& id) {
  static const std::string sql =
      "SELECT " + std::string(kUserColumns) + " FROM users WHERE id = ? AND tenant_id = ?";
  auto q = c.Prepare(sql);
  q.Bind(1, id).Bind(2, tenant_id);
  if (!q.Step()) return std::nullopt;
  return ReadUser(q);
}

std::optional<domain::User> UserByEmail(Connection& c, const std::string& email) {
  static const std::string sql =
      "SELECT " + std::string(kUserColumns) + " FROM users WHERE email = ?";
  auto q = c.Prepare(sql);
  q.Bind(1, email);
  if (!q.Step()) return std::nullopt;
  return ReadUser(q);
}

std::vector<domain::User> UsersOfTenant(Connection& c, const std::string& tenant_id) {
  static const std::string sql = "SELECT " + std::string(kUserColumns) +
                                 " FROM users WHERE tenant_id = ? ORDER BY created_at, id";
  auto q = c.Prepare(sql);
  q.Bind(1, tenant_id);
  std::vector<domain::User> out;
  while (q.Step()) out.push_back(ReadUser(q));
  return out;
}

void InsertUserRow(Connection& c, const domain::User& u) {
  static const std::string sql =
      "INSERT INTO users(id, tenant_id, email, name, role, password_hash, disabled_at, created_at, "
      "language, time_zone) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  c.Prepare(sql)
      .Bind(1, u.id)
      .Bind(2, u.tenant_id)
      .Bind(3, u.email)
      .Bind(4, u.name)
      .Bind(5, std::string(domain::RoleName(u.role)))
      .Bind(6, u.password_hash)
      .Bind(7, u.disabled_at)
      .Bind(8, u.created_at)
      .Bind(9, OrNull(u.language))
      .Bind(10, OrNull(u.time_zone))
      .Run();
}

void UpdateUserRow(Connection& c, const domain::User& u) {
  c.Prepare(
       "UPDATE users SET name = ?, role = ?, password_hash = ?, disabled_at = ?, language = ?, "
       "time_zone = ? WHERE id = ?")
      .Bind(1, u.name)
      .Bind(2, std::string(domain::RoleName(u.role)))
      .Bind(3, u.password_hash)
      .Bind(4, u.disabled_at)
      .Bind(5, OrNull(u.language))
      .Bind(6, OrNull(u.time_zone))
      .Bind(7, u.id)
      .Run();
}

int CountActiveOwners(Connection& c, const std::string& tenant_id) {
  auto q = c.Prepare(
      "SELECT count(*) FROM users WHERE tenant_id = ? AND role = 'owner' AND disabled_at IS NULL");
  q.Bind(1, tenant_id);
  q.Step();
  return static_cast<int>(q.Int(0));
}

void LockTenantPeople(Connection& c, const std::string& tenant_id) {
  // SQLite runs one writing transaction at a time: the lock is already held.
  if (c.dialect() != Dialect::kPostgres) return;
  // NO KEY UPDATE: rows that only refer to the tenant (FOR KEY SHARE, taken by
  // every insert of an intent or audit row) are not held up by it.
  c.Prepare("SELECT id FROM tenants WHERE id = ? FOR NO KEY UPDATE").Bind(1, tenant_id).Run();
}

std::vector<domain::User> SqlStore::ListUsers(const std::string& tenant_id) {
  return Read([&](Connection& c) { return UsersOfTenant(c, tenant_id); });
}

std::optional<domain::User> SqlStore::FindUser(const std::string& tenant_id,
                                               const std::string& id) {
  return Read([&](Connection& c) { return UserById(c, tenant_id, id); });
}

std::optional<domain::User> SqlStore::FindUserByEmail(const std::string& email) {
  return Read([&](Connection& c) { return UserByEmail(c, email); });
}

}  // namespace payd::store::sql
