#include "api/management_http.h"

#include "api/idempotency_http.h"
#include "http/json_response.h"

namespace payd::api {

domain::Change ChangeBy(ApiContext& api, const domain::Principal& principal) {
  return {api.store,
          domain::Actor::Key(principal.key_id, {principal.scopes, principal.account_key}),
          principal.tenant_id,
          base::NowMs(),
          {}};
}

CreationFrame CreationChangeBy(const http::Request& req, const http::RequestContext& ctx,
                               ApiContext& api, const domain::Principal& principal,
                               const boost::json::object& body) {
  CreationFrame frame{ChangeBy(api, principal), std::nullopt};
  auto key = IdempotencyKeyHeader(req);
  if (!key) return frame;
  frame.change.claim = domain::IdempotencyClaim{
      "tenant:" + principal.tenant_id, *key, RequestFingerprint(req, body), {}};
  if (auto earlier = api.store.FindClaimOutcome(*frame.change.claim, frame.change.now))
    frame.earlier = CreateResultResponse(*earlier, ctx.request_id);
  return frame;
}

http::Response CreationResponse(const domain::CreateResult& result, bool made,
                                const boost::json::object& created, const std::string& request_id) {
  if (made) return http::JsonResponse(http::Status::created, created);
  return CreateResultResponse(result, request_id);
}

}  // namespace payd::api
