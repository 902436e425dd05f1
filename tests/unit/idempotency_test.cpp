// Idempotent creation: replay, conflict, expiry, and concurrent retries
// creating exactly one object, against a real SQLite store.
#include "domain/intents/idempotency.h"

#include <gtest/gtest.h>

#include <atomic>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <thread>

#include "api/json_input.h"
#include "domain/management/payment_links.h"
#include "store_fixture.h"

namespace payd {
namespace {

using testing::StoreTest;

class IdempotencyTest : public StoreTest {
 protected:
  static constexpr const char* kPublicUrl = "https://pay.example";
  domain::IdempotencyClaim Claim(std::string key, std::string fingerprint) {
    return {"tenant:" + tenant_.id, std::move(key), std::move(fingerprint), {}};
  }
  // A link made as POST /api/v1/payment-links makes it, with this claim.
  domain::Creation<domain::PaymentLink> Insert(base::TimeMs now, domain::IdempotencyClaim claim) {
    domain::Change change{*store_, domain::Actor::Cli(), tenant_.id, now, std::move(claim)};
    return domain::CreatePaymentLink(change, catalog_, kPublicUrl,
                                     testing::TeeLinkRequest(integration_.id));
  }
  // What a replay answers: the link as it was created.
  static std::string Created(const domain::Creation<domain::PaymentLink>& made) {
    return boost::json::serialize(domain::PaymentLinkView(*made.object, kPublicUrl));
  }
};

TEST_P(IdempotencyTest, SameKeySameRequestReplaysTheFirstResponse) {
  auto first = Insert(10, Claim("k1", "fp"));
  ASSERT_TRUE(first.object);
  auto again = Insert(20, Claim("k1", "fp"));
  EXPECT_EQ(again.result.outcome, domain::CreateOutcome::kReplayed);
  EXPECT_FALSE(again.object);
  EXPECT_EQ(again.result.response.body, Created(first));
  EXPECT_EQ(again.result.response.status, 201);
  EXPECT_EQ(store_->ListPaymentLinks(tenant_.id).size(), 1u);
}

TEST_P(IdempotencyTest, SameKeyOtherRequestConflictsAndStoresNothing) {
  Insert(10, Claim("k1", "fp-a"));
  auto other = Insert(20, Claim("k1", "fp-b"));
  EXPECT_EQ(other.result.outcome, domain::CreateOutcome::kConflict);
  EXPECT_FALSE(other.object);
  EXPECT_EQ(store_->ListPaymentLinks(tenant_.id).size(), 1u);
}

TEST_P(IdempotencyTest, KeysAreScopedAndExpireAfterRetention) {
  Insert(10, Claim("k1", "fp"));
  auto other_scope = Claim("k1", "fp");
  other_scope.scope = "tenant:someone-else";
  EXPECT_TRUE(Insert(11, other_scope).object);
  base::TimeMs later = 10 + domain::kIdempotencyRetentionMs;
  EXPECT_TRUE(Insert(later, Claim("k1", "fp")).object);
  EXPECT_EQ(store_->ListPaymentLinks(tenant_.id).size(), 3u);
}

TEST_P(IdempotencyTest, ConcurrentRetriesCreateExactlyOne) {
  constexpr int kThreads = 20;
  std::atomic<int> created{0}, replayed{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i) {
    threads.emplace_back([&, i] {
      auto made = Insert(100 + i, Claim("same", "fp"));
      (made.object ? created : replayed)++;
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(created.load(), 1);
  EXPECT_EQ(replayed.load(), kThreads - 1);
  EXPECT_EQ(store_->ListPaymentLinks(tenant_.id).size(), 1u);
}

// What a creation asks before anything else runs (DECISIONS §8): the earlier
// request's outcome, read without changing anything.
TEST_P(IdempotencyTest, AnEarlierClaimIsFoundBeforeCreation) {
  EXPECT_FALSE(store_->FindClaimOutcome(Claim("k1", "fp"), 5)) << "a free key decides nothing";
  auto first = Insert(10, Claim("k1", "fp"));
  auto same = store_->FindClaimOutcome(Claim("k1", "fp"), 20);
  ASSERT_TRUE(same);
  EXPECT_EQ(same->outcome, domain::CreateOutcome::kReplayed);
  EXPECT_EQ(same->response.status, 201);
  EXPECT_EQ(same->response.body, Created(first));
  auto other = store_->FindClaimOutcome(Claim("k1", "fp-b"), 20);
  ASSERT_TRUE(other);
  EXPECT_EQ(other->outcome, domain::CreateOutcome::kConflict);
  auto elsewhere = Claim("k1", "fp");
  elsewhere.scope = "tenant:someone-else";
  EXPECT_FALSE(store_->FindClaimOutcome(elsewhere, 20));
  base::TimeMs later = 10 + domain::kIdempotencyRetentionMs;
  EXPECT_FALSE(store_->FindClaimOutcome(Claim("k1", "fp-b"), later)) << "past retention";
  EXPECT_EQ(CountRows("SELECT COUNT(*) FROM idempotency_keys"), 1) << "a lookup changes nothing";
}

TEST_P(IdempotencyTest, PurgeForgetsExpiredClaims) {
  Insert(10, Claim("k1", "fp-a"));
  store_->PurgeExpired(10 + domain::kIdempotencyRetentionMs + 1);
  EXPECT_TRUE(Insert(20, Claim("k1", "fp-b")).object);
}

TEST(IdempotencyKey, Validation) {
  EXPECT_FALSE(domain::IdempotencyKeyProblem("order-123"));
  EXPECT_FALSE(domain::IdempotencyKeyProblem(std::string(255, 'k')));
  EXPECT_TRUE(domain::IdempotencyKeyProblem(""));
  EXPECT_TRUE(domain::IdempotencyKeyProblem(std::string(256, 'k')));
  EXPECT_TRUE(domain::IdempotencyKeyProblem("has space"));
  EXPECT_TRUE(domain::IdempotencyKeyProblem("tab\there"));
}

TEST(CanonicalJson, IgnoresKeyOrderButNotValues) {
  auto a = boost::json::parse(R"({"b":1,"a":{"y":[1,2],"x":"s"}})");
  auto b = boost::json::parse(R"({"a":{"x":"s","y":[1,2]},"b":1})");
  auto c = boost::json::parse(R"({"a":{"x":"s","y":[2,1]},"b":1})");
  EXPECT_EQ(api::CanonicalJson(a), api::CanonicalJson(b));
  EXPECT_NE(api::CanonicalJson(a), api::CanonicalJson(c));
}

PAYD_ON_BOTH_STORES(IdempotencyTest);

}  // namespace
}  // namespace payd
