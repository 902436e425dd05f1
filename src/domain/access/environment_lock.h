// Which environment a database belongs to (DECISIONS §1: one database per
// environment), settled each time a process opens it. The rule lives here so
// that every store (SQLite today, PostgreSQL next) applies the same one: a
// store only reads what its database holds and writes the record, in one
// transaction (Store::ClaimEnvironment).
//
// A database records the environment of the first process that opens it. One
// made before the record existed tells its environment by the API keys it
// holds; holding keys of both (what an admin command run without its config
// used to create) it is refused until the operator says which it serves.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>

#include "domain/access/credentials.h"

namespace payd::domain {

// What a database holds that tells its environment.
struct EnvironmentEvidence {
  // The recorded environment's text, when there is a record.
  std::optional<std::string> recorded;
  // API keys (revoked and expired ones too) by stored prefix ("svc_pk_test_",
  // ...); read only when nothing is recorded.
  std::map<std::string, std::int64_t> keys_by_prefix;
};

struct EnvironmentPolicy {
  Environment process = Environment::kTestnet;  // the environment this payd runs as
  // The operator's choice (`payd migrate --record-environment`) for a database
  // that records nothing and holds keys of both environments: record the process's.
  bool record_if_mixed = false;
};

struct EnvironmentVerdict {
  // The database's environment, when known: recorded, or inferred now.
  std::optional<Environment> environment;
  // The store must record `environment` now (nothing was recorded yet).
  bool record = false;
  // Why `environment` was chosen, for the log line that says it was recorded.
  std::string basis;
  // Not empty: this process must not use the database. One line, saying what to do.
  std::string refusal;
};

EnvironmentVerdict JudgeEnvironment(const EnvironmentEvidence& evidence,
                                    const EnvironmentPolicy& policy);

// The environment a key prefix belongs to; nothing for a prefix payd never issues.
std::optional<Environment> EnvironmentOfKeyPrefix(const std::string& prefix);

// Thrown when a process opens a database of the other environment (the verdict's refusal).
class EnvironmentRefused : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace payd::domain
