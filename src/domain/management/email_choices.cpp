#include "domain/management/email_choices.h"

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include "domain/error.h"
#include "domain/people/session.h"

namespace payd::domain {

namespace {

boost::json::object ChoicesJson(const std::map<std::string, std::string>& choices) {
  boost::json::object out;
  for (const auto& [topic, choice] : choices) out[topic] = choice;
  return out;
}

}  // namespace

std::vector<EmailTopicState> EmailTopicsOf(Store& store, const User& person) {
  std::map<std::string, std::string> choices;
  store.WithManagement([&](ManagementTx& tx) { choices = tx.EmailChoices(person.id); });
  std::vector<EmailTopicState> out;
  for (const auto& info : EmailTopics()) {
    auto it = choices.find(std::string(info.name));
    std::optional<std::string> chosen;
    if (it != choices.end() && !info.security) chosen = it->second;
    bool daily = info.daily && !person.disabled_at && chosen == kEmailDaily;
    out.push_back({info.topic, Receives(person, info.topic, chosen), daily, chosen.has_value()});
  }
  return out;
}

void ChooseOwnEmail(const Change& change, const std::map<std::string, std::string>& choices) {
  Require(change, Operation::kChooseOwnEmail);
  for (const auto& [name, choice] : choices) {
    auto topic = ParseEmailTopic(name);
    if (!topic) ThrowInvalid(name, "There is no email topic {1}.", name);
    const auto& info = InfoOf(*topic);
    if (info.security) {
      ThrowInvalid(name, "{1}: a security message cannot be turned off.",
                   Term{std::string(info.label)});
    }
    if (choice != kEmailEach && choice != kEmailOff && (!info.daily || choice != kEmailDaily)) {
      if (info.daily)
        ThrowInvalid(name, "{1}: choose each, daily or off.", Term{std::string(info.label)});
      ThrowInvalid(name, "{1}: choose on or off.", Term{std::string(info.label)});
    }
  }
  change.store.WithManagement([&](ManagementTx& tx) {
    auto person = change.actor.role ? tx.FindUser(change.tenant_id, change.actor.id) : std::nullopt;
    if (!person) ThrowInvalid("", "Only a person chooses what they are emailed about.");
    auto before = tx.EmailChoices(person->id);
    for (const auto& info : EmailTopics()) {
      if (info.security) continue;
      auto it = choices.find(std::string(info.name));
      tx.SetEmailChoice(person->id, info.name, it != choices.end() ? it->second : kEmailOff,
                        change.now);
    }
    auto after = tx.EmailChoices(person->id);
    if (after == before) return;
    RecordChange(tx, change, "user.email_choices", person->id,
                 boost::json::serialize(ChoicesJson(before)),
                 boost::json::serialize(ChoicesJson(after)));
  });
}

std::optional<EmailTopic> UnsubscribeLinkTopic(Store& store, const std::string& token) {
  std::optional<EmailTopic> out;
  store.WithManagement([&](ManagementTx& tx) {
    auto link = tx.FindUnsubscribeLink(SessionDigest(token));
    out = link ? ParseEmailTopic(link->topic) : std::nullopt;
  });
  return out;
}

std::optional<EmailTopic> Unsubscribe(Store& store, const std::string& token, base::TimeMs now) {
  std::optional<EmailTopic> out;
  store.WithManagement([&](ManagementTx& tx) {
    out.reset();
    auto link = tx.FindUnsubscribeLink(SessionDigest(token));
    if (!link) return;
    auto topic = ParseEmailTopic(link->topic);
    if (!topic || InfoOf(*topic).security) return;
    auto before = tx.EmailChoices(link->user_id);
    tx.SetEmailChoice(link->user_id, link->topic, "off", now);
    out = topic;
    auto after = tx.EmailChoices(link->user_id);
    if (after == before) return;
    // The person acts through the link in their own message.
    tx.Audit(NewAuditEntry(link->tenant_id, Actor::OnBehalfOf(link->user_id),
                           "user.email_unsubscribe", link->user_id,
                           boost::json::serialize(ChoicesJson(before)),
                           boost::json::serialize(ChoicesJson(after)), now));
  });
  return out;
}

}  // namespace payd::domain
