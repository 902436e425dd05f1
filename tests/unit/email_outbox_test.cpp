// The email outbox (domain/email/outbox.h) on both stores: messages come out
// most overdue first, security ones before the rest; a recipient at the
// hourly limit has the next message put off, never dropped, while security
// messages still go; a lease keeps a message from a second sender until it
// runs out; a message that ends forgets its recipient and its model.
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/json/parse.hpp>
#include <tuple>

#include "domain/management/email_choices.h"
#include "email_fixture.h"

namespace payd {
namespace {

using testing::EmailOutboxTest;
using testing::EventEmailTest;
using testing::kHourMs;
using testing::kLeaseMs;

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

TEST_P(EventEmailTest, APaymentGoesToOwnersAndAdminsByDefaultNeverToTheDisabled) {
  Raise(domain::event_type::kPaymentConfirmed, paid_);
  EXPECT_EQ(Drain(), (std::vector<std::pair<std::string, std::string>>{
                         {"ana@shop.example", "payment_received"},
                         {"bo@shop.example", "payment_received"}}));
  auto model = boost::json::parse(jobs_[0].email.model_json).as_object();
  EXPECT_EQ(model.at("amount"), "25.000001");
  EXPECT_EQ(model.at("url"), "https://pay.shop.example/dashboard/payments/pi_1");
  EXPECT_TRUE(model.at("unsubscribeUrl")
                  .as_string()
                  .starts_with("https://pay.shop.example/dashboard/unsubscribe?token="));
  EXPECT_FALSE(jobs_[0].email.security);
  // Events that are no one's news queue nothing.
  Raise(domain::event_type::kPaymentPending, paid_);
  EXPECT_TRUE(Drain().empty());
}

TEST_P(EventEmailTest, AChoiceOfOffAndAOneClickLinkStopATopicNotASecurityOne) {
  domain::Change as_bo{*store_, domain::Actor::Person("user_bo", domain::Role::kAdmin), tenant_.id,
                       now_, std::nullopt};
  domain::ChooseOwnEmail(as_bo, {{"payment_received", "off"}, {"needs_decision", "on"}});
  Raise(domain::event_type::kPaymentConfirmed, paid_);
  ASSERT_EQ(
      Drain(),
      (std::vector<std::pair<std::string, std::string>>{{"ana@shop.example", "payment_received"}}));
  // Ana's message's own link turns it off for her, without signing in.
  auto url = std::string(boost::json::parse(jobs_.back().email.model_json)
                             .as_object()
                             .at("unsubscribeUrl")
                             .as_string());
  std::string token = url.substr(url.find("token=") + 6);
  EXPECT_EQ(domain::UnsubscribeLinkTopic(*store_, token), domain::EmailTopic::kPaymentReceived);
  EXPECT_EQ(domain::Unsubscribe(*store_, token, now_), domain::EmailTopic::kPaymentReceived);
  EXPECT_FALSE(domain::Unsubscribe(*store_, "made-up-token", now_));
  Raise(domain::event_type::kPaymentConfirmed, paid_);
  EXPECT_TRUE(Drain().empty());
  // A payout address change reaches every owner, whatever they chose; no link to stop it.
  Raise(domain::event_type::kIntegrationPayoutChanged,
        R"({"id":"int_1","name":"Shop web","status":"SCHEDULED","previousPayoutAddress":"0x1",)"
        R"("newPayoutAddress":"0x2","effectiveAt":"2027-01-16T08:00:00Z"})");
  EXPECT_EQ(
      Drain(),
      (std::vector<std::pair<std::string, std::string>>{{"ana@shop.example", "payout_changed"}}));
  EXPECT_TRUE(jobs_.back().email.security);
  EXPECT_FALSE(
      boost::json::parse(jobs_.back().email.model_json).as_object().contains("unsubscribeUrl"));
  auto audit = store_->ListAuditLog(tenant_.id, 10, 0);
  ASSERT_GE(audit.size(), 2u);
  EXPECT_EQ(audit[0].action, "user.email_unsubscribe");
  EXPECT_EQ(audit[0].actor, "user_ana");
  EXPECT_EQ(audit[1].action, "user.email_choices");
}

TEST_P(EventEmailTest, AnEndpointDisabledFor410IsToldToWhoLooksAfterWebhooks) {
  domain::WebhookEndpoint e;
  e.id = base::NewId("we_");
  e.tenant_id = tenant_.id;
  e.url = "https://hooks.shop.example/payd";
  e.created_at = now_;
  store_->InsertWebhookEndpoint(e);
  Raise(domain::event_type::kPaymentLinkCreated, "{}");
  auto job = store_->ClaimDueDelivery(now_ + 1000, kLeaseMs, {});
  ASSERT_TRUE(job);
  domain::DeliveryQueue::AttemptRecord gone;
  gone.status = domain::DeliveryStatus::kFailed;
  gone.response_status = 410;
  gone.disable_endpoint = true;
  store_->RecordAttempt(job->delivery.id, gone, now_);
  EXPECT_EQ(Drain(),
            (std::vector<std::pair<std::string, std::string>>{
                {"ana@shop.example", "webhook_failing"}, {"bo@shop.example", "webhook_failing"}}));
  auto model = boost::json::parse(jobs_.back().email.model_json).as_object();
  EXPECT_EQ(model.at("endpoint"), "https://hooks.shop.example/payd");
}

TEST_P(EventEmailTest, AChainProblemIsToldOncePerEpisodeToTenantsOnThatChain) {
  const auto chain = integration_.allow_chains.front();
  store_->OpenChainAlert(chain, "Localnet", "its token check failed: USDC decimals", now_);
  EXPECT_EQ(Drain(),
            (std::vector<std::pair<std::string, std::string>>{
                {"ana@shop.example", "chain_problem"}, {"bo@shop.example", "chain_problem"}}));
  store_->OpenChainAlert(chain, "Localnet", "its token check failed: USDC decimals", now_);
  EXPECT_TRUE(Drain().empty()) << "once per episode";
  store_->OpenChainAlert(chain + 1000, "Elsewhere", "stalled", now_);
  EXPECT_TRUE(Drain().empty()) << "no integration of the tenant is on that chain";
  store_->CloseChainAlert(chain);
  store_->OpenChainAlert(chain, "Localnet", "payd has not read it for 5 minutes", now_);
  EXPECT_EQ(Drain().size(), 2u) << "a new episode";
}

TEST_P(EventEmailTest, WithoutEmailNothingIsQueued) {
  store_->SetMailing(nullptr);
  Raise(domain::event_type::kPaymentConfirmed, paid_);
  EXPECT_TRUE(Drain().empty());
}

PAYD_ON_BOTH_STORES(EmailOutboxTest);
PAYD_ON_BOTH_STORES(EventEmailTest);

}  // namespace
}  // namespace payd
