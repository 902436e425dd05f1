// The HTTP side of idempotent creation (DECISIONS §8): the Idempotency-Key
// header, the request fingerprint, and the response for each outcome
// (the original for a replay, with Idempotent-Replayed: true; 409 for a conflict).
#pragma once

#include <boost/json/value.hpp>
#include <optional>
#include <string>

#include "domain/intents/idempotency.h"
#include "http/message.h"

namespace payd::api {

// The validated header value, if one was sent.
std::optional<std::string> IdempotencyKeyHeader(const http::Request& req);
std::string RequestFingerprint(const http::Request& req, const boost::json::value& body);
http::Response CreateResultResponse(const domain::CreateResult& result,
                                    const std::string& request_id);

}  // namespace payd::api
