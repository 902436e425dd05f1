#include "dashboard/payment_filters.h"

#include <boost/url/encode.hpp>
#include <boost/url/rfc/unreserved_chars.hpp>
#include <charconv>

#include "base/strings.h"
#include "base/utf8.h"
#include "dashboard/dashboard_http.h"
#include "html/i18n.h"
#include "http/request_fields.h"

namespace payd::dashboard {

namespace {

constexpr base::TimeMs kDayMs = 24LL * 60 * 60 * 1000;

std::optional<base::TimeMs> Day(const std::string& text) {
  if (text.size() != 10) return std::nullopt;
  return base::ParseRfc3339(text + "T00:00:00Z");
}

std::optional<domain::IntentQuery::Cursor> ParseCursor(const std::string& text) {
  auto dot = text.find('.');
  if (dot == std::string::npos) return std::nullopt;
  base::TimeMs at = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + dot, at);
  if (ec != std::errc() || end != text.data() + dot) return std::nullopt;
  return domain::IntentQuery::Cursor{at, text.substr(dot + 1)};
}

void AddParam(std::string& out, std::string_view name, const std::string& value) {
  if (value.empty()) return;
  if (!out.empty()) out += "&";
  out += std::string(name) + "=" + boost::urls::encode(value, boost::urls::unreserved_chars);
}

}  // namespace

PaymentFilters ReadPaymentFilters(const http::Request& req) {
  PaymentFilters f;
  std::string status = base::ValidUtf8(http::QueryParam(req, "status"));
  std::string from = base::ValidUtf8(http::QueryParam(req, "from"));
  std::string to = base::ValidUtf8(http::QueryParam(req, "to"));
  std::string search(base::TrimBlanks(base::ValidUtf8(http::QueryParam(req, "q"))));
  f.echo = {{"status", status}, {"from", from}, {"to", to}, {"q", search}};
  if (status == "decision") {
    f.query.needs_decision = true;
  } else if (!status.empty()) {
    std::string upper = status;  // the API's names, in any case
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    f.query.status = domain::ParseIntentStatus(upper);
    if (!f.query.status) {
      f.errors.push_back(FieldError("status", html::Translatable("Choose a status from the list")));
    }
  }
  if (!from.empty()) {
    f.query.created_from = Day(from);
    if (!f.query.created_from)
      f.errors.push_back(
          FieldError("from", html::Translatable("Enter the first day as YYYY-MM-DD")));
  }
  if (!to.empty()) {
    auto day = Day(to);
    if (day)
      f.query.created_before = *day + kDayMs;
    else
      f.errors.push_back(FieldError("to", html::Translatable("Enter the last day as YYYY-MM-DD")));
  }
  if (f.query.created_from && f.query.created_before &&
      *f.query.created_before <= *f.query.created_from) {
    f.errors.push_back(
        FieldError("to", html::Translatable("The last day must not be before the first day")));
  }
  if (search.size() > 200)
    f.errors.push_back(FieldError("q", html::Translatable("Search for at most 200 characters")));
  else
    f.query.search = search;
  if (!f.errors.empty()) {
    f.query = {};  // the whole table until the filters are fixed
  }
  f.query.after = ParseCursor(http::QueryParam(req, "after"));
  AddParam(f.query_string, "status", status);
  AddParam(f.query_string, "from", from);
  AddParam(f.query_string, "to", to);
  AddParam(f.query_string, "q", search);
  return f;
}

std::string CursorAfter(const domain::PaymentIntent& intent) {
  return std::to_string(intent.created_at) + "." + intent.id;
}

}  // namespace payd::dashboard
