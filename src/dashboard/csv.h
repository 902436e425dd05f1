// CSV for the dashboard's exports (RFC 4180), safe to open in a spreadsheet:
// a cell that starts with =, +, -, @, a tab or a carriage return is what
// Excel, LibreOffice and Sheets would run as a formula (CSV injection,
// OWASP), so it gets a leading apostrophe, which they show as text.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace payd::dashboard {

std::string CsvCell(std::string_view text);
// The cells, each CsvCell, joined by commas and ended by CRLF.
std::string CsvRow(const std::vector<std::string>& cells);

}  // namespace payd::dashboard
