#include "api/pagination.h"

#include <charconv>

#include "api/api_error.h"

namespace payd::api {

namespace {

constexpr int kMaxLimit = 100;

int ReadInt(const std::string& name, const std::string& text, int min, int max) {
  int value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc{} || ptr != text.data() + text.size() || value < min ||
      value > max) {
    ThrowBadRequest(name, name + " must be an integer from " + std::to_string(min) + " to " +
                              std::to_string(max) + ".");
  }
  return value;
}

}  // namespace

const std::string* QueryValue(const std::vector<std::pair<std::string, std::string>>& query,
                              const std::string& name) {
  for (const auto& [k, v] : query) {
    if (k == name) return &v;
  }
  return nullptr;
}

Page ReadPage(const std::vector<std::pair<std::string, std::string>>& query) {
  Page page;
  if (const auto* limit = QueryValue(query, "limit"))
    page.limit = ReadInt("limit", *limit, 1, kMaxLimit);
  if (const auto* offset = QueryValue(query, "offset"))
    page.offset = ReadInt("offset", *offset, 0, 1'000'000'000);
  return page;
}

boost::json::object PageBody(boost::json::array items, const Page& page) {
  bool has_more = items.size() > static_cast<std::size_t>(page.limit);
  if (has_more) items.resize(static_cast<std::size_t>(page.limit));
  return {{"data", std::move(items)},
          {"limit", page.limit},
          {"offset", page.offset},
          {"hasMore", has_more}};
}

}  // namespace payd::api
