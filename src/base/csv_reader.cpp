#include "base/csv_reader.h"

#include <csv.h>

namespace payd::base {

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

}  // namespace payd::base
