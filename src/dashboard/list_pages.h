// What the dashboard's long lists share (webhook deliveries in
// webhook_routes.cpp, events and the audit log in event_audit_routes.cpp):
// "Newer" and "Older" links by offset, as the API pages by limit/offset, and
// a stored JSON snapshot shown pretty-printed (the template escapes it), as
// on an intent's page (intent_routes.cpp).
#pragma once

#include <boost/json/object.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "http/message.h"

namespace payd::dashboard {

// Rows on one page of a list.
inline constexpr int kListPageSize = 25;

// The page's ?offset=: 0 when absent or not a number, at most `max` (a
// hand-made URL cannot make the store skip millions of rows).
int OffsetParam(const http::Request& req, int max);

// model["newer"] and model["older"]: the hrefs of the neighbouring pages of
// `path` with `params` (name, value; empty values left out), when there is
// one. `has_more`: a row beyond this page was found.
void AddPagingLinks(boost::json::object& model, std::string_view path,
                    const std::vector<std::pair<std::string, std::string>>& params, int offset,
                    bool has_more);

// `json` indented two spaces a level, for a <pre>; as stored when it does not parse.
std::string PrettyJson(std::string_view json);

}  // namespace payd::dashboard
