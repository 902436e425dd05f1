// What each person is emailed about (issue 39 item 2, DECISIONS §18): their
// own choice per topic of domain/email/topics.h, their role's default until
// they choose, security topics always on. Changed by the person in the
// dashboard, or turned off in one click from a message's List-Unsubscribe
// link (RFC 8058) without signing in. Both are audited.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "domain/email/topics.h"
#include "domain/management/change.h"

namespace payd::domain {

struct EmailTopicState {
  EmailTopic topic;
  bool on = false;      // a message each
  bool daily = false;   // a summary a day instead (a topic that has one)
  bool chosen = false;  // false: the role's default
};

// Every topic, with whether `person` gets it.
std::vector<EmailTopicState> EmailTopicsOf(Store& store, const User& person);

// The asking person's own choices by topic name ("payment_received"):
// kEmailEach, kEmailOff, or kEmailDaily for a topic that has a daily
// summary; each topic that can be turned off and is not named is off. A
// security topic, an unknown name or choice: 400 naming it. Choosing the
// daily summary starts its first period now (nothing paid before is
// summarized again).
void ChooseOwnEmail(const Change& change, const std::map<std::string, std::string>& choices);

// The topic a message's one-click link turns off, without turning it off;
// none for a token no link has.
std::optional<EmailTopic> UnsubscribeLinkTopic(Store& store, const std::string& token);

// Turns off the topic of a message's one-click link for its person; the
// topic turned off, none for a token no link has (a year old, or made up).
std::optional<EmailTopic> Unsubscribe(Store& store, const std::string& token, base::TimeMs now);

}  // namespace payd::domain
