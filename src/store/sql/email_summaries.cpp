// The daily summaries of payments received (domain/email/daily_summary.h,
// EmailQueue::QueueDailySummaries). Each person's summary is its own write
// transaction: the period is claimed by a conditional update of where their
// next one starts (a process that claimed it first leaves it unchanged, so
// of two processes asking at once exactly one queues it), then their
// tenant's intents paid in it are read and the message queued.
#include <utility>
#include <vector>

#include "domain/email/address.h"
#include "domain/email/daily_summary.h"
#include "store/sql/email_rows.h"
#include "store/sql/rows.h"
#include "store/sql/sql_store.h"
#include "store/sql/user_rows.h"

namespace payd::store::sql {

namespace {

struct DueSummary {
  std::string user_id;
  std::string tenant_id;
  std::optional<base::TimeMs> next;  // where the person's next summary starts
};

std::vector<domain::PaymentIntent> PaidBetween(Connection& c, const std::string& tenant_id,
                                               base::TimeMs from, base::TimeMs until) {
  static const std::string sql = "SELECT " + std::string(kIntentColumns) +
                                 " FROM payment_intents WHERE tenant_id = ? AND status = 'PAID' "
                                 "AND confirmed_at >= ? AND confirmed_at < ? "
                                 "ORDER BY confirmed_at, id";
  auto q = c.Prepare(sql);
  q.Bind(1, tenant_id).Bind(2, from).Bind(3, until);
  std::vector<domain::PaymentIntent> out;
  while (q.Step()) out.push_back(ReadIntent(q));
  return out;
}

}  // namespace

int SqlStore::QueueDailySummaries(base::TimeMs now) {
  const base::TimeMs until = domain::SummaryPeriodEnd(now);
  const std::string topic(domain::InfoOf(domain::EmailTopic::kPaymentReceived).name);
  auto due = Read([&](Connection& c) {
    auto q = c.Prepare(
        "SELECT e.user_id, u.tenant_id, e.summarized_until FROM email_choices e "
        "JOIN users u ON u.id = e.user_id WHERE e.topic = ? AND e.choice = ? AND "
        "(e.summarized_until IS NULL OR e.summarized_until < ?) ORDER BY e.user_id");
    q.Bind(1, topic).Bind(2, domain::kEmailDaily).Bind(3, until);
    std::vector<DueSummary> out;
    while (q.Step()) out.push_back({q.Text(0), q.Text(1), q.OptInt(2)});
    return out;
  });
  int queued = 0;
  for (const auto& d : due) {
    bool sent = false;  // set in the transaction, which may run again
    Write([&](Connection& c) {
      sent = false;
      if (!c.mailing) return;
      c.Prepare(
           "UPDATE email_choices SET summarized_until = ? WHERE user_id = ? AND topic = ? AND "
           "choice = ? AND (summarized_until IS NULL OR summarized_until < ?)")
          .Bind(1, until)
          .Bind(2, d.user_id)
          .Bind(3, topic)
          .Bind(4, domain::kEmailDaily)
          .Bind(5, until)
          .Run();
      if (c.Changes() == 0) return;  // another process took it, or the choice changed
      auto person = UserById(c, d.tenant_id, d.user_id);
      if (!person || person->disabled_at || !domain::IsMailAddress(person->email)) return;
      base::TimeMs from = domain::SummaryPeriodStart(d.next, until);
      auto paid = PaidBetween(c, d.tenant_id, from, until);
      if (paid.empty()) return;
      auto tenant = TenantById(c, d.tenant_id);
      auto reporting = domain::FindCurrency(tenant ? tenant->reporting_currency : "USD");
      if (!reporting) reporting = domain::FindCurrency("USD");
      std::string token = NewUnsubscribeToken(c, *person, topic, now);
      auto email = domain::DailySummaryEmail(*person, tenant ? tenant->name : std::string(),
                                             *c.mailing, token, from, until, paid, *reporting, now);
      if (!email) return;
      InsertEmailRow(c, *email);
      sent = true;
    });
    queued += sent ? 1 : 0;
  }
  return queued;
}

}  // namespace payd::store::sql
