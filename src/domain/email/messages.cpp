#include "domain/email/messages.h"

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "base/strings.h"
#include "domain/money/amount.h"

namespace payd::domain {

QueuedEmail TestEmail(std::optional<std::string> tenant_id, const std::string& to,
                      const std::string& account, const std::string& asker, base::TimeMs now) {
  boost::json::object model{{"account", account}, {"asker", asker}, {"askedAt", now}};
  return NewQueuedEmail(std::move(tenant_id), to, "test", std::string(kPeopleLanguage),
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
                        LanguageOf(user), boost::json::serialize(model), true, now);
}

}  // namespace payd::domain

namespace payd::domain {

namespace {

std::string Field(const boost::json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  if (!v) return {};
  if (v->is_string()) return std::string(v->as_string());
  if (v->is_int64()) return std::to_string(v->as_int64());
  return {};
}

// `a - b` in token units written as decimals, for a shortfall or an excess.
std::string Difference(const boost::json::object& o, std::string_view a, std::string_view b) {
  auto x = ParseUnits(Field(o, a));
  auto y = ParseUnits(Field(o, b));
  const auto* decimals = o.if_contains("decimals");
  if (!x || !y || !decimals || !decimals->is_int64()) return {};
  Uint256 diff = *x >= *y ? *x - *y : *y - *x;
  return UnitsToDecimal(diff, static_cast<unsigned>(decimals->as_int64()));
}

// An intent's event: what was paid, and for a decision, what was irregular.
void IntentModel(const boost::json::object& data, EmailTopic topic, const Event& event,
                 boost::json::object& model, const std::string& base) {
  std::string id = Field(data, "id");
  model["intentId"] = id;
  model["amount"] = Field(data, "amountFormatted");
  model["currency"] = Field(data, "currency");
  model["chain"] = Field(data, "chain");
  model["txHash"] = Field(data, "txHash");
  model["url"] = base + "/dashboard/payments/" + id;
  if (topic == EmailTopic::kPaymentReceived) return;
  std::string exception = base::AsciiLower(Field(data, "exception"));  // "UNDERPAID" -> "underpaid"
  if (event.type == event_type::kPaymentReversed) exception = "reversed";
  if (exception == "underpaid" || exception == "overpaid") {
    if (const auto* d = data.if_contains("decimals"); d && d->is_int64()) {
      auto received = ParseUnits(Field(data, "amountReceived"));
      if (received) {
        model["received"] = UnitsToDecimal(*received, static_cast<unsigned>(d->as_int64()));
      }
    }
    model["difference"] = Difference(data, "amount", "amountReceived");
  }
  model["reasonKey"] = "needs_decision_" + (exception.empty() ? std::string("other") : exception);
}

}  // namespace

QueuedEmail NewSignInEmail(const User& person, const std::string& account,
                           const std::string& client, const Mailing& mailing, base::TimeMs now) {
  boost::json::object model{{"account", account},
                            {"email", person.email},
                            {"client", client},
                            {"signedInAt", now},
                            {"url", mailing.public_url + "/dashboard"}};
  return NewQueuedEmail(person.tenant_id, person.email, "new_sign_in", LanguageOf(person),
                        boost::json::serialize(model), true, now);
}

QueuedEmail WebhookDisabledEmail(const User& person, const std::string& account,
                                 const std::string& url, const std::string& reason,
                                 const Mailing& mailing, const std::string& unsubscribe_token,
                                 base::TimeMs now) {
  boost::json::object model = OptionalMessageModel(account, mailing, unsubscribe_token);
  model["endpoint"] = url;
  model["why"] = reason;  // "reason" is the notice partial's own line
  model["url"] = mailing.public_url + "/dashboard/webhooks";
  return NewQueuedEmail(person.tenant_id, person.email, "webhook_failing", LanguageOf(person),
                        boost::json::serialize(model), false, now);
}

QueuedEmail ReceiptEmail(const PaymentIntent& i, const std::string& merchant,
                         const Mailing& mailing, const std::string& to, const std::string& language,
                         base::TimeMs now) {
  std::string chain = mailing.ChainName(i.chain_id);
  std::string explorer;
  if (mailing.catalog) {
    const auto* info = mailing.catalog->FindChain(i.chain_id);
    if (info && info->explorer_url && i.tx_hash)
      explorer = *info->explorer_url + "/tx/" + *i.tx_hash;
  }
  boost::json::object model{
      {"account", merchant},
      {"merchant", merchant},
      {"amount", UnitsToDecimal(i.amount, i.decimals)},
      {"paid", UnitsToDecimal(i.received, i.decimals)},
      {"currency", i.token_symbol},
      {"chain", chain},
      {"txHash", i.tx_hash.value_or("")},
      {"explorerUrl", explorer},
      {"url", mailing.public_url + "/pay/" + i.id + "?lang=" + language},
      {"paidAt", i.confirmed_at.value_or(now)},
  };
  if (i.price) model["price"] = i.price->amount + " " + i.price->currency;
  return NewQueuedEmail(i.tenant_id, to, "receipt", language, boost::json::serialize(model), false,
                        now);
}

boost::json::object OptionalMessageModel(const std::string& account, const Mailing& mailing,
                                         const std::string& unsubscribe_token) {
  boost::json::object model{
      {"account", account},
      {"preferencesUrl", mailing.public_url + "/dashboard/settings/notifications"}};
  if (!unsubscribe_token.empty()) {
    model["unsubscribeUrl"] = mailing.public_url + UnsubscribePath(unsubscribe_token);
  }
  return model;
}

std::string UnsubscribePath(const std::string& token) {
  return "/dashboard/unsubscribe?token=" + token;
}

std::optional<QueuedEmail> EventEmail(const Event& event, EmailTopic topic, const User& person,
                                      const std::string& account, const Mailing& mailing,
                                      const std::string& unsubscribe_token, base::TimeMs now) {
  boost::system::error_code ec;
  auto parsed = boost::json::parse(event.data_json, ec);
  if (ec || !parsed.is_object()) return std::nullopt;
  const auto& data = parsed.as_object();
  const std::string& base = mailing.public_url;
  boost::json::object model = OptionalMessageModel(account, mailing, unsubscribe_token);
  if (event.type == event_type::kPaymentUnmatched) {
    model["amount"] = Field(data, "amountFormatted");
    model["currency"] = Field(data, "token");
    model["chain"] = Field(data, "chain");
    model["txHash"] = Field(data, "txHash");
    model["reasonKey"] = "needs_decision_unmatched";
    model["url"] = base + "/dashboard/payments#unmatched";
  } else if (topic == EmailTopic::kPaymentReceived || topic == EmailTopic::kNeedsDecision) {
    IntentModel(data, topic, event, model, base);
  } else if (topic == EmailTopic::kRefundConfirmed) {
    model["refundId"] = Field(data, "id");
    model["amount"] = Field(data, "amountFormatted");
    model["currency"] = Field(data, "token");
    model["to"] = Field(data, "to");
    model["txHash"] = Field(data, "txHash");
    model["url"] = base + "/dashboard/refunds/" + Field(data, "id");
  } else if (topic == EmailTopic::kPayoutChanged) {
    model["integration"] = Field(data, "name");
    model["previousAddress"] = Field(data, "previousPayoutAddress");
    model["newAddress"] = Field(data, "newPayoutAddress");
    if (auto at = base::ParseRfc3339(Field(data, "effectiveAt"))) model["effectiveAt"] = *at;
    model["reasonKey"] = "payout_changed_" + base::AsciiLower(Field(data, "status"));
    model["url"] = base + "/dashboard/integrations/" + Field(data, "id");
  }
  return NewQueuedEmail(person.tenant_id, person.email, std::string(InfoOf(topic).name),
                        LanguageOf(person), boost::json::serialize(model), InfoOf(topic).security,
                        now);
}

}  // namespace payd::domain
