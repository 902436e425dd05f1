// Writes one table's rows into PostgreSQL, inside the caller's transaction,
// in one of two ways measured against each other (bench/db_copy.cpp,
// DEVELOPERS.md): COPY FROM STDIN, the default, up to a third faster, or
// multi-row INSERTs with parameters. The server's foreign-key checks and
// index updates dominate either way. Neither ever puts a value into SQL text.
#pragma once

#include <cstdint>
#include <memory>

#include "store/copy/copy_plan.h"
#include "store/copy/table_checksum.h"
#include "store/postgres/pg_db.h"

namespace payd::store::copy {

enum class WriteMethod { kCopy, kInsert };

class TableWriter {
 public:
  virtual ~TableWriter() = default;
  // A row of table.Values(), in that order.
  virtual void Add(const Row& row) = 0;
  // Sends what is buffered; the rows the server says it stored.
  virtual std::int64_t Finish() = 0;
};

std::unique_ptr<TableWriter> MakeWriter(WriteMethod method, postgres::Connection& target,
                                        const TablePlan& table);

// A row in COPY's text format (tab-separated, \N for NULL, backslash escapes,
// bytea as \\x and hex), appended to `out` with its newline.
void AppendCopyRow(const Row& row, const std::vector<Kind>& kinds, std::string& out);

}  // namespace payd::store::copy
