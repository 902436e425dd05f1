#include "domain/email/chain_problem.h"

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

namespace payd::domain {

std::optional<std::string> ChainProblem(const std::optional<ChainWatchStatus>& status,
                                        const std::vector<std::string>& stopped_reasons,
                                        base::TimeMs now, base::TimeMs stall_after_ms) {
  if (!stopped_reasons.empty()) {
    std::string text = "its token check failed:";
    for (const auto& reason : stopped_reasons) text += " " + reason;
    return text;
  }
  if (!status || !status->leading) return std::nullopt;
  // A reorganisation can split the providers for a pass or two: only one
  // that lasts is news.
  if (!status->disagreement.empty() && status->disagreement_since > 0 &&
      now - status->disagreement_since >= kChainDisagreementAfterMs) {
    return "its providers disagree, and nothing on it is confirmed until a quorum of them agrees "
           "(payments made meanwhile show as pending; none is lost): " +
           status->disagreement;
  }
  bool silent = now - status->updated_at >= stall_after_ms;
  bool failing = status->last_error_at > status->updated_at;
  if (!silent || !failing) return std::nullopt;
  return "not read for " + std::to_string((now - status->updated_at) / 60'000) +
         " minutes; its node answers: " + status->last_error;
}

QueuedEmail ChainProblemEmail(const User& person, const std::string& account,
                              const std::string& chain, const std::string& problem,
                              const Mailing& mailing, const std::string& unsubscribe_token,
                              base::TimeMs now) {
  boost::json::object model = OptionalMessageModel(account, mailing, unsubscribe_token);
  model["chain"] = chain;
  model["problem"] = problem;
  model["url"] = mailing.public_url + "/dashboard";
  return NewQueuedEmail(person.tenant_id, person.email, "chain_problem", LanguageOf(person),
                        boost::json::serialize(model), false, now);
}

}  // namespace payd::domain
