// Sends the email outbox (domain/email/outbox.h): one worker thread claims
// the most overdue message under a lease, renders it (email_renderer.h),
// sends it (smtp_client.h) and records the attempt. A refusal for good
// (authentication, a recipient the server will not take) fails the message
// at once; anything else is tried again by the retry schedule, then fails.
// Everything lives in the store, so a message survives restarts and
// crashes; a process that dies mid-send leaves a lease that runs out, and
// the message goes again (at least once). One thread is enough: a server
// answers in well under a second, and messages to one person are limited
// to a few an hour anyway.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "domain/email/outbox.h"
#include "email/email_renderer.h"
#include "email/smtp_client.h"

namespace payd::email {

struct OutboxSenderOptions {
  SmtpSettings smtp;
  std::vector<int> retry_schedule_s = domain::DefaultEmailRetrySchedule();
  int hourly_limit = 10;  // messages to one recipient in an hour (security ones aside)
  std::chrono::milliseconds idle_poll{5000};  // catches messages queued by other processes
};

class OutboxSender {
 public:
  OutboxSender(domain::EmailQueue& queue, const EmailRenderer& renderer,
               OutboxSenderOptions options);
  ~OutboxSender();
  OutboxSender(const OutboxSender&) = delete;
  OutboxSender& operator=(const OutboxSender&) = delete;

  void Start();
  // Lets a message under way finish (up to the time-out), then joins.
  void Stop();
  // Something was queued: look now rather than at the next poll.
  void Wake();

 private:
  void Work();
  void Send(const domain::EmailQueue::EmailJob& job);

  domain::EmailQueue& queue_;
  const EmailRenderer& renderer_;
  OutboxSenderOptions options_;
  std::thread worker_;
  std::mutex mu_;
  std::condition_variable wake_;
  bool stopping_ = false;
  bool woken_ = false;
};

}  // namespace payd::email
