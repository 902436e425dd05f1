// Who is calling the REST API, and may they: resolves a presented key to a
// principal (DECISIONS §2) and charges its rate limit (DECISIONS §9). The
// store answers every request with the key as it stands (Store::UseApiKey),
// so a revocation by any process sharing the database takes effect on the
// very next request.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "base/time.h"
#include "domain/access/credentials.h"

namespace payd::domain {

class Store;
struct RateWindow;

struct Principal {
  std::string tenant_id;
  std::string key_id;
  ScopeSet scopes;
  int rate_limit_per_min = 60;
  bool account_key = false;  // the tenant's account key: every scope, and the account's settings
};

enum class AuthFailure {
  kNone,
  kUnauthorized,  // missing, malformed, unknown, or not a REST key
  kExpired,
  kRevoked,
  kWrongEnvironment,  // a key of the other environment
};

constexpr base::TimeMs kRateWindowMs = 60'000;

struct RateDecision {
  bool allowed = true;
  int limit = 0;
  int remaining = 0;
  long long reset_epoch_s = 0;  // when the current window ends
};

struct AuthResult {
  std::optional<Principal> principal;
  AuthFailure failure = AuthFailure::kNone;
  std::string message;
  RateDecision rate;  // with a REST principal: this request, charged to its key
};

// Authenticates a REST key and, when it is let in, charges this request to
// its rate window (`rate`), in one store call.
AuthResult AuthenticateRestKey(Store& store, std::string_view key_text, Environment env,
                               base::TimeMs now, int default_rate_limit);

// An integration key (svc_test_/svc_live_) presented on the public endpoints
// of `integration_id` (DECISIONS §11): its principal when it is that
// integration's, live and unrevoked; otherwise why not (another integration's
// key is kUnauthorized). No scopes: it admits only the public endpoints.
AuthResult AuthenticateIntegrationKey(Store& store, const PresentedKey& presented, Environment env,
                                      std::string_view integration_id, base::TimeMs now);

// What the window of a key allowed `limit` requests a minute says.
RateDecision DecideRate(const RateWindow& window, int limit);

}  // namespace payd::domain
