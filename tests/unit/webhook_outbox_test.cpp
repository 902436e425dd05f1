// The delivery outbox in the SQLite store: which delivery a dispatcher gets
// (fairness between endpoints and tenants), and what closing an endpoint does
// to the deliveries it has not had yet.
#include <gtest/gtest.h>

#include "domain/management/webhook_endpoints.h"
#include "domain/webhooks/event.h"
#include "store_fixture.h"

namespace payd {
namespace {

using Limits = domain::Store::ClaimLimits;
constexpr base::TimeMs kLeaseMs = 60'000;

class OutboxTest : public testing::StoreTest {
 protected:
  std::string AddEndpoint(const std::string& tenant_id) {
    domain::WebhookEndpoint e;
    e.id = base::NewId("we_");
    e.tenant_id = tenant_id;
    e.url = "https://hooks.example/x";
    e.created_at = now_;
    store_->InsertWebhookEndpoint(e);
    return e.id;
  }
  std::string AddTenant(const std::string& name) {
    domain::Tenant t{base::NewId("ten_"), name, now_};
    store_->InsertTenant(t, {t.id, "whsec_x", now_, std::nullopt});
    return t.id;
  }
  // One event, so one delivery per endpoint of the tenant; returns the event id.
  std::string Queue(const std::string& tenant_id) {
    auto event = domain::NewEvent(tenant_id, domain::event_type::kPaymentLinkCreated, "{}", now_);
    store_->InsertEvent(event);
    now_ += 1;  // the next one is due later, so "most overdue" is well defined
    return event.id;
  }
  std::optional<domain::Store::DeliveryJob> Claim(Limits limits) {
    return store_->ClaimDueDelivery(now_ + 1000, kLeaseMs, limits);
  }
  // The merchant (or the operator) switches the endpoint off (domain/management/).
  void Disable(const std::string& endpoint) {
    domain::EndpointPatch off;
    off.enabled = false;
    ASSERT_TRUE(domain::UpdateWebhookEndpoint(Change(), endpoint, off, AnyUrl));
  }
  domain::Change Change() {
    return {*store_, domain::Actor::Cli(), tenant_.id, now_, std::nullopt};
  }
  static std::string AnyUrl(const std::string&) { return {}; }
  // The same delivery queued again, bypassing the rules (as another process
  // that read the endpoint before it closed, or an older payd, could).
  std::string QueueAgain(domain::WebhookDelivery d) {
    d.id = base::NewId("whd_");
    d.status = domain::DeliveryStatus::kPending;
    d.attempts = 0;
    d.next_attempt_at = now_;
    store_->WithManagement([&](domain::ManagementTx& tx) { tx.InsertDelivery(d); });
    return d.id;
  }
  std::vector<domain::WebhookDelivery> Deliveries(const std::string& tenant_id) {
    return store_->ListDeliveries(tenant_id, std::nullopt, 100, 0);
  }

