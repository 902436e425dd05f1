#include "store/sql/email_rows.h"

#include <boost/json/parse.hpp>

#include "domain/email/address.h"
#include "domain/email/messages.h"
#include "domain/people/session.h"
#include "store/sql/rows.h"
#include "store/sql/sql_store.h"
#include "store/sql/user_rows.h"

namespace payd::store::sql {

namespace {

constexpr base::TimeMs kDayMs = 86'400'000;

}  // namespace

std::string TenantName(Connection& c, const std::string& tenant_id) {
  auto tenant = TenantById(c, tenant_id);
  return tenant ? tenant->name : std::string();
}

std::string NewUnsubscribeToken(Connection& c, const domain::User& person, std::string_view topic,
                                base::TimeMs now) {
  std::string token = domain::NewToken();
  c.Prepare(
       "INSERT INTO email_unsubscribe_links (digest, tenant_id, user_id, topic, created_at) "
       "VALUES (?, ?, ?, ?, ?)")
      .Bind(1, domain::SessionDigest(token))
      .Bind(2, person.tenant_id)
      .Bind(3, person.id)
      .Bind(4, topic)
      .Bind(5, now)
      .Run();
  return token;
}

void QueueReceipt(Connection& c, const domain::PaymentIntent& i, const std::string& to,
                  const std::string& language) {
  auto q = c.Prepare("SELECT name FROM integrations WHERE id = ?");
  q.Bind(1, i.integration_id);
  std::string merchant = q.Step() ? q.Text(0) : std::string();
  base::TimeMs now = i.confirmed_at.value_or(i.created_at);
  SqlStore::InsertEmailRow(c, domain::ReceiptEmail(i, merchant, *c.mailing, to, language, now));
}

// The receipt the payer of the intent `e` confirmed asked for, if any: queued, and the
// address deleted.
void QueueAskedReceipt(Connection& c, const domain::Event& e) {
  std::string intent_id;
  {
    boost::system::error_code ec;
    auto data = boost::json::parse(e.data_json, ec);
    const auto* id = !ec && data.is_object() ? data.as_object().if_contains("id") : nullptr;
    if (!id || !id->is_string()) return;
    intent_id = std::string(id->as_string());
  }
  std::string to, language;
  {
    auto q = c.Prepare("SELECT email, language FROM receipt_requests WHERE intent_id = ?");
    q.Bind(1, intent_id);
    if (!q.Step()) return;
    to = q.Text(0);
    language = q.Text(1);
  }
  auto intent = IntentById(c, intent_id);
  if (!intent || intent->status != domain::IntentStatus::kPaid) return;
  QueueReceipt(c, *intent, to, language);
  c.Prepare("DELETE FROM receipt_requests WHERE intent_id = ?").Bind(1, intent_id).Run();
}

void QueueTopicEmails(Connection& c, const std::string& tenant_id, domain::EmailTopic topic,
                      base::TimeMs now, const TopicMessage& message) {
  if (!c.mailing) return;
  const auto& info = domain::InfoOf(topic);
  std::string account;
  for (const auto& person : UsersOfTenant(c, tenant_id)) {
    std::optional<std::string> chosen;
    if (!info.security) {
      auto choices = EmailChoicesOf(c, person.id);
      if (auto it = choices.find(std::string(info.name)); it != choices.end()) chosen = it->second;
    }
    if (!domain::Receives(person, topic, chosen) || !domain::IsMailAddress(person.email)) continue;
    if (account.empty()) account = TenantName(c, tenant_id);
    std::string token =
        info.security ? std::string() : NewUnsubscribeToken(c, person, info.name, now);
    if (auto email = message(person, account, token)) SqlStore::InsertEmailRow(c, *email);
  }
}

void QueueEventEmails(Connection& c, const domain::Event& e) {
  if (!c.mailing) return;
  if (e.type == domain::event_type::kPaymentConfirmed) QueueAskedReceipt(c, e);
  auto topic = domain::EmailTopicOf(e);
  if (!topic) return;
  QueueTopicEmails(
      c, e.tenant_id, *topic, e.created_at,
      [&](const domain::User& person, const std::string& account, const std::string& token) {
        return domain::EventEmail(e, *topic, person, account, *c.mailing, token, e.created_at);
      });
}

std::map<std::string, std::string> EmailChoicesOf(Connection& c, const std::string& user_id) {
  auto q = c.Prepare("SELECT topic, choice FROM email_choices WHERE user_id = ?");
  q.Bind(1, user_id);
  std::map<std::string, std::string> out;
  while (q.Step()) out[q.Text(0)] = q.Text(1);
  return out;
}

void SaveEmailChoice(Connection& c, const std::string& user_id, std::string_view topic,
                     std::string_view choice, base::TimeMs now) {
  // A daily summary chosen now starts now; one kept goes on where it was.
  std::optional<base::TimeMs> summarized_until;
  if (choice == domain::kEmailDaily) summarized_until = now;
  c.Prepare(
       "INSERT INTO email_choices (user_id, topic, choice, updated_at, summarized_until) "
       "VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id, topic) DO UPDATE SET "
       "summarized_until = CASE WHEN email_choices.choice = excluded.choice "
       "THEN email_choices.summarized_until ELSE excluded.summarized_until END, "
       "choice = excluded.choice, updated_at = excluded.updated_at")
      .Bind(1, user_id)
      .Bind(2, topic)
      .Bind(3, choice)
      .Bind(4, now)
      .Bind(5, summarized_until)
      .Run();
}

std::optional<UnsubscribeLinkRow> UnsubscribeLinkByDigest(Connection& c,
                                                          const std::string& digest) {
  auto q =
      c.Prepare("SELECT tenant_id, user_id, topic FROM email_unsubscribe_links WHERE digest = ?");
  q.Bind(1, digest);
  if (!q.Step()) return std::nullopt;
  return UnsubscribeLinkRow{q.Text(0), q.Text(1), q.Text(2)};
}

void PurgeEmailRows(Connection& c, base::TimeMs now) {
  c.Prepare("DELETE FROM email_unsubscribe_links WHERE created_at <= ?")
      .Bind(1, now - 365 * kDayMs)
      .Run();
  c.Prepare("DELETE FROM receipt_requests WHERE created_at <= ?").Bind(1, now - 7 * kDayMs).Run();
  c.Prepare("DELETE FROM email_outbox WHERE status IN ('SENT', 'FAILED') AND created_at <= ?")
      .Bind(1, now - 90 * kDayMs)
      .Run();
}

}  // namespace payd::store::sql
