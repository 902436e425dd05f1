// Key authentication and the per-key rate window against a real store.
#include "domain/access/auth.h"

#include <gtest/gtest.h>

#include "domain/access/api_key.h"
#include "domain/error.h"
#include "domain/management/api_keys.h"
#include "store_fixture.h"

namespace payd::domain {
namespace {

constexpr base::TimeMs kNow = 1'800'000'000'000;

class AuthTest : public testing::StoreTest {
 protected:
  IssuedKey Issue(KeyKind kind, std::vector<std::string> scopes,
                  std::optional<std::string> expires = std::nullopt,
                  Environment env = Environment::kTestnet) {
    ApiKeyRequest req;
    req.tenant_id = tenant_.id;
    req.name = "test";
    req.kind = kind;
    req.scopes = std::move(scopes);
    req.expires = std::move(expires);
    if (kind == KeyKind::kIntegration) req.integration_id = integration_.id;
    return *CreateApiKey(At(kNow), env, req).object;
  }
  Change At(base::TimeMs now) { return {*store_, Actor::Cli(), tenant_.id, now, std::nullopt}; }
  AuthResult Auth(const std::string& text, base::TimeMs now = kNow) {
    return AuthenticateRestKey(*store_, text, Environment::kTestnet, now, 60);
  }
};

TEST_P(AuthTest, PublicKeyAuthenticatesWithItsScopes) {
  auto key = Issue(KeyKind::kPublic, {"payments:read"});
  auto result = Auth(key.plaintext);
  ASSERT_TRUE(result.principal);
  EXPECT_EQ(result.principal->tenant_id, tenant_.id);
  EXPECT_TRUE(result.principal->scopes.Has(Scope::kPaymentsRead));
  EXPECT_FALSE(result.principal->scopes.Has(Scope::kPaymentsWrite));
}

TEST_P(AuthTest, AccountKeyHasEveryScope) {
  auto result = Auth(Issue(KeyKind::kAccount, {}).plaintext);
  ASSERT_TRUE(result.principal);
  EXPECT_TRUE(result.principal->scopes.Has(Scope::kEventsRead));
  EXPECT_TRUE(result.principal->scopes.Has(Scope::kPaymentsWrite));
}

TEST_P(AuthTest, FailuresAreTold) {
  EXPECT_EQ(Auth("").failure, AuthFailure::kUnauthorized);
  EXPECT_EQ(Auth("nonsense").failure, AuthFailure::kUnauthorized);
  auto unknown = GenerateKey(KeyKind::kPublic, Environment::kTestnet);
  EXPECT_EQ(Auth(unknown.plaintext).failure, AuthFailure::kUnauthorized);
  EXPECT_EQ(Auth(Issue(KeyKind::kIntegration, {}).plaintext).failure, AuthFailure::kUnauthorized);
  auto live = Issue(KeyKind::kPublic, {"payments:read"}, std::nullopt, Environment::kMainnet);
  EXPECT_EQ(Auth(live.plaintext).failure, AuthFailure::kWrongEnvironment);
}

TEST_P(AuthTest, ExpiryAndRevocation) {
  auto key = Issue(KeyKind::kPublic, {"payments:read"}, "2027-01-15T09:00:00Z");
  auto expires = *base::ParseRfc3339("2027-01-15T09:00:00Z");
  EXPECT_TRUE(Auth(key.plaintext, expires - 1).principal);
  EXPECT_EQ(Auth(key.plaintext, expires).failure, AuthFailure::kExpired);
  ASSERT_TRUE(RevokeApiKey(At(kNow + 5), key.record.id));
  EXPECT_EQ(Auth(key.plaintext, kNow + 6).failure, AuthFailure::kRevoked);
  EXPECT_FALSE(RevokeApiKey(At(kNow), "key_missing"));
  // Revoked once, revoked for good: a second revocation changes nothing.
  EXPECT_EQ(RevokeApiKey(At(kNow + 50), key.record.id)->revoked_at, kNow + 5);
}

TEST_P(AuthTest, RotationGivesTheSameCredentialNewTextAndEndsTheOld) {
  auto key = Issue(KeyKind::kPublic, {"payments:read", "events:read"});
  auto now_text = RotateApiKey(At(kNow + 10), Environment::kTestnet, key.record.id, 0);
  ASSERT_TRUE(now_text);
  EXPECT_NE(now_text->record.id, key.record.id);
  EXPECT_EQ(now_text->record.scopes.Names(), key.record.scopes.Names());
  EXPECT_EQ(Auth(key.plaintext, kNow + 11).failure, AuthFailure::kRevoked);
  EXPECT_TRUE(Auth(now_text->plaintext, kNow + 11).principal);
  // With an overlap the old text works until it ends, then expires.
  auto later = RotateApiKey(At(kNow + 20), Environment::kTestnet, now_text->record.id, 60'000);
  ASSERT_TRUE(later);
  EXPECT_TRUE(Auth(now_text->plaintext, kNow + 20 + 59'999).principal);
  EXPECT_EQ(Auth(now_text->plaintext, kNow + 20 + 60'000).failure, AuthFailure::kExpired);
  EXPECT_TRUE(Auth(later->plaintext, kNow + 20 + 60'000).principal);
  // A revoked key is not rotated; an overlap past a week is refused.
  EXPECT_THROW(RotateApiKey(At(kNow + 30), Environment::kTestnet, key.record.id, 0), Error);
  EXPECT_THROW(RotateApiKey(At(kNow + 30), Environment::kTestnet, later->record.id,
                            kMaxRotationOverlapMs + 1),
               Error);
  EXPECT_FALSE(RotateApiKey(At(kNow + 30), Environment::kTestnet, "key_missing", 0));
}

TEST_P(AuthTest, IssuingRefusesBadRequests) {
  EXPECT_THROW(Issue(KeyKind::kPublic, {}), Error);
  EXPECT_THROW(Issue(KeyKind::kPublic, {"payments:admin"}), Error);
  EXPECT_THROW(Issue(KeyKind::kAccount, {"payments:read"}), Error);
  EXPECT_THROW(Issue(KeyKind::kPublic, {"payments:read"}, "2020-01-01T00:00:00Z"), Error);
  EXPECT_THROW(Issue(KeyKind::kPublic, {"payments:read"}, "tomorrow"), Error);
}

TEST_P(AuthTest, RateWindowCountsToTheLimitThenResets) {
  auto key = Issue(KeyKind::kPublic, {"payments:read"});
  for (int i = 1; i <= 60; ++i) {
    auto d = Auth(key.plaintext, kNow + i).rate;
    ASSERT_TRUE(d.allowed) << i;
    EXPECT_EQ(d.limit, 60);
    EXPECT_EQ(d.remaining, 60 - i);
  }
  auto over = Auth(key.plaintext, kNow + 100);
  ASSERT_TRUE(over.principal);  // who it is stays known; the API answers 429
  EXPECT_FALSE(over.rate.allowed);
  EXPECT_EQ(over.rate.remaining, 0);
  // Seconds, rounded up: never earlier than the window really ends.
  EXPECT_EQ(over.rate.reset_epoch_s, (kNow + 1 + kRateWindowMs + 999) / 1000);
  // The window began at the first request; it ends a minute later.
  EXPECT_FALSE(Auth(key.plaintext, kNow + kRateWindowMs).rate.allowed);
  EXPECT_TRUE(Auth(key.plaintext, kNow + 1 + kRateWindowMs).rate.allowed);
  EXPECT_TRUE(store_->FindApiKey(key.record.id)->last_used_at.has_value());
}

TEST_P(AuthTest, ARefusedRequestIsNotCounted) {
  auto key = Issue(KeyKind::kPublic, {"payments:read"}, "2027-01-15T09:00:00Z");
  auto expires = *base::ParseRfc3339("2027-01-15T09:00:00Z");
  EXPECT_EQ(Auth(key.plaintext, expires).failure, AuthFailure::kExpired);
  EXPECT_FALSE(store_->FindApiKey(key.record.id)->last_used_at);
  ASSERT_TRUE(RevokeApiKey(At(kNow + 5), key.record.id));
  EXPECT_EQ(Auth(key.plaintext, kNow + 6).failure, AuthFailure::kRevoked);
  EXPECT_FALSE(store_->FindApiKey(key.record.id)->last_used_at);
}

TEST_P(AuthTest, PerKeyOverrideRaisesTheLimit) {
  ApiKeyRequest req{tenant_.id,   "bulk", KeyKind::kPublic, {"payments:read"}, std::nullopt,
                    std::nullopt, 1000};
  auto key = *CreateApiKey(At(kNow), Environment::kTestnet, req).object;
  Principal p = *Auth(key.plaintext).principal;
  EXPECT_EQ(p.rate_limit_per_min, 1000);
  for (int i = 0; i < 100; ++i) ASSERT_TRUE(Auth(key.plaintext).rate.allowed);
}

// DECISIONS §2 across processes: `other` is the same database opened again,
// as a second payd process has it. It authenticates the key first, so a copy
// kept in its memory would still let the key in.
TEST_P(AuthTest, AKeyRevokedThroughAnotherProcessIsRefusedOnTheNextRequest) {
  auto other = OpenAnother();
  auto key = Issue(KeyKind::kPublic, {"payments:read"});
  auto through_other = [&](base::TimeMs now) {
    return AuthenticateRestKey(*other, key.plaintext, Environment::kTestnet, now, 60);
  };
  for (int i = 1; i <= 3; ++i) ASSERT_TRUE(through_other(kNow + i).principal);
  ASSERT_TRUE(RevokeApiKey(At(kNow + 5), key.record.id));
  auto refused = through_other(kNow + 6);
  EXPECT_EQ(refused.failure, AuthFailure::kRevoked);
  EXPECT_FALSE(refused.principal);
}

TEST_P(AuthTest, AKeyRotatedThroughAnotherProcessEndsThereToo) {
  auto other = OpenAnother();
  auto key = Issue(KeyKind::kPublic, {"payments:read"});
  auto through_other = [&](const std::string& text, base::TimeMs now) {
    return AuthenticateRestKey(*other, text, Environment::kTestnet, now, 60);
  };
  ASSERT_TRUE(through_other(key.plaintext, kNow + 1).principal);
  auto rotated = RotateApiKey(At(kNow + 10), Environment::kTestnet, key.record.id, 60'000);
  ASSERT_TRUE(rotated);
  EXPECT_TRUE(through_other(rotated->plaintext, kNow + 11).principal);
  // The old text, remembered by `other` without an expiry, now ends with the overlap.
  EXPECT_TRUE(through_other(key.plaintext, kNow + 10 + 59'999).principal);
  EXPECT_EQ(through_other(key.plaintext, kNow + 10 + 60'000).failure, AuthFailure::kExpired);
}

TEST_P(AuthTest, CountingFallsBackToTheUsageDatabaseWhenTheSharedTableIsFull) {
  if (GetParam() != testing::StoreKind::kSqlite) GTEST_SKIP() << "SQLite's shared counter table";
  std::filesystem::create_directories(dir_ / "tiny");
  auto tiny = std::make_unique<store::sqlite::SqliteStore>((dir_ / "tiny").string(), 1);
  tiny->Migrate();
  store_ = std::move(tiny);
  for (const char* key : {"key_shared", "key_fallback"}) {
    for (int i = 1; i <= 3; ++i) {
      auto window = store_->CountRequest(key, kNow + i, kRateWindowMs);
      EXPECT_EQ(window.count, i) << key;
      EXPECT_EQ(window.window_start, kNow + 1) << key;
    }
    EXPECT_EQ(store_->CountRequest(key, kNow + 1 + kRateWindowMs, kRateWindowMs).count, 1);
  }
}

PAYD_ON_BOTH_STORES(AuthTest);

}  // namespace
}  // namespace payd::domain
