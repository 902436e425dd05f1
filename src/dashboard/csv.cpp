#include "dashboard/csv.h"

#include <csv.h>

namespace payd::dashboard {

namespace {

struct Reading {
  CsvRecords rows;
  std::vector<std::string> row;
};

void OnField(void* field, std::size_t size, void* data) {
  auto* r = static_cast<Reading*>(data);
  r->row.emplace_back(static_cast<const char*>(field), size);
}

void OnRowEnd(int, void* data) {
  auto* r = static_cast<Reading*>(data);
  r->rows.push_back(std::move(r->row));
  r->row.clear();
}

}  // namespace

std::optional<CsvRecords> ReadCsv(std::string_view text, std::string& error, char delimiter) {
  csv_parser parser;
  // Strict: a quote inside an unquoted field, or one never closed, is an
  // error rather than a guess about where the field ends.
  if (csv_init(&parser, CSV_STRICT | CSV_STRICT_FINI) != 0) {
    error = "the CSV reader could not start";
    return std::nullopt;
  }
  csv_set_delim(&parser, static_cast<unsigned char>(delimiter));
  Reading reading;
  std::size_t read = csv_parse(&parser, text.data(), text.size(), OnField, OnRowEnd, &reading);
  bool ok = read == text.size() && csv_fini(&parser, OnField, OnRowEnd, &reading) == 0;
  if (!ok) {
    error = std::string(csv_strerror(csv_error(&parser))) + " near character " +
            std::to_string(read + 1);
  }
  csv_free(&parser);
  if (!ok) return std::nullopt;
  return std::move(reading.rows);
}

std::string CsvCell(std::string_view text) {
  std::string cell;
  if (!text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos) {
    cell.push_back('\'');
  }
  cell.append(text);
  if (cell.find_first_of(",\"\r\n") == std::string::npos) return cell;
  std::string quoted = "\"";
  for (char c : cell) {
    if (c == '"') quoted.push_back('"');
    quoted.push_back(c);
  }
  quoted.push_back('"');
  return quoted;
}

std::string CsvRow(const std::vector<std::string>& cells) {
  std::string row;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) row.push_back(',');
    row += CsvCell(cells[i]);
  }
  row += "\r\n";
  return row;
}

}  // namespace payd::dashboard
