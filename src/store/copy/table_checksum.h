// The rows `payd db copy` moves, read the same way from either database
// (store/sql/sql.h), and their checksum: SHA-256 over each row's values in one
// canonical form, in the plan's row order. Computed in C++ from the rows each
// side returns, not by SQL functions that could differ between the two
// databases, so equal checksums mean equal values.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/crypto.h"
#include "store/copy/copy_plan.h"
#include "store/sql/sql.h"

namespace payd::store::copy {

// One value per column: integers in decimal, text as is, bytes raw; nullopt is NULL.
using Row = std::vector<std::optional<std::string>>;

// The value of `column` of the query's current row, read as `kind`.
std::optional<std::string> ReadValue(const sql::Query& q, int column, Kind kind);

// Reads the current row's first `kinds.size()` columns into `row`.
void ReadRow(const sql::Query& q, const std::vector<Kind>& kinds, Row& row);

// The rows of one table, counted and hashed in the order they come.
class TableChecksum {
 public:
  explicit TableChecksum(std::vector<Kind> kinds) : kinds_(std::move(kinds)) {}

  // Each value is its kind's letter (N for NULL), its length and its bytes,
  // so that no two different rows can have the same form.
  void Add(const Row& row);
  std::int64_t rows() const { return rows_; }
  // Lowercase hex of the digest; call once, after the last row.
  std::string Hex();

 private:
  std::vector<Kind> kinds_;
  base::Sha256Stream hash_;
  std::string form_;  // reused between rows
  std::int64_t rows_ = 0;
};

std::vector<Kind> KindsOf(const std::vector<Column>& columns);

}  // namespace payd::store::copy
