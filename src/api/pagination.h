// limit/offset paging for the list endpoints (spec "Limits", DECISIONS §4):
// limit defaults to 50 and may not exceed 100; responses are
// {"data":[...],"limit":N,"offset":N,"hasMore":bool}.
#pragma once

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace payd::api {

struct Page {
  int limit = 50;
  int offset = 0;
};

// Reads limit and offset from parsed query parameters; 400 naming the bad one.
Page ReadPage(const std::vector<std::pair<std::string, std::string>>& query);
const std::string* QueryValue(const std::vector<std::pair<std::string, std::string>>& query,
                              const std::string& name);

// `items` were fetched with limit + 1 so that hasMore needs no count query.
boost::json::object PageBody(boost::json::array items, const Page& page);

}  // namespace payd::api
