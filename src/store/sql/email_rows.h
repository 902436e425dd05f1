// The email tables as the other writes use them: the messages an event
// queues to the tenant's people (in the event's transaction, like its
// webhook deliveries), each person's choices, and the unsubscribe links.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>

#include "domain/email/outbox.h"
#include "domain/email/topics.h"
#include "domain/intents/payment_intent.h"
#include "domain/webhooks/event.h"
#include "store/sql/sql.h"

namespace payd::store::sql {

// Queues a message about `topic` to each person of the tenant who receives
// it (domain::Receives), when `c.mailing` is set: `message` makes it for a
// person, given the account's name and the one-click unsubscribe token
// (empty for a security topic).
using TopicMessage = std::function<std::optional<domain::QueuedEmail>(
    const domain::User& person, const std::string& account, const std::string& token)>;
void QueueTopicEmails(Connection& c, const std::string& tenant_id, domain::EmailTopic topic,
                      base::TimeMs now, const TopicMessage& message);

// A new one-click unsubscribe link for `person` and `topic`: its token (the
// digest is stored).
std::string NewUnsubscribeToken(Connection& c, const domain::User& person, std::string_view topic,
                                base::TimeMs now);

// The account's name, as its people's messages give it.
std::string TenantName(Connection& c, const std::string& tenant_id);

// Queues the messages `event` causes when `c.mailing` is set (payd sends
// email): to each person of the tenant who receives its topic
// (domain::Receives), with a one-click unsubscribe link where it can be
// turned off. Nothing otherwise.
void QueueEventEmails(Connection& c, const domain::Event& event);

// The topics the person chose ("on" or "off"), by topic name.
std::map<std::string, std::string> EmailChoicesOf(Connection& c, const std::string& user_id);
void SaveEmailChoice(Connection& c, const std::string& user_id, std::string_view topic,
                     std::string_view choice, base::TimeMs now);

struct UnsubscribeLinkRow {
  std::string tenant_id;
  std::string user_id;
  std::string topic;
};
std::optional<UnsubscribeLinkRow> UnsubscribeLinkByDigest(Connection& c, const std::string& digest);

// Queues the receipt of the paid intent `i` to `to` (ReceiptEmail).
void QueueReceipt(Connection& c, const domain::PaymentIntent& i, const std::string& to,
                  const std::string& language);

// Forgets unsubscribe links a year old, receipt requests a week old (their
// intent never paid) and ended messages 90 days old.
void PurgeEmailRows(Connection& c, base::TimeMs now);

}  // namespace payd::store::sql
