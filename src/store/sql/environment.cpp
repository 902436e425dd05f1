// The database's environment record (database_meta, key 'environment'): read
// and written here, judged by domain::JudgeEnvironment.
#include "store/sql/sql_store.h"

namespace payd::store::sql {

namespace {

std::optional<std::string> RecordedEnvironment(Connection& c) {
  auto q = c.Prepare("SELECT value FROM database_meta WHERE key = 'environment'");
  if (!q.Step()) return std::nullopt;
  return q.Text(0);
}

domain::EnvironmentEvidence Evidence(Connection& c) {
  domain::EnvironmentEvidence evidence;
  evidence.recorded = RecordedEnvironment(c);
  if (evidence.recorded) return evidence;
  auto q = c.Prepare("SELECT prefix, count(*) FROM api_keys GROUP BY prefix");
  while (q.Step()) evidence.keys_by_prefix[q.Text(0)] = q.Int(1);
  return evidence;
}

}  // namespace

domain::EnvironmentVerdict SqlStore::ClaimEnvironment(const domain::EnvironmentPolicy& policy,
                                                      base::TimeMs now) {
  // Once recorded, a read settles it: opening never waits for the write lock.
  auto recorded = Read([](Connection& c) { return RecordedEnvironment(c); });
  if (recorded) return domain::JudgeEnvironment({recorded, {}}, policy);
  // Under the write lock, so that two processes opening a new database at
  // once (or a key created meanwhile) cannot record two environments.
  return Write([&](Connection& c) {
    auto verdict = domain::JudgeEnvironment(Evidence(c), policy);
    if (verdict.record && verdict.environment) {
      c.Prepare("INSERT INTO database_meta(key, value, recorded_at) VALUES ('environment', ?, ?)")
          .Bind(1, domain::EnvironmentName(*verdict.environment))
          .Bind(2, now)
          .Run();
    }
    return verdict;
  });
}

}  // namespace payd::store::sql
