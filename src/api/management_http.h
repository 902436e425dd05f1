// The HTTP side of the management operations (domain/management/): the
// frame of a change made with a key, and the Idempotency-Key of a creation
// (DECISIONS §8), whose earlier answer is replayed before any rule runs.
#pragma once

#include <boost/json/object.hpp>
#include <optional>

#include "api/api_context.h"
#include "domain/access/auth.h"
#include "domain/management/change.h"
#include "http/message.h"
#include "http/router.h"

namespace payd::api {

// The frame of a change made with this key, now.
domain::Change ChangeBy(ApiContext& api, const domain::Principal& principal);

// A creation's frame: with the claim of the request's Idempotency-Key, if it
// sent one. `earlier` is the answer to give at once when the key already
// decided a request (replayed, or 409).
struct CreationFrame {
  domain::Change change;
  std::optional<http::Response> earlier;
};
CreationFrame CreationChangeBy(const http::Request& req, const http::RequestContext& ctx,
                               ApiContext& api, const domain::Principal& principal,
                               const boost::json::object& body);

// 201 with `created` when the creation made the object, else the claim's outcome.
http::Response CreationResponse(const domain::CreateResult& result, bool made,
                                const boost::json::object& created, const std::string& request_id);
template <typename T>
http::Response CreationResponse(const domain::Creation<T>& creation,
                                const boost::json::object& created, const std::string& request_id) {
  return CreationResponse(creation.result, creation.object.has_value(), created, request_id);
}

}  // namespace payd::api
