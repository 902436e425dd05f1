// Rows of CSV text as RFC 4180 writes them (quoted fields may hold commas,
// doubled quotes and line breaks), read by libcsv (Debian's libcsv-dev) rather
// than by hand: a payout's lines, uploaded in the dashboard or given to the CLI.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace payd::base {

using CsvRecords = std::vector<std::vector<std::string>>;

// Every row of `text`, blank lines skipped, spaces around unquoted fields
// trimmed; none with `error` set (the reader's words and where) when it is
// not CSV (a quote left open). `delimiter`: ',' or, as spreadsheets of
// countries writing decimal commas export, ';'.
std::optional<CsvRecords> ReadCsv(std::string_view text, std::string& error, char delimiter = ',');

}  // namespace payd::base
