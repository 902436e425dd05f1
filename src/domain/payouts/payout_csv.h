// A payout's lines as a CSV (the dashboard's upload, `payd payout create
// --csv`): one row per transfer of recipient, amount in the token's decimal
// units and an optional reference; a first row that names columns is
// skipped. A first line with semicolons, at least as many as commas, is a
// spreadsheet's export where the comma is the decimal mark: ';' separates and
// "12,50" is 12.50. Errors name the CSV's row, which is what the merchant can find.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "domain/management/payouts.h"

namespace payd::domain {

struct CsvPayoutLines {
  std::vector<PayoutLineRequest> lines;  // amounts in decimal units
  std::vector<std::size_t> rows;         // each line's row in the CSV, from 1
};

// Throws Error(kInvalidRequest, param `field`) when the text is not CSV of
// two or three columns, or has no line.
CsvPayoutLines PayoutLinesFromCsv(std::string_view text, const std::string& field);

// CreatePayout of `request` (its lines set from `csv`, amounts in decimal
// units); a line's refusal (lines[<index>].<field>) is rethrown as `field`'s,
// saying "Row <n>: ...".
Creation<Payout> CreatePayoutFromCsv(const Change& change, const ChainCatalog& catalog,
                                     PayoutRequest request, const CsvPayoutLines& csv,
                                     const std::string& field);

}  // namespace payd::domain
