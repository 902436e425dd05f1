// The gate in front of every /api/v1 handler: finds the key in X-API-Key or
// Authorization: Bearer, authenticates it, charges its rate limit (adding the
// X-RateLimit-* headers to the response) and checks the scope. Throws the
// matching ApiError (401, 429, 403) when the request may not proceed.
#pragma once

#include "api/api_context.h"
#include "domain/access/access.h"
#include "domain/access/auth.h"
#include "http/message.h"

namespace payd::api {

// The DECISIONS §3 code of a failed authentication (401).
const char* AuthErrorCode(domain::AuthFailure failure);

// Authenticates and charges the rate limit; any REST key.
domain::Principal RequireKey(const http::Request& req, http::RequestContext& ctx, ApiContext& api);
domain::Principal RequireScope(const http::Request& req, http::RequestContext& ctx, ApiContext& api,
                               domain::Scope scope);
// A key that may do `op`, as domain/access/access.h decides for every surface (the
// domain checks again when the operation runs); 403 insufficient_scope
// before the request's body is read.
domain::Principal RequireKeyFor(const http::Request& req, http::RequestContext& ctx,
                                ApiContext& api, domain::Operation op);
// Reads of the account's settings (its keys, its audit log): the account key only.
domain::Principal RequireAccountKey(const http::Request& req, http::RequestContext& ctx,
                                    ApiContext& api);

}  // namespace payd::api
