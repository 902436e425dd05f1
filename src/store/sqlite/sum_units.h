// payd_sum_units(amount): an SQL aggregate that sums base-unit amounts
// (decimal digits, up to 2^256-1 each, as the payments table stores them)
// exactly and returns the sum as the same kind of text. SQLite's own SUM
// reads text as a 64-bit integer or a double: a sum of 18-decimal tokens
// passes 2^63 at 9.2 coins. PostgreSQL gets the same from numeric.
#pragma once

#include <sqlite3.h>

namespace payd::store::sqlite {

// Registers payd_sum_units on `db`; every connection does it when it opens.
void RegisterSumUnits(sqlite3* db);

}  // namespace payd::store::sqlite
