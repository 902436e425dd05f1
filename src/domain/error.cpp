#include "domain/error.h"

namespace payd::domain {

std::string FillPlaces(std::string_view pattern, const std::vector<std::string>& values) {
  std::string out;
  out.reserve(pattern.size() + 32);
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    // "{n}" with n a digit 1-9 that has a value; anything else is text.
    if (pattern[i] == '{' && i + 2 < pattern.size() && pattern[i + 2] == '}' &&
        pattern[i + 1] >= '1' && pattern[i + 1] <= '9') {
      std::size_t n = static_cast<std::size_t>(pattern[i + 1] - '1');
      if (n < values.size()) {
        out += values[n];
        i += 2;
        continue;
      }
    }
    out += pattern[i];
  }
  return out;
}

std::string Message::English() const {
  if (values.empty()) return pattern;
  std::vector<std::string> texts;
  texts.reserve(values.size());
  for (const auto& v : values) texts.push_back(v.text);
  return FillPlaces(pattern, texts);
}

}  // namespace payd::domain
