#include "http/json_response.h"

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include "base/utf8.h"

namespace payd::http {

Response JsonResponse(Status status, std::string serialized_body) {
  Response res{status, 11};
  res.set(beast_http::field::content_type, "application/json; charset=utf-8");
  res.set(beast_http::field::cache_control, "no-store");
  res.body() = std::move(serialized_body);
  return res;
}

Response JsonResponse(Status status, const boost::json::value& body) {
  return JsonResponse(status, boost::json::serialize(body));
}

Response ErrorResponse(Status status, std::string_view code, std::string_view message,
                       std::string_view request_id, std::string_view param) {
  boost::json::object error;
  error["code"] = code;
  // Both may quote what the client sent, which need not be UTF-8.
  error["message"] = base::ValidUtf8(message);
  if (!param.empty()) error["param"] = base::ValidUtf8(param);
  error["requestId"] = request_id;
  return JsonResponse(status, boost::json::object{{"error", std::move(error)}});
}

}  // namespace payd::http
