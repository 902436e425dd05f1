#include "store/sql/rate_window.h"

namespace payd::store::sql {

const char* const kCountKeyRequestUpdate =
    "count = CASE WHEN key_usage.window_start + ?3 <= ?2 THEN 1 ELSE key_usage.count + 1 END, "
    "window_start = CASE WHEN key_usage.window_start + ?3 <= ?2 THEN ?2 "
    "ELSE key_usage.window_start END, "
    "last_used_at = ?2";

domain::RateWindow CountKeyRequest(Connection& c, const std::string& key_id, base::TimeMs now,
                                   base::TimeMs window_ms) {
  static const std::string sql =
      "INSERT INTO key_usage(key_id, window_start, count, last_used_at) VALUES (?1, ?2, 1, ?2) "
      "ON CONFLICT (key_id) DO UPDATE SET " +
      std::string(kCountKeyRequestUpdate) + " RETURNING window_start, count";
  auto q = c.Prepare(sql);
  q.Bind(1, key_id).Bind(2, now).Bind(3, window_ms);
  q.Step();
  domain::RateWindow window{q.Int(0), q.Int(1)};
  q.Run();
  return window;
}

}  // namespace payd::store::sql
