// The email outbox (domain/email/outbox.h) on both stores: messages come out
// most overdue first, security ones before the rest; a recipient at the
// hourly limit has the next message put off, never dropped, while security
// messages still go; a lease keeps a message from a second sender until it
// runs out; a message that ends forgets its recipient and its model.
#include <gtest/gtest.h>

#include "domain/email/messages.h"
#include "domain/email/outbox.h"
#include "store_fixture.h"

namespace payd {
namespace {

constexpr base::TimeMs kLeaseMs = 60'000;
constexpr base::TimeMs kHourMs = 3'600'000;

class EmailOutboxTest : public testing::StoreTest {
 protected:
  domain::QueuedEmail Queue(const std::string& to, bool security = false) {
    auto email = domain::NewQueuedEmail(tenant_.id, to, "test", "en",
                                        R"({"account":"Shop","asker":"Ana"})", security, now_);
    store_->QueueEmail(email);
    now_ += 1;  // the next one is due later, so "most overdue" is well defined
    return email;
  }
  void Sent(const std::string& id, base::TimeMs at) {
    domain::EmailQueue::EmailAttempt sent;
    sent.status = domain::EmailStatus::kSent;
    sent.message_id = "<m@payd>";
    store_->RecordEmailAttempt(id, sent, at);
  }
  base::TimeMs now_ = 1'800'000'000'000;
};

TEST_P(EmailOutboxTest, MostOverdueFirstAndSecurityBeforeTheRest) {
  auto first = Queue("ana@shop.example");
  auto second = Queue("bob@shop.example");
  auto security = Queue("cy@shop.example", true);
  auto job = store_->ClaimDueEmail(now_, kLeaseMs, 10);
  ASSERT_TRUE(job);
  EXPECT_EQ(job->email.id, security.id);
  EXPECT_TRUE(job->email.security);
  job = store_->ClaimDueEmail(now_, kLeaseMs, 10);
  ASSERT_TRUE(job);
  EXPECT_EQ(job->email.id, first.id);
  EXPECT_EQ(job->email.to, "ana@shop.example");
  EXPECT_EQ(job->email.model_json, R"({"account":"Shop","asker":"Ana"})");
  EXPECT_EQ(job->attempts, 0);
  job = store_->ClaimDueEmail(now_, kLeaseMs, 10);
  ASSERT_TRUE(job);
  EXPECT_EQ(job->email.id, second.id);
  EXPECT_FALSE(store_->ClaimDueEmail(now_, kLeaseMs, 10)) << "every message is leased";
}

TEST_P(EmailOutboxTest, ALeaseThatRunsOutLetsTheMessageGoAgain) {
  auto email = Queue("ana@shop.example");
  ASSERT_TRUE(store_->ClaimDueEmail(now_, kLeaseMs, 10));
  EXPECT_FALSE(store_->ClaimDueEmail(now_ + kLeaseMs - 1, kLeaseMs, 10));
  EXPECT_EQ(store_->NextEmailDue(), now_ + kLeaseMs);
  auto again = store_->ClaimDueEmail(now_ + kLeaseMs, kLeaseMs, 10);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->email.id, email.id);
}

TEST_P(EmailOutboxTest, ARetryIsDueWhenTheScheduleSays) {
  auto email = Queue("ana@shop.example");
  ASSERT_TRUE(store_->ClaimDueEmail(now_, kLeaseMs, 10));
  domain::EmailQueue::EmailAttempt retry;
  retry.status = domain::EmailStatus::kRetrying;
  retry.error = "451 try later";
  retry.next_attempt_at = now_ + 60'000;
  store_->RecordEmailAttempt(email.id, retry, now_);
  EXPECT_FALSE(store_->ClaimDueEmail(now_ + 59'999, kLeaseMs, 10));
  EXPECT_EQ(store_->NextEmailDue(), now_ + 60'000);
  auto job = store_->ClaimDueEmail(now_ + 60'000, kLeaseMs, 10);
  ASSERT_TRUE(job);
  EXPECT_EQ(job->attempts, 1);
  auto records = store_->RecentEmails(tenant_.id, 10);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].status, domain::EmailStatus::kRetrying);
  EXPECT_EQ(records[0].last_error, "451 try later");
}

TEST_P(EmailOutboxTest, AnEndedMessageForgetsItsRecipientAndModel) {
  auto sent = Queue("payer@mail.example");
  auto failed = Queue("gone@mail.example");
  ASSERT_TRUE(store_->ClaimDueEmail(now_, kLeaseMs, 10));
  ASSERT_TRUE(store_->ClaimDueEmail(now_, kLeaseMs, 10));
  Sent(sent.id, now_);
  domain::EmailQueue::EmailAttempt refused;
  refused.status = domain::EmailStatus::kFailed;
  refused.error = "550 no such user";
  store_->RecordEmailAttempt(failed.id, refused, now_);
  for (const auto& record : store_->RecentEmails(tenant_.id, 10)) {
    EXPECT_FALSE(record.to) << record.id;
    EXPECT_NE(record.status, domain::EmailStatus::kPending);
  }
  EXPECT_FALSE(store_->NextEmailDue());
  EXPECT_FALSE(store_->ClaimDueEmail(now_ + kHourMs, kLeaseMs, 10));
}

TEST_P(EmailOutboxTest, ARecipientAtTheHourlyLimitWaitsAndSecurityStillGoes) {
  const int limit = 2;
  std::vector<base::TimeMs> sent_at;
  for (int i = 0; i < limit; ++i) {
    auto email = Queue("Ana@Shop.example");  // one person, whatever the case
    auto job = store_->ClaimDueEmail(now_, kLeaseMs, limit);
    ASSERT_TRUE(job);
    Sent(job->email.id, now_);
    sent_at.push_back(now_);
  }
  auto held = Queue("ana@shop.example");
  auto other = Queue("bob@shop.example");
  auto job = store_->ClaimDueEmail(now_, kLeaseMs, limit);
  ASSERT_TRUE(job);
  EXPECT_EQ(job->email.id, other.id) << "the held message does not block another recipient";
  Sent(other.id, now_);
  // Put off until the oldest of the hour's messages is an hour old.
  EXPECT_FALSE(store_->ClaimDueEmail(now_, kLeaseMs, limit));
  auto security = Queue("ana@shop.example", true);
  job = store_->ClaimDueEmail(now_, kLeaseMs, limit);
  ASSERT_TRUE(job);
  EXPECT_EQ(job->email.id, security.id) << "a security message is never put off";
  Sent(security.id, now_);
  EXPECT_FALSE(store_->ClaimDueEmail(sent_at[0] + kHourMs - 1, kLeaseMs, limit));
  job = store_->ClaimDueEmail(sent_at[0] + kHourMs, kLeaseMs, limit);
  ASSERT_TRUE(job) << "nothing is dropped";
  EXPECT_EQ(job->email.id, held.id);
}

TEST(EmailRetrySchedule, FollowsTheScheduleThenEnds) {
  const std::vector<int> schedule{60, 300};
  EXPECT_EQ(domain::NextEmailAttemptAt(1, 1000, schedule), 61'000);
  EXPECT_EQ(domain::NextEmailAttemptAt(2, 1000, schedule), 301'000);
  EXPECT_FALSE(domain::NextEmailAttemptAt(3, 1000, schedule));
  EXPECT_EQ(domain::DefaultEmailRetrySchedule(),
            (std::vector<int>{60, 300, 1800, 7200, 21600, 86400}));
}

PAYD_ON_BOTH_STORES(EmailOutboxTest);

}  // namespace
}  // namespace payd
