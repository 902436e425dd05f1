#include "http/header_lists.h"

#include <algorithm>

#include "base/strings.h"

namespace payd::http {

namespace {

// "1", "1.0", "0.85", "0.123" -> thousandths; anything else -> 0.
int ParseQ(std::string_view text) {
  if (text.empty() || text.size() > 5) return 0;
  if (text[0] != '0' && text[0] != '1') return 0;
  int whole = text[0] - '0';
  int thousandths = 0;
  if (text.size() > 1) {
    if (text[1] != '.') return 0;
    int scale = 100;
    for (char c : text.substr(2)) {
      if (c < '0' || c > '9') return 0;
      thousandths += (c - '0') * scale;
      scale /= 10;
    }
  }
  int q = whole * 1000 + thousandths;
  return q > 1000 ? 0 : q;
}

}  // namespace

std::vector<WeightedItem> ParseWeightedList(std::string_view header) {
  std::vector<WeightedItem> items;
  int position = 0;
  while (!header.empty()) {
    auto comma = header.find(',');
    std::string_view item = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view{} : header.substr(comma + 1);
    auto semicolon = item.find(';');
    WeightedItem out;
    out.value = base::TrimBlanks(item.substr(0, semicolon));
    if (out.value.empty()) continue;
    out.position = position++;
    while (semicolon != std::string_view::npos) {
      std::string_view rest = item.substr(semicolon + 1);
      semicolon = rest.find(';');
      std::string_view param = base::TrimBlanks(rest.substr(0, semicolon));
      item = rest;
      if (param.size() >= 2 && (param[0] == 'q' || param[0] == 'Q') && param[1] == '=') {
        out.q = ParseQ(base::TrimBlanks(param.substr(2)));
      }
    }
    items.push_back(out);
  }
  return items;
}

std::vector<WeightedItem> ByPreference(std::string_view header) {
  auto items = ParseWeightedList(header);
  std::erase_if(items, [](const WeightedItem& i) { return i.q == 0; });
  std::stable_sort(items.begin(), items.end(),
                   [](const WeightedItem& a, const WeightedItem& b) { return a.q > b.q; });
  return items;
}

}  // namespace payd::http