  base::TimeMs now_ = 1'800'000'000'000;
};

TEST_P(OutboxTest, AnEndpointAtItsLimitLetsOtherTenantsThrough) {
  std::string b = AddTenant("B");
  std::string a_endpoint = AddEndpoint(tenant_.id);
  AddEndpoint(b);
  for (int i = 0; i < 5; ++i) Queue(tenant_.id);
  std::string b_event = Queue(b);  // the newest of all

  Limits limits{2, 2};
  EXPECT_EQ(Claim(limits)->delivery.endpoint_id, a_endpoint);
  EXPECT_EQ(Claim(limits)->delivery.endpoint_id, a_endpoint);
  // A's endpoint holds its two: B goes next although A's three others are older.
  EXPECT_EQ(Claim(limits)->delivery.event_id, b_event);
  EXPECT_FALSE(Claim(limits));
}

TEST_P(OutboxTest, ATenantAtItsLimitWaitsWhateverItsEndpoints) {
  for (int i = 0; i < 3; ++i) AddEndpoint(tenant_.id);
  Queue(tenant_.id);  // three deliveries, one per endpoint
  Limits limits{2, 2};
  ASSERT_TRUE(Claim(limits));
  ASSERT_TRUE(Claim(limits));
  EXPECT_FALSE(Claim(limits));
}

TEST_P(OutboxTest, AFinishedAttemptFreesItsSlot) {
  AddEndpoint(tenant_.id);
  Queue(tenant_.id);
  Queue(tenant_.id);
  Limits one{1, 1};
  auto first = Claim(one);
  ASSERT_TRUE(first);
  EXPECT_FALSE(Claim(one));
  domain::Store::AttemptRecord delivered;
  delivered.status = domain::DeliveryStatus::kDelivered;
  delivered.response_status = 200;
  store_->RecordAttempt(first->delivery.id, delivered, now_);
  EXPECT_TRUE(Claim(one));
}

TEST_P(OutboxTest, AnExpiredLeaseNoLongerCountsAsInFlight) {
  AddEndpoint(tenant_.id);
  Queue(tenant_.id);
  Queue(tenant_.id);
  Limits one{1, 1};
  ASSERT_TRUE(Claim(one));
  // The process holding the lease died: once the lease ends, both are claimable again.
  EXPECT_TRUE(store_->ClaimDueDelivery(now_ + kLeaseMs + 2000, kLeaseMs, one));
}

TEST_P(OutboxTest, DisablingAnEndpointFailsWhatItHasNotHadYet) {
  std::string endpoint = AddEndpoint(tenant_.id);
  Queue(tenant_.id);
  Queue(tenant_.id);
  Disable(endpoint);
  for (const auto& d : Deliveries(tenant_.id)) {
    EXPECT_EQ(d.status, domain::DeliveryStatus::kFailed);
    EXPECT_EQ(d.last_error, "endpoint disabled: disabled by request");
    EXPECT_FALSE(d.next_attempt_at);
  }
  EXPECT_FALSE(Claim({4, 4}));
}

TEST_P(OutboxTest, A410FailsTheEndpointsOtherOpenDeliveries) {
  std::string endpoint = AddEndpoint(tenant_.id);
  std::string other = AddEndpoint(tenant_.id);
  Queue(tenant_.id);
  Queue(tenant_.id);
  std::optional<domain::Store::DeliveryJob> job;
  while ((job = Claim({4, 4})) && job->delivery.endpoint_id != endpoint) {
  }
  ASSERT_TRUE(job);
  domain::Store::AttemptRecord gone;
  gone.status = domain::DeliveryStatus::kFailed;
  gone.response_status = 410;
  gone.disable_endpoint = true;
  store_->RecordAttempt(job->delivery.id, gone, now_);
  EXPECT_FALSE(store_->FindWebhookEndpoint(endpoint)->enabled);
  for (const auto& d : Deliveries(tenant_.id)) {
    if (d.endpoint_id == other) {
      EXPECT_NE(d.status, domain::DeliveryStatus::kFailed);
    } else {
      EXPECT_EQ(d.status, domain::DeliveryStatus::kFailed) << d.id;
      if (d.id != job->delivery.id) {
        EXPECT_EQ(d.last_error, "endpoint disabled: the endpoint answered 410 Gone");
      }
    }
  }
}

TEST_P(OutboxTest, ADeliveryInFlightWhenItsEndpointClosesEndsAsItsAttemptWent) {
  std::string endpoint = AddEndpoint(tenant_.id);
  Queue(tenant_.id);
  Queue(tenant_.id);
  auto in_flight = Claim({4, 4});
  ASSERT_TRUE(in_flight);
  // Another worker's attempt at the endpoint answered 410 meanwhile (here: the
  // operator's switch, the same closing): the one already sent is not marked
  // unsent.
  Disable(endpoint);
  for (const auto& d : Deliveries(tenant_.id)) {
    if (d.id != in_flight->delivery.id) continue;
    EXPECT_NE(d.status, domain::DeliveryStatus::kFailed) << "it is on its way, not unsent";
    EXPECT_FALSE(d.last_error);
  }
  domain::Store::AttemptRecord gone;
  gone.status = domain::DeliveryStatus::kFailed;
  gone.response_status = 410;
  store_->RecordAttempt(in_flight->delivery.id, gone, now_ + 100);
  for (const auto& d : Deliveries(tenant_.id)) {
    EXPECT_EQ(d.status, domain::DeliveryStatus::kFailed) << d.id;
    if (d.id == in_flight->delivery.id) {
      EXPECT_EQ(d.attempts, 1);
      EXPECT_EQ(d.last_response_status, 410);
    } else {
      EXPECT_EQ(d.attempts, 0);
      EXPECT_EQ(d.last_error, "endpoint disabled: disabled by request");
    }
  }
}

TEST_P(OutboxTest, AClaimSaysWhenTheEndpointIsClosed) {
  std::string endpoint = AddEndpoint(tenant_.id);
  Queue(tenant_.id);
  auto job = Claim({4, 4});
  ASSERT_TRUE(job);
  EXPECT_FALSE(job->endpoint_closed);
  Disable(endpoint);
  // A redelivery queued anyway (another process, an older payd) is claimed
  // with the reason the dispatcher must fail it with.
  std::string again = QueueAgain(job->delivery);
  auto closed = Claim({4, 4});
  ASSERT_TRUE(closed);
  EXPECT_EQ(closed->delivery.id, again);
  EXPECT_EQ(closed->endpoint_closed, "endpoint disabled: disabled by request");
  // The dispatcher fails it without sending: no attempt is counted.
  domain::Store::AttemptRecord unsent;
  unsent.status = domain::DeliveryStatus::kFailed;
  unsent.error = *closed->endpoint_closed;
  unsent.sent = false;
  store_->RecordAttempt(again, unsent, now_ + 100);
  for (const auto& d : Deliveries(tenant_.id)) {
    if (d.id == again) {
      EXPECT_EQ(d.attempts, 0) << "nothing was sent";
    }
  }
  ASSERT_TRUE(domain::DeleteWebhookEndpoint(Change(), endpoint));
  QueueAgain(job->delivery);
  EXPECT_EQ(Claim({4, 4})->endpoint_closed, "endpoint removed");
}

PAYD_ON_BOTH_STORES(OutboxTest);

}  // namespace
}  // namespace payd
