// The email outbox (domain/email/outbox.h), payers' receipt requests and
// chain alerts' episodes. Claiming is one write
// transaction on either database: the candidates are read in due order, a
// recipient at the hourly limit has its message put off, and the lease is a
// conditional update (a concurrent claimer that took the row first leaves it
// unchanged, so the row goes to exactly one).
#include <algorithm>

#include "domain/email/chain_problem.h"
#include "store/sql/email_rows.h"
#include "store/sql/rows.h"
#include "store/sql/sql_store.h"

namespace payd::store::sql {

namespace {

constexpr base::TimeMs kHourMs = 3'600'000;
constexpr int kCandidates = 20;

constexpr const char* kEmailColumns =
    "id, tenant_id, recipient, template, language, model, security, created_at, attempts";

domain::EmailQueue::EmailJob ReadEmailJob(Query& q) {
  domain::EmailQueue::EmailJob job;
  job.email.id = q.Text(0);
  job.email.tenant_id = q.OptText(1);
  job.email.to = q.Text(2);
  job.email.template_name = q.Text(3);
  job.email.language = q.Text(4);
  job.email.model_json = q.Text(5);
  job.email.security = q.Int(6) != 0;
  job.email.created_at = q.Int(7);
  job.attempts = static_cast<int>(q.Int(8));
  return job;
}

// When `digest`'s recipient may be sent the next message: none when now.
std::optional<base::TimeMs> HeldUntil(Connection& c, const std::string& digest, base::TimeMs now,
                                      int hourly_limit) {
  auto q = c.Prepare(
      "SELECT COUNT(*), MIN(sent_at) FROM email_outbox "
      "WHERE recipient_digest = ? AND sent_at > ? AND security = 0");
  q.Bind(1, digest).Bind(2, now - kHourMs);
  if (!q.Step() || q.Int(0) < hourly_limit) return std::nullopt;
  return q.Int(1) + kHourMs;
}

}  // namespace

void SqlStore::InsertEmailRow(Connection& c, const domain::QueuedEmail& e) {
  c.Prepare(
       "INSERT INTO email_outbox (id, tenant_id, recipient, recipient_digest, template, language, "
       "model, security, status, attempts, next_attempt_at, created_at) "
       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'PENDING', 0, ?, ?)")
      .Bind(1, e.id)
      .Bind(2, e.tenant_id)
      .Bind(3, e.to)
      .Bind(4, domain::RecipientDigest(e.to))
      .Bind(5, e.template_name)
      .Bind(6, e.language)
      .Bind(7, e.model_json)
      .Bind(8, e.security)
      .Bind(9, e.created_at)
      .Bind(10, e.created_at)
      .Run();
  c.queued_deliveries = true;  // wakes the senders (OnDeliveriesQueued)
}

void SqlStore::QueueEmail(const domain::QueuedEmail& email) {
  Write([&](Connection& c) { InsertEmailRow(c, email); });
}

std::optional<domain::EmailQueue::EmailJob> SqlStore::ClaimDueEmail(base::TimeMs now,
                                                                    base::TimeMs lease_ms,
                                                                    int hourly_limit) {
  return Write([&](Connection& c) -> std::optional<EmailJob> {
    struct Candidate {
      std::string id, digest;
      bool security = false;
    };
    std::vector<Candidate> due;
    {
      auto q = c.Prepare(
          "SELECT id, recipient_digest, security FROM email_outbox "
          "WHERE status IN ('PENDING', 'RETRYING') AND next_attempt_at <= ?1 "
          "AND (locked_until IS NULL OR locked_until <= ?1) "
          "ORDER BY security DESC, next_attempt_at, id LIMIT ?2");
      q.Bind(1, now).Bind(2, kCandidates);
      while (q.Step()) due.push_back({q.Text(0), q.Text(1), q.Int(2) != 0});
    }
    for (const auto& [id, digest, security] : due) {
      if (!security) {
        if (auto held = HeldUntil(c, digest, now, hourly_limit)) {
          c.Prepare("UPDATE email_outbox SET next_attempt_at = ? WHERE id = ?")
              .Bind(1, *held)
              .Bind(2, id)
              .Run();
          continue;
        }
      }
      auto q = c.Prepare(
          "UPDATE email_outbox SET locked_until = ?1 WHERE id = ?2 "
          "AND (locked_until IS NULL OR locked_until <= ?3) "
          "AND status IN ('PENDING', 'RETRYING') RETURNING " +
          std::string(kEmailColumns));
      q.Bind(1, now + lease_ms).Bind(2, id).Bind(3, now);
      if (!q.Step()) continue;
      auto job = ReadEmailJob(q);
      q.Run();
      return job;
    }
    return std::nullopt;
  });
}

std::optional<base::TimeMs> SqlStore::NextEmailDue() {
  return Read([&](Connection& c) -> std::optional<base::TimeMs> {
    auto q = c.Prepare(
        "SELECT MIN(CASE WHEN locked_until > next_attempt_at THEN locked_until "
        "ELSE next_attempt_at END) FROM email_outbox WHERE status IN ('PENDING', 'RETRYING')");
    if (!q.Step() || q.IsNull(0)) return std::nullopt;
    return q.Int(0);
  });
}

void SqlStore::RecordEmailAttempt(const std::string& id, const EmailAttempt& a, base::TimeMs now) {
  bool ended = a.status == domain::EmailStatus::kSent || a.status == domain::EmailStatus::kFailed;
  Write([&](Connection& c) {
    c.Prepare(
         "UPDATE email_outbox SET status = ?, attempts = attempts + 1, last_error = ?, "
         "next_attempt_at = COALESCE(?, next_attempt_at), locked_until = NULL, message_id = ?, "
         "sent_at = ?, recipient = CASE WHEN ? = 1 THEN NULL ELSE recipient END, "
         "model = CASE WHEN ? = 1 THEN NULL ELSE model END WHERE id = ?")
        .Bind(1, std::string(domain::EmailStatusName(a.status)))
        .Bind(2, a.error)
        .Bind(3, a.next_attempt_at)
        .Bind(4, a.message_id)
        .Bind(5, a.status == domain::EmailStatus::kSent ? std::optional<base::TimeMs>(now)
                                                        : std::nullopt)
        .Bind(6, ended)
        .Bind(7, ended)
        .Bind(8, id)
        .Run();
  });
}

std::vector<domain::EmailRecord> SqlStore::RecentEmails(const std::string& tenant_id, int limit) {
  return Read([&](Connection& c) {
    auto q = c.Prepare(
        "SELECT id, template, recipient, status, attempts, last_error, created_at, "
        "next_attempt_at, sent_at FROM email_outbox WHERE tenant_id = ? "
        "ORDER BY created_at DESC, id DESC LIMIT ?");
    q.Bind(1, tenant_id).Bind(2, limit);
    std::vector<domain::EmailRecord> out;
    while (q.Step()) {
      out.push_back({q.Text(0), q.Text(1), q.OptText(2), domain::ParseEmailStatus(q.Text(3)),
                     static_cast<int>(q.Int(4)), q.OptText(5), q.Int(6), q.Int(7), q.OptInt(8)});
    }
    return out;
  });
}

domain::EmailQueue::ReceiptRequest SqlStore::RequestReceipt(const std::string& intent_id,
                                                            const std::string& email,
                                                            const std::string& language,
                                                            base::TimeMs now) {
  return Write([&](Connection& c) {
    auto intent = IntentById(c, intent_id);
    if (!intent) return ReceiptRequest::kNoIntent;
    if (!c.mailing) return ReceiptRequest::kOff;
    if (intent->status == domain::IntentStatus::kPaid) {
      QueueReceipt(c, *intent, email, language);
      return ReceiptRequest::kQueued;
    }
    c.Prepare(
         "INSERT INTO receipt_requests (intent_id, email, language, created_at) "
         "VALUES (?, ?, ?, ?) ON CONFLICT (intent_id) DO UPDATE SET email = excluded.email, "
         "language = excluded.language, created_at = excluded.created_at")
        .Bind(1, intent_id)
        .Bind(2, email)
        .Bind(3, language)
        .Bind(4, now)
        .Run();
    return ReceiptRequest::kWaiting;
  });
}

void SqlStore::OpenChainAlert(std::int64_t chain_id, const std::string& chain_name,
                              const std::string& problem, base::TimeMs now) {
  Write([&](Connection& c) {
    c.Prepare(
         "INSERT INTO chain_alerts (chain_id, problem, started_at) VALUES (?, ?, ?) "
         "ON CONFLICT (chain_id) DO NOTHING")
        .Bind(1, chain_id)
        .Bind(2, problem)
        .Bind(3, now)
        .Run();
    if (c.Changes() == 0) return;  // told already in this episode
    std::vector<std::string> tenants;
    {
      auto q = c.Prepare("SELECT DISTINCT tenant_id, allow_chains FROM integrations");
      while (q.Step()) {
        auto chains = IntsFromJson(q.Text(1));
        if (std::find(chains.begin(), chains.end(), chain_id) != chains.end()) {
          if (std::find(tenants.begin(), tenants.end(), q.Text(0)) == tenants.end())
            tenants.push_back(q.Text(0));
        }
      }
    }
    for (const auto& tenant_id : tenants) {
      QueueTopicEmails(
          c, tenant_id, domain::EmailTopic::kChainProblem, now,
          [&](const domain::User& person, const std::string& account, const std::string& token) {
            return std::optional(domain::ChainProblemEmail(person, account, chain_name, problem,
                                                           *c.mailing, token, now));
          });
    }
  });
}

void SqlStore::CloseChainAlert(std::int64_t chain_id) {
  Write([&](Connection& c) {
    c.Prepare("DELETE FROM chain_alerts WHERE chain_id = ?").Bind(1, chain_id).Run();
  });
}

bool SqlStore::ReceiptRequested(const std::string& intent_id) {
  return Read([&](Connection& c) {
    auto q = c.Prepare("SELECT 1 FROM receipt_requests WHERE intent_id = ?");
    q.Bind(1, intent_id);
    return q.Step();
  });
}

}  // namespace payd::store::sql
