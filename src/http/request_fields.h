// What a handler reads from a request beyond its route: query parameters,
// cookies, form fields and which of JSON and HTML the client prefers. Shared
// by every surface (the API, the payer's pages, the dashboard).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "http/message.h"

namespace payd::http {

// The value of query parameter `name` of the request target ("" when absent).
std::string QueryParam(const Request& req, std::string_view name);

// The value of cookie `name` ("" when the request has none).
std::string CookieValue(const Request& req, std::string_view name);

// The value of field `name` of a form-encoded body ("" when absent).
// Every value of a repeated field (checkboxes), in the form's order.
std::vector<std::string> FormValues(std::string_view body, std::string_view name);
std::string FormValue(std::string_view body, std::string_view name);

// True when Accept ranks application/json above text/html (API clients).
bool PrefersJson(const Request& req);
// True when Accept ranks text/html above application/json (browsers; not a
// client that names neither, as fetch's */* or no Accept at all).
bool PrefersHtml(const Request& req);

}  // namespace payd::http
