#include "domain/email/messages.h"

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

namespace payd::domain {

namespace {

// People's messages are in English until a person chooses a language (issue 40).
constexpr const char* kPeopleLanguage = "en";

}  // namespace

QueuedEmail TestEmail(std::optional<std::string> tenant_id, const std::string& to,
                      const std::string& account, const std::string& asker, base::TimeMs now) {
  boost::json::object model{{"account", account}, {"asker", asker}, {"askedAt", now}};
  return NewQueuedEmail(std::move(tenant_id), to, "test", kPeopleLanguage,
                        boost::json::serialize(model), true, now);
}

QueuedEmail SignInLinkEmail(const User& user, const std::string& account, const std::string& sender,
                            const IssuedLink& link, const std::string& url, base::TimeMs now) {
  bool welcome = link.link.purpose == LinkPurpose::kWelcome;
  boost::json::object model{{"account", account},
                            {"inviter", sender},
                            {"role", RoleName(user.role)},
                            {"url", url},
                            {"expiresAt", link.link.expires_at}};
  return NewQueuedEmail(user.tenant_id, user.email, welcome ? "invitation" : "password_reset",
                        kPeopleLanguage, boost::json::serialize(model), true, now);
}

}  // namespace payd::domain
