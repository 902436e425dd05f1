#include "domain/access/environment_lock.h"

namespace payd::domain {

namespace {

std::string Name(Environment env) {
  return std::string(EnvironmentName(env));
}

std::string Keys(std::int64_t count, Environment env) {
  return std::to_string(count) + " " + Name(env) + (count == 1 ? " key" : " keys");
}

std::string OtherEnvironment(Environment database, Environment process) {
  return "this database was created for " + Name(database) + "; this payd runs as " +
         Name(process) + " (set environment = \"" + Name(database) +
         "\" in the config that goes with this database, or use another database)";
}

EnvironmentVerdict Known(Environment database, Environment process) {
  EnvironmentVerdict verdict;
  verdict.environment = database;
  if (database != process) verdict.refusal = OtherEnvironment(database, process);
  return verdict;
}

EnvironmentVerdict Record(Environment database, Environment process, std::string basis) {
  EnvironmentVerdict verdict = Known(database, process);
  verdict.record = true;
  verdict.basis = std::move(basis);
  return verdict;
}

}  // namespace

std::optional<Environment> EnvironmentOfKeyPrefix(const std::string& prefix) {
  for (KeyKind kind : {KeyKind::kPublic, KeyKind::kAccount, KeyKind::kIntegration}) {
    for (Environment env : {Environment::kTestnet, Environment::kMainnet}) {
      if (prefix == KeyPrefix(kind, env)) return env;
    }
  }
  return std::nullopt;
}

EnvironmentVerdict JudgeEnvironment(const EnvironmentEvidence& evidence,
                                    const EnvironmentPolicy& policy) {
  const Environment process = policy.process;
  if (evidence.recorded) {
    if (auto recorded = ParseEnvironment(*evidence.recorded)) return Known(*recorded, process);
    EnvironmentVerdict verdict;
    verdict.refusal = "this database records the environment \"" + *evidence.recorded +
                      "\", which this payd does not know (it runs as " + Name(process) +
                      "); use the payd that goes with this database, or another database";
    return verdict;
  }

  // Nothing recorded: a new database, or one made before the record existed.
  std::int64_t testnet = 0;
  std::int64_t mainnet = 0;
  for (const auto& [prefix, count] : evidence.keys_by_prefix) {
    auto env = EnvironmentOfKeyPrefix(prefix);
    if (env == Environment::kTestnet) testnet += count;
    if (env == Environment::kMainnet) mainnet += count;
  }
  if (testnet == 0 && mainnet == 0) return Record(process, process, "it holds no API keys yet");
  if (mainnet == 0)
    return Record(Environment::kTestnet, process,
                  "it holds " + Keys(testnet, Environment::kTestnet));
  if (testnet == 0)
    return Record(Environment::kMainnet, process,
                  "it holds " + Keys(mainnet, Environment::kMainnet));

  std::string held =
      Keys(testnet, Environment::kTestnet) + " and " + Keys(mainnet, Environment::kMainnet);
  if (policy.record_if_mixed) {
    return Record(process, process,
                  "the operator's choice (payd migrate --record-environment); it holds " + held);
  }
  EnvironmentVerdict verdict;
  verdict.refusal =
      "this database mixes environments: it holds " + held +
      " and records neither, so payd cannot tell which it was created for; run `payd migrate "
      "--record-environment` with the config of the environment it serves (keys of the other "
      "stay refused as wrong_environment: revoke them), or use another database";
  return verdict;
}

}  // namespace payd::domain
