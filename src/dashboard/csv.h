// CSV for the dashboard's exports (RFC 4180), safe to open in a spreadsheet:
// a cell that starts with =, +, -, @, a tab or a carriage return is what
// Excel, LibreOffice and Sheets would run as a formula (CSV injection,
// OWASP), so it gets a leading apostrophe, which they show as text.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace payd::dashboard {

std::string CsvCell(std::string_view text);
// The cells, each CsvCell, joined by commas and ended by CRLF.
std::string CsvRow(const std::vector<std::string>& cells);

// Uploads (a payout's lines): every row of `text` as RFC 4180 writes it
// (quoted fields may hold commas, doubled quotes and line breaks), blank
// lines skipped, read by libcsv (Debian's libcsv-dev) rather than by hand;
// none with `error` set (the reader's words and where) when it is not CSV.
using CsvRecords = std::vector<std::vector<std::string>>;
// `delimiter`: ',' or, as spreadsheets of countries writing decimal commas
// export, ';'.
std::optional<CsvRecords> ReadCsv(std::string_view text, std::string& error, char delimiter = ',');

}  // namespace payd::dashboard
