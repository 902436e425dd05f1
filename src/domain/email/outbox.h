// The email outbox (DECISIONS §18): what payd has to send by email, kept in
// the store like webhook deliveries so that nothing is lost to a restart or a
// crash. A message is queued in the transaction of what causes it
// (ManagementTx::QueueEmail, or EmailQueue::QueueEmail alone) as the template
// it is rendered from, the language and the model; email/outbox_sender.h
// claims what is due, renders it (email/email_renderer.h), sends it and
// records the attempt. Delivery is at least once.
//
// Once a message is sent or has failed for good its recipient and model are
// forgotten (a payer's address is kept only as long as the receipt needs it;
// a sign-in link no longer sits in the database); a digest of the address
// stays for the per-recipient limit.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/time.h"

namespace payd::domain {

enum class EmailStatus { kPending, kRetrying, kSent, kFailed };
std::string_view EmailStatusName(EmailStatus status);  // "PENDING", ...
EmailStatus ParseEmailStatus(std::string_view name);   // kFailed for anything unknown

struct QueuedEmail {
  std::string id;                        // "em_..."
  std::optional<std::string> tenant_id;  // none for the operator's own (a test)
  std::string to;                        // IsMailAddress
  std::string template_name;             // web/templates/email/<name>.mustache
  std::string language;                  // a catalog's code
  std::string model_json;                // what the template fills in
  // Cannot be turned off and carries no List-Unsubscribe (a sign-in link, a
  // new sign-in, a payout address changed); exempt from the hourly limit.
  bool security = false;
  base::TimeMs created_at = 0;
};

// A new message to `to`, due at once.
QueuedEmail NewQueuedEmail(std::optional<std::string> tenant_id, std::string to,
                           std::string template_name, std::string language, std::string model_json,
                           bool security, base::TimeMs now);

// The digest the outbox keeps of an address: SHA-256 of its lowercase form, hex.
std::string RecipientDigest(std::string_view address);

// What a merchant sees of a message in the outbox (never its recipient's
// full address once it is gone, nor its model).
struct EmailRecord {
  std::string id;
  std::string template_name;
  std::optional<std::string> to;  // while it is still to be sent
  EmailStatus status = EmailStatus::kPending;
  int attempts = 0;
  std::optional<std::string> last_error;
  base::TimeMs created_at = 0;
  base::TimeMs next_attempt_at = 0;
  std::optional<base::TimeMs> sent_at;
};

// When to try again after `attempts` failed ones, by `schedule_s` (seconds
// after each failure); none when the schedule is spent: the message fails.
std::optional<base::TimeMs> NextEmailAttemptAt(int attempts, base::TimeMs now,
                                               const std::vector<int>& schedule_s);

// The default schedule: a minute, five, half an hour, two hours, six, a day.
const std::vector<int>& DefaultEmailRetrySchedule();

class EmailQueue {
 public:
  virtual ~EmailQueue() = default;

  // Queues `email` in a transaction of its own.
  virtual void QueueEmail(const QueuedEmail& email) = 0;

  struct EmailJob {
    QueuedEmail email;
    int attempts = 0;  // made before this one
  };
  // Leases the most overdue message for `lease_ms` (security messages
  // first). A message to a recipient who was sent `hourly_limit` messages in
  // the hour before `now` is put off until the oldest of them is an hour
  // old (security messages are never put off), so a flood of payments
  // cannot flood an inbox; nothing is dropped.
  virtual std::optional<EmailJob> ClaimDueEmail(base::TimeMs now, base::TimeMs lease_ms,
                                                int hourly_limit) = 0;
  // When the earliest open message is due (a leased one: when its lease ends).
  virtual std::optional<base::TimeMs> NextEmailDue() = 0;

  struct EmailAttempt {
    EmailStatus status = EmailStatus::kRetrying;
    std::optional<std::string> error;
    std::optional<base::TimeMs> next_attempt_at;  // kRetrying
    std::optional<std::string> message_id;        // kSent
  };
  // Records an attempt; a sent or failed message forgets its recipient and model.
  virtual void RecordEmailAttempt(const std::string& id, const EmailAttempt& attempt,
                                  base::TimeMs now) = 0;

  // The tenant's messages, newest first (the dashboard's email settings).
  virtual std::vector<EmailRecord> RecentEmails(const std::string& tenant_id, int limit) = 0;

  // A payer's "email me a receipt" for the intent `intent_id` (an address
  // IsMailAddress accepted): kept until the intent is paid, when the
  // receipt is queued and the address deleted in that same transaction; an
  // intent paid already has its receipt queued now. Needs payd to send
  // email (Store::SetMailing), else kOff.
  enum class ReceiptRequest { kNoIntent, kOff, kWaiting, kQueued };
  virtual ReceiptRequest RequestReceipt(const std::string& intent_id, const std::string& email,
                                        const std::string& language, base::TimeMs now) = 0;
  // Whether a receipt of the intent waits for its payment.
  virtual bool ReceiptRequested(const std::string& intent_id) = 0;
  // The daily summaries due at `now` (domain/email/daily_summary.h): to each
  // person who chose one and whose next one starts before the latest
  // midnight UTC, the summary of their tenant's intents paid in its period
  // (none if nothing was), queued in one transaction with the period marked
  // done, so that of two processes asking at once one queues it. Needs
  // payd to send email (Store::SetMailing). How many were queued.
  virtual int QueueDailySummaries(base::TimeMs now) = 0;
};

}  // namespace payd::domain
