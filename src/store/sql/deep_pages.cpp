#include "store/sql/deep_pages.h"

namespace payd::store::sql {

namespace {

using namespace std::chrono_literals;

// Rows this much older than a list's newest row no longer get company: a
// process's clock and the commit of its write are never that far apart.
constexpr std::int64_t kHorizonMs = 10 * 60 * 1000;
// The horizon moves on when the newest row is this much past it; the rows
// between are counted on each deep page meanwhile.
constexpr std::int64_t kMoveHorizonAfterMs = 60 * 1000;
// Marks are built again from the start after this long (see the header: deletions).
constexpr auto kRebuildAfter = 1h;
// Offsets below this many strides walk; a seek saves little there.
constexpr int kDeepFromStrides = 2;

std::string From(std::string_view table) {
  return " FROM " + std::string(table) + " WHERE tenant_id = ?1 ";
}
// Rows at or after the key (?2, ?3), oldest first.
constexpr std::string_view kAtOrAfter =
    "AND created_at >= ?2 AND (created_at > ?2 OR rowid >= ?3) ORDER BY created_at, rowid ";

}  // namespace

std::string DeepPages::SeekSql(std::string_view columns, std::string_view table) {
  return "SELECT " + std::string(columns) + From(table) + std::string(kAtOrAfter) +
         "LIMIT ?4 OFFSET ?5";
}

void DeepPages::Bind(Query& q, const std::string& tenant_id, const Seek& seek) {
  q.Bind(1, tenant_id)
      .Bind(2, seek.from_created_at)
      .Bind(3, seek.from_rowid)
      .Bind(4, seek.take)
      .Bind(5, seek.skip);
}

void DeepPages::Extend(Connection& c, std::string_view table, const std::string& tenant_id,
                       std::int64_t horizon, Marks& marks) const {
  if (marks.keys.empty()) {
    auto q = c.Prepare("SELECT created_at, rowid" + From(table) +
                       "AND created_at < ?2 ORDER BY created_at, rowid LIMIT 1");
    q.Bind(1, tenant_id).Bind(2, horizon);
    if (!q.Step()) {
      marks.horizon = horizon;
      marks.below = 0;
      return;
    }
    marks.keys.emplace_back(q.Int(0), q.Int(1));
  }
  // From the last mark, one stride at a time: each step walks a stride of index entries.
  const std::string next =
      "SELECT created_at, rowid" + From(table) + std::string(kAtOrAfter) + "LIMIT 1 OFFSET ?4";
  for (;;) {
    auto [created_at, rowid] = marks.keys.back();
    auto q = c.Prepare(next);
    q.Bind(1, tenant_id).Bind(2, created_at).Bind(3, rowid).Bind(4, stride_);
    if (!q.Step() || q.Int(0) >= horizon) break;
    marks.keys.emplace_back(q.Int(0), q.Int(1));
  }
  auto [created_at, rowid] = marks.keys.back();
  auto tail = c.Prepare("SELECT count(*)" + From(table) +
                        "AND created_at >= ?2 AND (created_at > ?2 OR rowid >= ?3) "
                        "AND created_at < ?4");
  tail.Bind(1, tenant_id).Bind(2, created_at).Bind(3, rowid).Bind(4, horizon);
  tail.Step();
  marks.below = static_cast<std::int64_t>(marks.keys.size() - 1) * stride_ + tail.Int(0);
  marks.horizon = horizon;
}

std::optional<DeepPages::Seek> DeepPages::Plan(Connection& c, std::string_view table,
                                               const std::string& tenant_id, int limit, int offset,
                                               std::string_view count_sql) {
  if (offset < kDeepFromStrides * stride_) return std::nullopt;
  auto newest = c.Prepare("SELECT max(created_at)" + From(table));
  newest.Bind(1, tenant_id);
  if (!newest.Step() || newest.IsNull(0)) return std::nullopt;
  const std::int64_t horizon = newest.Int(0) - kHorizonMs;

  std::string name = std::string(table) + '/' + tenant_id;
  Marks marks;
  {
    std::lock_guard lock(mu_);
    if (auto it = lists_.find(name); it != lists_.end()) marks = it->second;
  }
  auto now = std::chrono::steady_clock::now();
  const bool fresh = marks.keys.empty() || now - marks.built > kRebuildAfter;
  if (fresh) marks = Marks{.keys = {}, .horizon = 0, .below = 0, .built = now};
  if (fresh || horizon - marks.horizon >= kMoveHorizonAfterMs) {
    Extend(c, table, tenant_id, horizon, marks);
    std::lock_guard lock(mu_);
    if (lists_.size() >= kMaxLists && !lists_.contains(name)) lists_.clear();
    lists_[name] = marks;
  }

  std::int64_t recent = 0;
  if (!count_sql.empty()) {
    auto total = c.Prepare(std::string(count_sql));
    total.Bind(1, tenant_id);
    if (total.Step() && !total.IsNull(0))
      recent = std::max<std::int64_t>(0, total.Int(0) - marks.below);
  } else {
    auto above = c.Prepare("SELECT count(*)" + From(table) + "AND created_at >= ?2");
    above.Bind(1, tenant_id).Bind(2, marks.horizon);
    above.Step();
    recent = above.Int(0);
  }
  if (offset < recent) return std::nullopt;  // the page begins among the recent rows

  // Positions counted from the oldest row (0) of the page's newest and oldest rows.
  const std::int64_t newest_at = marks.below - 1 - (offset - recent);
  if (newest_at < 0 || limit <= 0 || marks.keys.empty()) return Seek{};  // past the end
  const std::int64_t oldest_at = std::max<std::int64_t>(0, newest_at - limit + 1);
  const auto& [created_at, rowid] = marks.keys[static_cast<std::size_t>(oldest_at / stride_)];
  return Seek{.from_created_at = created_at,
              .from_rowid = rowid,
              .skip = static_cast<int>(oldest_at % stride_),
              .take = static_cast<int>(newest_at - oldest_at + 1)};
}

}  // namespace payd::store::sql
