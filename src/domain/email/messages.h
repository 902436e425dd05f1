// The messages payd sends, as the domain queues them (domain/email/outbox.h):
// which template, in which language, with which values. Each is built here
// so that every surface that causes one (the dashboard, the CLI, the
// watcher) queues the same message. Times are given as milliseconds under a
// key ending in "At"; the renderer writes them the language's way.
#pragma once

#include <boost/json/object.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "base/time.h"
#include "domain/email/outbox.h"
#include "domain/email/topics.h"
#include "domain/intents/payment_intent.h"
#include "domain/money/chain_catalog.h"
#include "domain/people/sign_in_link.h"
#include "domain/people/user.h"

namespace payd::domain {

// A message to someone who is not a person of an account (a test message's
// address) is in English.
inline constexpr std::string_view kPeopleLanguage = "en";

// The language a person is written to in: the one they chose for the
// dashboard (Settings), else English (a person invited has chosen none yet).
inline std::string LanguageOf(const User& person) {
  return person.language.empty() ? std::string(kPeopleLanguage) : person.language;
}

// Set on a Change when payd sends email (the [email] table is configured):
// where the links in messages point.
struct Mailing {
  std::string public_url;
  // The chains' names and block explorers, for receipts; none: ids only.
  const ChainCatalog* catalog = nullptr;

  // The chain's name as messages give it (its id without a catalog).
  std::string ChainName(std::int64_t chain_id) const {
    return catalog ? catalog->NameOf(chain_id) : std::to_string(chain_id);
  }
};

// A message that checks the settings, asked for by `asker` (a person's name
// or address, or "the operator").
QueuedEmail TestEmail(std::optional<std::string> tenant_id, const std::string& to,
                      const std::string& account, const std::string& asker, base::TimeMs now);

// An invitation (kWelcome) or a new-password link (kReset) for `user`, sent
// by `sender` (who asked for it), with the one-time link's address. A
// security message: it cannot be turned off.
QueuedEmail SignInLinkEmail(const User& user, const std::string& account, const std::string& sender,
                            const IssuedLink& link, const std::string& url, base::TimeMs now);

// The message to `person` about `event` (of `topic`): what happened, in
// figures, and where in the dashboard to see it. `unsubscribe_token` is the
// one-click link's token for a topic that can be turned off (empty for a
// security one). None when the event's data is not what its type promises.
std::optional<QueuedEmail> EventEmail(const Event& event, EmailTopic topic, const User& person,
                                      const std::string& account, const Mailing& mailing,
                                      const std::string& unsubscribe_token, base::TimeMs now);

// A sign-in to `person`'s account from a browser not seen before (security:
// it cannot be turned off), from `client` (the address the request came
// from) at `now`, with what to do if it was not them.
QueuedEmail NewSignInEmail(const User& person, const std::string& account,
                           const std::string& client, const Mailing& mailing, base::TimeMs now);

// To `person`: the webhook endpoint `url` of their account was disabled
// because of `reason` (it answered 410 Gone); its deliveries not yet made failed.
QueuedEmail WebhookDisabledEmail(const User& person, const std::string& account,
                                 const std::string& url, const std::string& reason,
                                 const Mailing& mailing, const std::string& unsubscribe_token,
                                 base::TimeMs now);

// The receipt a payer asked for on the payment page, of the paid intent `i`
// of `merchant` (the integration's name, as the page shows it), in
// `language`: what was asked and paid, the token, the chain, the
// transaction with its explorer link, when, and the receipt page. Nothing to
// unsubscribe from: it is one message, asked for.
QueuedEmail ReceiptEmail(const PaymentIntent& i, const std::string& merchant,
                         const Mailing& mailing, const std::string& to, const std::string& language,
                         base::TimeMs now);

// The start of the model of a message a person can turn off: the account's
// name, where they choose, and (with a token) the one-click unsubscribe link.
boost::json::object OptionalMessageModel(const std::string& account, const Mailing& mailing,
                                         const std::string& unsubscribe_token);

// Where a message's one-click unsubscribe link points (RFC 8058).
std::string UnsubscribePath(const std::string& token);

}  // namespace payd::domain
