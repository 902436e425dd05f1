#include "api/idempotency_http.h"

#include "api/api_error.h"
#include "api/json_input.h"
#include "base/crypto.h"
#include "http/json_response.h"

namespace payd::api {

std::optional<std::string> IdempotencyKeyHeader(const http::Request& req) {
  auto it = req.find("Idempotency-Key");
  if (it == req.end()) return std::nullopt;
  std::string key(it->value());
  if (auto problem = domain::IdempotencyKeyProblem(key))
    ThrowBadRequest("Idempotency-Key", *problem);
  return key;
}

std::string RequestFingerprint(const http::Request& req, const boost::json::value& body) {
  std::string target(req.target());
  return base::Sha256(std::string(req.method_string()) + " " + target.substr(0, target.find('?')) +
                      "\n" + CanonicalJson(body));
}

http::Response CreateResultResponse(const domain::CreateResult& result,
                                    const std::string& request_id) {
  if (result.outcome == domain::CreateOutcome::kConflict) {
    return http::ErrorResponse(http::Status::conflict, "idempotency_conflict",
                               "This Idempotency-Key was already used with different parameters.",
                               request_id, "Idempotency-Key");
  }
  auto res =
      http::JsonResponse(static_cast<http::Status>(result.response.status), result.response.body);
  if (result.outcome == domain::CreateOutcome::kReplayed) res.set("Idempotent-Replayed", "true");
  return res;
}

}  // namespace payd::api
