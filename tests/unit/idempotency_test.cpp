// Idempotent creation: replay, conflict, expiry, and concurrent retries
// creating exactly one object, against a real SQLite store.
#include "domain/idempotency.h"

#include <gtest/gtest.h>

#include <atomic>
#include <boost/json/parse.hpp>
#include <thread>

#include "api/json_input.h"
#include "domain/payment_link.h"
#include "store_fixture.h"

namespace payd {
namespace {

using testing::StoreTest;

class IdempotencyTest : public StoreTest {
 protected:
  domain::PaymentLink NewLink(base::TimeMs now) {
    return domain::PreparePaymentLink(*store_, catalog_, tenant_.id,
                                      testing::TeeLinkRequest(integration_.id), now);
  }
  domain::IdempotencyClaim Claim(std::string key, std::string fingerprint, std::string body) {
    return {"tenant:" + tenant_.id, std::move(key), std::move(fingerprint), {201, std::move(body)}};
  }
  domain::CreateResult Insert(base::TimeMs now, domain::IdempotencyClaim claim) {
    auto link = NewLink(now);
    return store_->InsertPaymentLink(
        link, domain::NewEvent(tenant_.id, "PAYMENT_LINK_CREATED", "{}", now), &claim, now);
  }
};

TEST_P(IdempotencyTest, SameKeySameRequestReplaysTheFirstResponse) {
  auto first = Insert(10, Claim("k1", "fp", "first")).response;
  auto again = Insert(20, Claim("k1", "fp", "second"));
  EXPECT_EQ(again.outcome, domain::CreateOutcome::kReplayed);
  EXPECT_EQ(again.response.body, "first");
  EXPECT_EQ(again.response.status, 201);
  EXPECT_EQ(store_->ListPaymentLinks(tenant_.id).size(), 1u);
  EXPECT_EQ(first.body, "first");
}

TEST_P(IdempotencyTest, SameKeyOtherRequestConflictsAndStoresNothing) {
  Insert(10, Claim("k1", "fp-a", "a"));
  auto other = Insert(20, Claim("k1", "fp-b", "b"));
  EXPECT_EQ(other.outcome, domain::CreateOutcome::kConflict);
  EXPECT_EQ(store_->ListPaymentLinks(tenant_.id).size(), 1u);
}

TEST_P(IdempotencyTest, KeysAreScopedAndExpireAfterRetention) {
  Insert(10, Claim("k1", "fp", "a"));
  auto other_scope = Claim("k1", "fp", "b");
  other_scope.scope = "tenant:someone-else";
  EXPECT_EQ(Insert(11, other_scope).outcome, domain::CreateOutcome::kCreated);
  base::TimeMs later = 10 + domain::kIdempotencyRetentionMs;
  EXPECT_EQ(Insert(later, Claim("k1", "fp", "c")).outcome, domain::CreateOutcome::kCreated);
  EXPECT_EQ(store_->ListPaymentLinks(tenant_.id).size(), 3u);
}

TEST_P(IdempotencyTest, ConcurrentRetriesCreateExactlyOne) {
  constexpr int kThreads = 20;
  std::atomic<int> created{0}, replayed{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i) {
    threads.emplace_back([&, i] {
      auto result = Insert(100 + i, Claim("same", "fp", "x"));
      (result.outcome == domain::CreateOutcome::kCreated ? created : replayed)++;
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
  EXPECT_FALSE(store_->FindClaimOutcome(Claim("k1", "fp", ""), 5)) << "a free key decides nothing";
  Insert(10, Claim("k1", "fp", "first"));
  auto same = store_->FindClaimOutcome(Claim("k1", "fp", ""), 20);
  ASSERT_TRUE(same);
  EXPECT_EQ(same->outcome, domain::CreateOutcome::kReplayed);
  EXPECT_EQ(same->response.status, 201);
  EXPECT_EQ(same->response.body, "first");
  auto other = store_->FindClaimOutcome(Claim("k1", "fp-b", ""), 20);
  ASSERT_TRUE(other);
  EXPECT_EQ(other->outcome, domain::CreateOutcome::kConflict);
  auto elsewhere = Claim("k1", "fp", "");
  elsewhere.scope = "tenant:someone-else";
  EXPECT_FALSE(store_->FindClaimOutcome(elsewhere, 20));
  base::TimeMs later = 10 + domain::kIdempotencyRetentionMs;
  EXPECT_FALSE(store_->FindClaimOutcome(Claim("k1", "fp-b", ""), later)) << "past retention";
  EXPECT_EQ(CountRows("SELECT COUNT(*) FROM idempotency_keys"), 1) << "a lookup changes nothing";
}

TEST_P(IdempotencyTest, PurgeForgetsExpiredClaims) {
  Insert(10, Claim("k1", "fp-a", "a"));
  store_->PurgeExpired(10 + domain::kIdempotencyRetentionMs + 1);
  EXPECT_EQ(Insert(20, Claim("k1", "fp-b", "b")).outcome, domain::CreateOutcome::kCreated);
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
