// Parsing of the weighted lists browsers send (Accept, Accept-Language,
// Accept-Encoding): "de-CH, de;q=0.9, *;q=0.5". q-values are read as
// thousandths, exactly (no floating point), as RFC 9110 allows at most three
// decimals.
#pragma once

#include <string_view>
#include <vector>

namespace payd::http {

struct WeightedItem {
  std::string_view value;  // trimmed, parameters removed
  int q = 1000;            // 0..1000; a malformed q-value counts as 0 (refused)
  int position = 0;        // order in the header, for ties
};

// Items in header order; empty items are skipped.
std::vector<WeightedItem> ParseWeightedList(std::string_view header);

// Items sorted by q (highest first), ties in header order, q = 0 dropped.
std::vector<WeightedItem> ByPreference(std::string_view header);

}  // namespace payd::http
