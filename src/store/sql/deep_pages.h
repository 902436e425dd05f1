// Offset pages deep in a long list, without walking to them.
//
// The lists of intents, payments and webhook deliveries page by `offset`
// (spec: "Pagination is by limit and offset"), newest first by
// (created_at, rowid), and OFFSET walks every row it skips: at a million
// payments the last page cost 50 times the first. DeepPages remembers, per
// list and tenant, the key of every stride-th row (1,000th) counted from the
// oldest, among the rows older than a horizon ten minutes before the list's
// newest row. Rows are written with the time of their writing, so none lands
// among those any more and their positions stay put while new rows arrive at
// the other end. A deep page seeks to the mark before it and skips fewer than
// a stride of rows; the rows above the horizon are counted, not walked to
// (or, where a trigger keeps the list's length, not even counted).
//
// A row deleted below the horizon (an unmatched transfer of another tenant,
// claimed late) shifts the later positions by one until the marks are built
// again, within the hour: the same shift a client paging by offset sees
// whenever a row is added.
//
// Thread-safe. It owns the marks only: a few kilobytes per million rows, for
// at most kMaxLists lists.
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "store/sql/sql.h"

namespace payd::store::sql {

class DeepPages {
 public:
  // Where a deep page is: `take` rows from the `skip`-th after `from`, oldest
  // first (the caller returns them newest first).
  struct Seek {
    std::int64_t from_created_at = 0;
    std::int64_t from_rowid = 0;
    int skip = 0;
    int take = 0;
  };

  // The page (limit, offset) of `table`'s rows of `tenant_id` as a Seek, or
  // nothing when the plain OFFSET query walks few enough rows. `count_sql`,
  // when given, reads the list's length (tenant bound to ?1) from counts a
  // trigger keeps; otherwise the rows above the horizon are counted on each
  // deep page, which costs as many index entries as arrived in the last
  // minutes.
  std::optional<Seek> Plan(Connection& c, std::string_view table, const std::string& tenant_id,
                           int limit, int offset, std::string_view count_sql = {});

  // SELECT `columns` FROM `table` after a Seek (bind it with Bind).
  static std::string SeekSql(std::string_view columns, std::string_view table);
  static void Bind(Query& q, const std::string& tenant_id, const Seek& seek);

  // Tests exercise the same arithmetic on fewer rows.
  void set_stride(int stride) { stride_ = stride; }

 private:
  struct Marks {
    std::vector<std::pair<std::int64_t, std::int64_t>> keys;  // (created_at, rowid) at i * stride
    std::int64_t horizon = 0;                                 // rows below it are marked
    std::int64_t below = 0;                                   // how many rows are below it
    std::chrono::steady_clock::time_point built;
  };
  void Extend(Connection& c, std::string_view table, const std::string& tenant_id,
              std::int64_t horizon, Marks& marks) const;

  static constexpr std::size_t kMaxLists = 4096;
  int stride_ = 1000;
  std::mutex mu_;
  std::unordered_map<std::string, Marks> lists_;  // by table and tenant
};

}  // namespace payd::store::sql
