// Idempotent creation (DECISIONS §8). A claim binds an Idempotency-Key, within
// a scope (a tenant, or an integration on the public endpoints), to the
// fingerprint of the request that first used it and to the response it got.
// The store checks and records claims in the same transaction that creates
// the object, which is what makes concurrent retries create exactly one.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "base/time.h"

namespace payd::domain {

constexpr base::TimeMs kIdempotencyRetentionMs = 24LL * 60 * 60 * 1000;

struct StoredResponse {
  int status = 0;
  std::string body;
};

struct IdempotencyClaim {
  std::string scope;        // "tenant:<id>" or "integration:<id>"
  std::string key;          // the client's Idempotency-Key
  std::string fingerprint;  // digest of the request's method, path and canonical body
  StoredResponse response;  // what to replay to a later identical request
};

enum class CreateOutcome {
  kCreated,       // the object was stored; the claim's response is the answer
  kReplayed,      // an identical earlier request owns the key; replay its response
  kConflict,      // the key was used with different parameters
  kLimitReached,  // creating it would pass a limit the store checks; nothing was stored
};

struct CreateResult {
  CreateOutcome outcome = CreateOutcome::kCreated;
  StoredResponse response;
};

// A reason the key is unusable, or nothing: 1 to 255 printable ASCII characters.
std::optional<std::string> IdempotencyKeyProblem(std::string_view key);

}  // namespace payd::domain
