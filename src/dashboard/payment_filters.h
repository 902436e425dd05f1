// The payments table's filters as the query string carries them (a GET form:
// bookmarkable, and the CSV export takes the same): status (an intent status
// or "decision"), from and to (YYYY-MM-DD, UTC, both days included), q (the
// search) and after (the page's cursor). Malformed ones are errors named by
// field, and the table shows everything until they are fixed.
#pragma once

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <string>

#include "domain/intents/intent_query.h"
#include "http/message.h"

namespace payd::dashboard {

struct PaymentFilters {
  domain::IntentQuery query;
  boost::json::object echo;   // what the form shows again
  boost::json::array errors;  // FieldError per malformed filter
  std::string query_string;   // the filters (not the cursor) for links: "status=paid&q=…"
};

PaymentFilters ReadPaymentFilters(const http::Request& req);

// The cursor that continues after `intent` ("<created_at>.<id>").
std::string CursorAfter(const domain::PaymentIntent& intent);

}  // namespace payd::dashboard
