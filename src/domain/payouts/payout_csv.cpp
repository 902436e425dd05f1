#include "domain/payouts/payout_csv.h"

#include <algorithm>

#include "base/csv_reader.h"
#include "domain/error.h"

namespace payd::domain {

CsvPayoutLines PayoutLinesFromCsv(std::string_view text, const std::string& field) {
  std::string_view first = text.substr(0, text.find('\n'));
  auto semicolon_count = std::count(first.begin(), first.end(), ';');
  bool semicolons =
      semicolon_count > 0 && semicolon_count >= std::count(first.begin(), first.end(), ',');
  std::string error;
  auto records = base::ReadCsv(text, error, semicolons ? ';' : ',');
  if (!records) ThrowInvalid(field, "This is not CSV: {1}.", error);
  CsvPayoutLines out;
  for (std::size_t i = 0; i < records->size(); ++i) {
    const auto& cells = (*records)[i];
    bool header =
        i == 0 && !cells.empty() && !cells[0].starts_with("0x") && !cells[0].starts_with("0X");
    if (header) continue;
    if (cells.size() < 2 || cells.size() > 3) {
      if (cells.size() == 1) {
        ThrowInvalid(field,
                     "Row {1} has {2} column: each row is recipient, amount and, if you like, a "
                     "reference.",
                     std::to_string(i + 1), std::to_string(cells.size()));
      }
      ThrowInvalid(field,
                   "Row {1} has {2} columns: each row is recipient, amount and, if you like, a "
                   "reference.",
                   std::to_string(i + 1), std::to_string(cells.size()));
    }
    PayoutLineRequest line{cells[0], cells[1], std::nullopt};
    if (semicolons) std::replace(line.amount.begin(), line.amount.end(), ',', '.');
    if (cells.size() == 3 && !cells[2].empty()) line.reference = cells[2];
    out.lines.push_back(std::move(line));
    out.rows.push_back(i + 1);
  }
  if (out.lines.empty()) ThrowInvalid(field, "Give one row per transfer: recipient, amount.");
  return out;
}

Creation<Payout> CreatePayoutFromCsv(const Change& change, const ChainCatalog& catalog,
                                     PayoutRequest request, const CsvPayoutLines& csv,
                                     const std::string& field) {
  request.lines = csv.lines;
  request.amounts_in_units = false;
  try {
    return CreatePayout(change, catalog, request);
  } catch (const Error& e) {
    const std::string& param = e.param();
    if (e.kind() != ErrorKind::kInvalidRequest || !param.starts_with("lines[")) throw;
    std::size_t index = std::stoul(param.substr(6));
    if (index < csv.rows.size())
      ThrowInvalid(field, "Row {1}: {2}", std::to_string(csv.rows[index]), e.what());
    ThrowInvalid(field, "A row: {1}", e.what());
  }
}

}  // namespace payd::domain
