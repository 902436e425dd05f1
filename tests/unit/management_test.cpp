// The management operations' frame on both stores (domain/management/): a
// change and its audit row are one transaction (a refused change records
// nothing), the audit log is the tenant's own, newest first, and a creation's
// Idempotency-Key replays or conflicts inside that same transaction.
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/json/parse.hpp>

#include "base/strings.h"
#include "domain/error.h"
#include "domain/management/integrations.h"
#include "domain/management/users.h"
#include "domain/management/webhook_endpoints.h"
#include "domain/people/sign_in.h"
#include "store_fixture.h"

namespace payd {
namespace {

class ManagementTest : public testing::StoreTest {
 protected:
  domain::Change At(base::TimeMs now, std::optional<domain::IdempotencyClaim> claim = {}) {
    return {*store_, domain::Actor::Key("key_test", domain::KeyRights::Account()), tenant_.id, now,
            std::move(claim)};
  }
  static std::string AnyUrl(const std::string&) { return {}; }
  domain::Creation<domain::WebhookEndpoint> Create(const domain::Change& change,
                                                   const std::string& url) {
    return domain::CreateWebhookEndpoint(change, {url, std::nullopt, std::nullopt}, AnyUrl);
  }
  domain::IdempotencyClaim Claim(const std::string& fingerprint) {
    return {"tenant:" + tenant_.id, "key-1", fingerprint, {}};
  }
};

TEST_P(ManagementTest, AChangeAndItsAuditRowAreOneTransaction) {
  auto made = Create(At(1000), "https://hooks.example/a");
  ASSERT_TRUE(made.object);
  domain::EndpointPatch patch;
  patch.enabled = false;
  ASSERT_TRUE(domain::UpdateWebhookEndpoint(At(2000), made.object->id, patch, AnyUrl));

  auto log = store_->ListAuditLog(tenant_.id, 10, 0);
  ASSERT_EQ(log.size(), 2u);
  EXPECT_EQ(log[0].action, "webhook_endpoint.update");  // newest first
  EXPECT_EQ(log[1].action, "webhook_endpoint.create");
  EXPECT_EQ(log[0].actor, "key_test");
  EXPECT_EQ(log[0].created_at, 2000);
  EXPECT_NE(log[0].before_json->find("\"enabled\":true"), std::string::npos);
  EXPECT_NE(log[0].after_json->find("\"enabled\":false"), std::string::npos);
  EXPECT_FALSE(log[1].before_json);

  // A change the rules refuse writes neither the object nor an audit row.
  auto refuse = [](const std::string&) { return std::string("a private address"); };
  EXPECT_THROW(domain::CreateWebhookEndpoint(At(3000), {"http://10.0.0.1/", {}, {}}, refuse),
               domain::Error);
  EXPECT_EQ(store_->ListAuditLog(tenant_.id, 10, 0).size(), 2u);
  EXPECT_EQ(store_->ListWebhookEndpoints(tenant_.id).size(), 1u);
  // Another tenant's log is empty, and a page starts where asked.
  EXPECT_TRUE(store_->ListAuditLog("ten_other", 10, 0).empty());
  EXPECT_EQ(store_->ListAuditLog(tenant_.id, 1, 1)[0].action, "webhook_endpoint.create");
}

TEST_P(ManagementTest, ACreationsIdempotencyKeyReplaysWithoutTheSecretOrConflicts) {
  domain::NewEndpoint own{"https://hooks.example/own", std::nullopt, std::nullopt};
  own.own_secret = true;
  auto first = domain::CreateWebhookEndpoint(At(1000, Claim("fp-1")), own, AnyUrl);
  ASSERT_TRUE(first.object);
  ASSERT_TRUE(first.object->secret);

  auto again = domain::CreateWebhookEndpoint(At(2000, Claim("fp-1")), own, AnyUrl);
  EXPECT_FALSE(again.object);
  EXPECT_EQ(again.result.outcome, domain::CreateOutcome::kReplayed);
  EXPECT_EQ(again.result.response.status, 201);
  EXPECT_NE(again.result.response.body.find(first.object->id), std::string::npos);
  EXPECT_EQ(again.result.response.body.find("whsec_"), std::string::npos)
      << "a replay never shows the secret: " << again.result.response.body;

  auto other = Create(At(3000, Claim("fp-2")), "https://hooks.example/other");
  EXPECT_FALSE(other.object);
  EXPECT_EQ(other.result.outcome, domain::CreateOutcome::kConflict);
  EXPECT_EQ(store_->ListWebhookEndpoints(tenant_.id).size(), 1u);
  EXPECT_EQ(store_->ListAuditLog(tenant_.id, 10, 0).size(), 1u);
}

// DECISIONS §13: a changed payout address applies to new intents; the old
// one stays watched while an intent its payer was shown it for may be paid.
TEST_P(ManagementTest, AnOldPayoutAddressIsWatchedUntilItsLastIntentsLateWindowEnds) {
  const std::string old_address = integration_.payout_address;
  auto intent = UsdcIntent(1'000'000, 1000, 61'000);
  StoreIntent(intent);
  base::TimeMs late_until = CountRows("SELECT late_until FROM payment_intents");
  ASSERT_GT(late_until, 61'000);

  domain::IntegrationPatch patch;
  patch.payout_address = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
  ASSERT_TRUE(domain::UpdateIntegration(At(2000), catalog_, integration_.id, patch));
  auto watched_at = [&](base::TimeMs now) {
    std::vector<std::string> addresses;
    for (const auto& w : store_->WatchedAddresses(31337, now)) addresses.push_back(w.address);
    std::sort(addresses.begin(), addresses.end());
    return addresses;
  };
  std::vector<std::string> both{*patch.payout_address, old_address};
  std::sort(both.begin(), both.end());
  EXPECT_EQ(watched_at(3000), both);
  EXPECT_EQ(watched_at(late_until - 1), both);
  EXPECT_EQ(watched_at(late_until), std::vector<std::string>{*patch.payout_address});
  store_->PurgeExpired(late_until);
  EXPECT_EQ(CountRows("SELECT count(*) FROM retired_watches"), 0);

  // An integration with no intent open leaves nothing behind when it moves.
  patch.payout_address = old_address;
  ASSERT_TRUE(domain::UpdateIntegration(At(late_until + 1), catalog_, integration_.id, patch));
  EXPECT_EQ(CountRows("SELECT count(*) FROM retired_watches"), 0);
  EXPECT_EQ(store_->FindIntegrationById(integration_.id)->payout_address, old_address);
}

// The webhook dispatcher is woken by the store, once a transaction that
// queued a delivery has committed, whoever wrote it (issue 35): not by each
// surface after each operation.
TEST_P(ManagementTest, TheStoreSaysWhenACommitQueuedDeliveries) {
  int wakes = 0;
  store_->OnDeliveriesQueued([&] { ++wakes; });
  auto made = Create(At(1000), "https://hooks.example/a");
  ASSERT_TRUE(made.object);
  EXPECT_EQ(wakes, 0) << "an endpoint queues nothing";
  ASSERT_TRUE(domain::SendTestEvent(At(2000), made.object->id));
  EXPECT_EQ(wakes, 1) << "a test event queues a delivery";
  EXPECT_FALSE(domain::SendTestEvent(At(3000), "we_none"));
  EXPECT_EQ(wakes, 1);
  store_->OnDeliveriesQueued(nullptr);
  ASSERT_TRUE(domain::SendTestEvent(At(4000), made.object->id));
  EXPECT_EQ(wakes, 1) << "no one to tell";
}

PAYD_ON_BOTH_STORES(ManagementTest);

}  // namespace
}  // namespace payd
