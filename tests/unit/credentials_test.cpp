#include "domain/access/credentials.h"

#include <gtest/gtest.h>

#include <set>

#include "base/crypto.h"

namespace payd::domain {
namespace {

TEST(Credentials, PrefixesPerKindAndEnvironment) {
  EXPECT_EQ(KeyPrefix(KeyKind::kPublic, Environment::kTestnet), "svc_pk_test_");
  EXPECT_EQ(KeyPrefix(KeyKind::kPublic, Environment::kMainnet), "svc_pk_live_");
  EXPECT_EQ(KeyPrefix(KeyKind::kAccount, Environment::kTestnet), "svc_ak_test_");
  EXPECT_EQ(KeyPrefix(KeyKind::kIntegration, Environment::kMainnet), "svc_live_");
}

TEST(Credentials, GeneratedKeysCarry256RandomBitsAndParseBack) {
  std::set<std::string> seen;
  for (KeyKind kind : {KeyKind::kPublic, KeyKind::kAccount, KeyKind::kIntegration}) {
    for (Environment env : {Environment::kTestnet, Environment::kMainnet}) {
      GeneratedKey key = GenerateKey(kind, env);
      EXPECT_EQ(key.plaintext.size(), key.prefix.size() + 43);
      EXPECT_TRUE(key.plaintext.starts_with(key.prefix));
      EXPECT_EQ(key.last4, key.plaintext.substr(key.plaintext.size() - 4));
      EXPECT_EQ(key.digest, base::Sha256(key.plaintext));
      auto parsed = ParsePresentedKey(key.plaintext);
      ASSERT_TRUE(parsed);
      EXPECT_EQ(parsed->kind, kind);
      EXPECT_EQ(parsed->environment, env);
      EXPECT_EQ(parsed->digest, key.digest);
      EXPECT_TRUE(seen.insert(key.plaintext).second);
    }
  }
}

TEST(Credentials, MalformedKeysAreRefused) {
  std::string good = GenerateKey(KeyKind::kPublic, Environment::kTestnet).plaintext;
  EXPECT_FALSE(ParsePresentedKey(""));
  EXPECT_FALSE(ParsePresentedKey("svc_pk_test_"));
  EXPECT_FALSE(ParsePresentedKey(good + "x"));
  EXPECT_FALSE(ParsePresentedKey(good.substr(0, good.size() - 1)));
  EXPECT_FALSE(ParsePresentedKey("svc_xx_test_" + good.substr(12)));
  EXPECT_FALSE(ParsePresentedKey("svc_pk_test_" + std::string(42, 'a') + "!"));
}

TEST(Credentials, ScopesParseStrictly) {
  auto scopes = ScopeSet::Parse({"payments:read", "events:read"});
  ASSERT_TRUE(scopes);
  EXPECT_TRUE(scopes->Has(Scope::kPaymentsRead));
  EXPECT_FALSE(scopes->Has(Scope::kPaymentsWrite));
  EXPECT_TRUE(scopes->Has(Scope::kEventsRead));
  EXPECT_EQ(scopes->Names(), (std::vector<std::string>{"payments:read", "events:read"}));
  EXPECT_FALSE(ScopeSet::Parse({"payments:admin"}));
  EXPECT_FALSE(ScopeSet::Parse({"Payments:Read"}));
  EXPECT_TRUE(ScopeSet::Parse({})->Empty());
  EXPECT_EQ(ScopeSet::All().Names(),
            (std::vector<std::string>{"payments:read", "payments:write", "events:read",
                                      "webhooks:write", "refunds:write", "payouts:write"}));
  EXPECT_TRUE(ScopeSet::Parse({"webhooks:write"})->Has(Scope::kWebhooksWrite));
}

TEST(Credentials, WebhookSecretIsStandardWebhooksShaped) {
  std::string secret = GenerateWebhookSecret();
  ASSERT_TRUE(secret.starts_with("whsec_"));
  auto raw = base::Base64Decode(secret.substr(6));
  ASSERT_TRUE(raw);
  EXPECT_EQ(raw->size(), 32u);
}

}  // namespace
}  // namespace payd::domain
