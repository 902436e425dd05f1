// Fixtures of the email tests on both stores: the outbox with a clock
// (EmailOutboxTest), and a tenant with people, payd sending email, and the
// messages queued to them claimed in order (EventEmailTest).
#pragma once

#include <algorithm>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "domain/email/messages.h"
#include "domain/email/outbox.h"
#include "store_fixture.h"

namespace payd::testing {

inline constexpr base::TimeMs kLeaseMs = 60'000;
inline constexpr base::TimeMs kHourMs = 3'600'000;

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

// The messages events queue to the tenant's people (store/sql/email_rows.h).
class EventEmailTest : public EmailOutboxTest {
 protected:
  void SetUp() override {
    EmailOutboxTest::SetUp();
    if (IsSkipped()) return;
    store_->WithManagement([&](domain::ManagementTx& tx) {
      for (auto [id, email, role, disabled] :
           {std::tuple{"user_ana", "ana@shop.example", domain::Role::kOwner, false},
            std::tuple{"user_bo", "bo@shop.example", domain::Role::kAdmin, false},
            std::tuple{"user_vic", "vic@shop.example", domain::Role::kViewer, false},
            std::tuple{"user_dee", "dee@shop.example", domain::Role::kAdmin, true}}) {
        domain::User u{id, tenant_.id, email, id, role, std::nullopt, std::nullopt, now_};
        if (disabled) u.disabled_at = now_;
        tx.InsertUser(u);
      }
    });
    store_->SetMailing(&mailing_);
  }
  void TearDown() override {
    if (store_) store_->SetMailing(nullptr);
    EmailOutboxTest::TearDown();
  }
  void Raise(std::string_view type, const std::string& data) {
    store_->InsertEvent(domain::NewEvent(tenant_.id, type, data, now_++));
  }
  // Every queued message, claimed: recipient and template.
  std::vector<std::pair<std::string, std::string>> Drain() {
    std::vector<std::pair<std::string, std::string>> out;
    while (auto job = store_->ClaimDueEmail(now_, kLeaseMs, 100)) {
      out.emplace_back(job->email.to, job->email.template_name);
      jobs_.push_back(*job);
      Sent(job->email.id, now_);
    }
    std::sort(out.begin(), out.end());
    return out;
  }
  const std::string paid_ =
      R"({"id":"pi_1","amountFormatted":"25.000001","currency":"USDC","chain":"Localnet",)"
      R"("exception":null,"txHash":"0xabc"})";
  domain::Mailing mailing_{"https://pay.shop.example"};
  std::vector<domain::EmailQueue::EmailJob> jobs_;
};

}  // namespace payd::testing
