#include "email/outbox_sender.h"

#include <exception>

#include "base/log.h"
#include "base/strings.h"
#include "base/time.h"
#include "metrics/metrics.h"

namespace payd::email {

namespace {

// The lease outlasts the longest attempt, so that no other sender takes a
// message still being sent.
base::TimeMs LeaseMs(const SmtpSettings& smtp) {
  return smtp.timeout_ms + 30'000;
}

// Where a message went, for the log: the domain only (an address is personal data).
std::string RecipientDomain(const std::string& to) {
  auto at = to.rfind('@');
  return at == std::string::npos ? std::string() : to.substr(at + 1);
}

}  // namespace

OutboxSender::OutboxSender(domain::EmailQueue& queue, const EmailRenderer& renderer,
                           OutboxSenderOptions options)
    : queue_(queue), renderer_(renderer), options_(std::move(options)) {}

OutboxSender::~OutboxSender() {
  Stop();
}

void OutboxSender::Start() {
  std::lock_guard lock(mu_);
  stopping_ = false;
  if (!worker_.joinable()) worker_ = std::thread([this] { Work(); });
}

void OutboxSender::Stop() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (worker_.joinable()) worker_.join();
}

void OutboxSender::Wake() {
  {
    std::lock_guard lock(mu_);
    woken_ = true;
  }
  wake_.notify_all();
}

void OutboxSender::Work() {
  for (;;) {
    {
      std::lock_guard lock(mu_);
      if (stopping_) return;
      woken_ = false;
    }
    std::optional<domain::EmailQueue::EmailJob> job;
    auto wait = options_.idle_poll;
    try {
      base::TimeMs now = base::NowMs();
      job = queue_.ClaimDueEmail(now, LeaseMs(options_.smtp), options_.hourly_limit);
      if (!job) {
        if (auto due = queue_.NextEmailDue(); due && *due > now) {
          wait = std::min(wait, std::chrono::milliseconds(*due - now));
        }
      }
    } catch (const std::exception& e) {
      base::LogWarn("email sender cannot read the outbox; retrying", {{"error", e.what()}});
    }
    if (job) {
      try {
        Send(*job);
      } catch (const std::exception& e) {
        // Never the end of the process: the lease runs out and the message goes again.
        base::LogError("email attempt failed unexpectedly; it will be retried",
                       {{"emailId", job->email.id}, {"error", e.what()}});
      }
      continue;
    }
    std::unique_lock lock(mu_);
    wake_.wait_for(lock, wait, [&] { return stopping_ || woken_; });
  }
}

void OutboxSender::Send(const domain::EmailQueue::EmailJob& job) {
  const auto& email = job.email;
  domain::EmailQueue::EmailAttempt attempt;
  SendOutcome outcome;
  try {
    outcome = SendMail(options_.smtp, renderer_.Render(email));
  } catch (const std::exception& e) {
    // A message that cannot be rendered never will be: it fails now.
    outcome.permanent = true;
    outcome.error = std::string("the message cannot be written: ") + e.what();
  }
  base::TimeMs now = base::NowMs();
  int attempts = job.attempts + 1;
  if (outcome.sent) {
    attempt.status = domain::EmailStatus::kSent;
    attempt.message_id = outcome.message_id;
  } else if (auto next = outcome.permanent ? std::nullopt
                                           : domain::NextEmailAttemptAt(
                                                 attempts, now, options_.retry_schedule_s)) {
    attempt.status = domain::EmailStatus::kRetrying;
    attempt.next_attempt_at = next;
  } else {
    attempt.status = domain::EmailStatus::kFailed;
  }
  if (!outcome.sent) attempt.error = outcome.error;
  queue_.RecordEmailAttempt(email.id, attempt, now);

  std::string outcome_name = base::AsciiLower(domain::EmailStatusName(attempt.status));
  metrics::EmailAttempt(outcome_name);
  boost::json::object fields{{"emailId", email.id},
                             {"template", email.template_name},
                             {"toDomain", RecipientDomain(email.to)},
                             {"attempt", attempts},
                             {"outcome", outcome_name}};
  if (outcome.smtp_code) fields["smtpCode"] = outcome.smtp_code;
  if (!outcome.sent) fields["error"] = outcome.error;
  if (attempt.next_attempt_at) fields["retryInS"] = (*attempt.next_attempt_at - now) / 1000;
  base::Log(outcome.sent ? base::LogLevel::kInfo : base::LogLevel::kWarn, "email attempt",
            std::move(fields));
}

}  // namespace payd::email
