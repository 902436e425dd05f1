// JSON responses, including the one error shape every surface uses
// (DECISIONS §3): {"error":{"code","message","param"?,"requestId"}}.
#pragma once

#include <boost/json/value.hpp>
#include <string>
#include <string_view>

#include "http/message.h"

namespace payd::http {

Response JsonResponse(Status status, const boost::json::value& body);
Response JsonResponse(Status status, std::string serialized_body);
Response ErrorResponse(Status status, std::string_view code, std::string_view message,
                       std::string_view request_id, std::string_view param = {});

}  // namespace payd::http
