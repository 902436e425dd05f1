// Who may make, rotate and revoke which API key, decided once in
// domain/management/api_keys.cpp for every surface (DECISIONS §13). The cases
// are tests/unit/data/key_permissions.tsv, run on both stores: add a line to
// add a case. A refused operation changes nothing: no key made or ended, no
// audit row.
#include <gtest/gtest.h>

#include <sstream>

#include "domain/error.h"
#include "domain/management/api_keys.h"
#include "store_fixture.h"
#include "test_data.h"

namespace payd {
namespace {

domain::Actor ActorOf(const std::string& who) {
  if (who == "cli") return domain::Actor::Cli();
  if (who == "key") return domain::Actor::Key("key_account");
  return domain::Actor::Person("user_case", *domain::ParseRole(who));
}

// "public:payments:read,events:read", "account:" or "integration:".
domain::ApiKeyRequest KeyRequest(const std::string& spec, const std::string& integration_id) {
  std::size_t colon = spec.find(':');
  domain::ApiKeyRequest request;
  request.name = "case";
  request.kind = *domain::ParseKeyKind(spec.substr(0, colon));
  std::stringstream scopes(spec.substr(colon + 1));
  for (std::string scope; std::getline(scopes, scope, ',');) request.scopes.push_back(scope);
  if (request.kind == domain::KeyKind::kIntegration) request.integration_id = integration_id;
  return request;
}

class KeyPermissionsTest : public testing::StoreTest {
 protected:
  static constexpr auto kEnv = domain::Environment::kTestnet;
  domain::Change By(domain::Actor actor) {
    return {*store_, std::move(actor), tenant_.id, 1000, std::nullopt};
  }
  std::size_t AuditRows() { return store_->ListAuditLog(tenant_.id, 10'000, 0).size(); }
};

TEST_P(KeyPermissionsTest, APersonManagesOnlyTheKeysTheirRoleCouldUse) {
  auto cases = testing::ReadCases("key_permissions.tsv");
  ASSERT_GE(cases.size(), 20u);
  for (const auto& c : cases) {
    SCOPED_TRACE("key_permissions.tsv:" + std::to_string(c.line));
    ASSERT_EQ(c.columns.size(), 4u);
    const std::string& operation = c.columns[1];
    const std::string& expected = c.columns[3];
    auto request = KeyRequest(c.columns[2], integration_.id);
    std::string existing;  // the key an owner made, for a rotation or a revocation
    if (operation != "create") {
      auto owner = domain::Actor::Person("user_owner", domain::Role::kOwner);
      existing = domain::CreateApiKey(By(owner), kEnv, request).object->record.id;
    }
    std::size_t keys = store_->ListApiKeys(tenant_.id).size(), rows = AuditRows();
    auto change = By(ActorOf(c.columns[0]));
    auto run = [&] {
      if (operation == "create") {
        domain::CreateApiKey(change, kEnv, request);
      } else if (operation == "rotate") {
        domain::RotateApiKey(change, kEnv, existing, 0);
      } else {
        ASSERT_EQ(operation, "revoke");
        domain::RevokeApiKey(change, existing);
      }
    };
    if (expected == "ok") {
      EXPECT_NO_THROW(run());
      EXPECT_GT(AuditRows(), rows) << "done and audited";
      continue;
    }
    try {
      run();
      ADD_FAILURE() << "allowed; expected " << expected;
    } catch (const domain::Forbidden& refused) {
      EXPECT_EQ("forbidden:" + std::string(domain::RoleName(refused.needed())), expected);
    }
    EXPECT_EQ(store_->ListApiKeys(tenant_.id).size(), keys) << "no key made";
    EXPECT_EQ(AuditRows(), rows) << "nothing recorded";
    if (!existing.empty()) {
      auto key = store_->FindApiKey(existing);
      EXPECT_FALSE(key->revoked_at) << "still working";
      EXPECT_FALSE(key->expires_at) << "still working";
    }
  }
}

PAYD_ON_BOTH_STORES(KeyPermissionsTest);

}  // namespace
}  // namespace payd
