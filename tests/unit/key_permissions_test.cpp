// Who may make, rotate and revoke which API key, decided once in
// domain/management/api_keys.cpp for every surface (DECISIONS §13). The cases
// are tests/unit/data/key_permissions.tsv, run on both stores: add a line to
// add a case. A refused operation changes nothing: no key made or ended, no
// audit row.
#include <gtest/gtest.h>

#include <sstream>

#include "domain/error.h"
#include "domain/management/api_keys.h"
#include "domain/management/users.h"
#include "store_fixture.h"
#include "test_data.h"

namespace payd {
namespace {

domain::Actor ActorOf(const std::string& who) {
  if (who == "cli") return domain::Actor::Cli();
  if (who == "key") return domain::Actor::Key("key_account", domain::KeyRights::Account());
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

// A key records who made it: the person, key or operator of the change, and for
// a rotation's new key whoever rotated (an API list shows it as createdBy).
TEST_P(KeyPermissionsTest, AKeyRecordsWhoMadeIt) {
  auto request = KeyRequest("public:payments:read", integration_.id);
  auto made = domain::CreateApiKey(By(domain::Actor::Person("user_ada", domain::Role::kAdmin)),
                                   kEnv, request);
  EXPECT_EQ(store_->FindApiKey(made.object->record.id)->created_by, "user_ada");
  auto rotated = domain::RotateApiKey(By(domain::Actor::Cli()), kEnv, made.object->record.id, 0);
  EXPECT_EQ(store_->FindApiKey(rotated->record.id)->created_by, "cli");
  EXPECT_EQ(store_->FindApiKey(made.object->record.id)->created_by, "user_ada") << "kept";
  auto view = domain::ApiKeyView(*store_->FindApiKey(rotated->record.id), 1000);
  EXPECT_EQ(view.at("createdBy"), "cli");
}

// Disabling a person revokes the keys they made that still work (each with an
// audit row), unless the owner keeps them; another person's keys are left alone.
TEST_P(KeyPermissionsTest, DisablingAPersonRevokesTheKeysTheyMade) {
  auto owner = By(domain::Actor::Person("user_owner", domain::Role::kOwner));
  domain::CreateUser(owner, {"owner@shop.example", "", "owner", std::nullopt});
  auto dev = *domain::CreateUser(owner, {"dev@shop.example", "", "developer", std::nullopt}).object;
  auto other =
      *domain::CreateUser(owner, {"ops@shop.example", "", "developer", std::nullopt}).object;
  auto make = [&](const domain::User& who) {
    auto change = By(domain::Actor::Person(who.id, who.role));
    return domain::CreateApiKey(change, kEnv, KeyRequest("public:payments:read", ""))
        .object->record.id;
  };
  std::string first = make(dev), second = make(dev), theirs = make(other);
  domain::RevokeApiKey(owner, second);  // already ended: not revoked again
  std::size_t rows = AuditRows();

  domain::UserPatch keep;
  keep.disabled = true;
  keep.keep_keys = true;
  domain::UpdateUser(owner, dev.id, keep);
  EXPECT_FALSE(store_->FindApiKey(first)->revoked_at) << "kept on request";
  EXPECT_EQ(AuditRows(), rows + 1) << "user.disable only";

  domain::UserPatch enable;
  enable.disabled = false;
  domain::UpdateUser(owner, dev.id, enable);
  domain::UserPatch disable;
  disable.disabled = true;
  rows = AuditRows();
  domain::UpdateUser(owner, dev.id, disable);
  EXPECT_EQ(store_->FindApiKey(first)->revoked_at, 1000) << "revoked by default";
  EXPECT_FALSE(store_->FindApiKey(theirs)->revoked_at) << "another person's key works";
  auto log = store_->ListAuditLog(tenant_.id, 10, 0);
  ASSERT_EQ(AuditRows(), rows + 2) << "user.disable and one api_key.revoke";
  bool revoke_row = false;
  for (const auto& entry : log) {
    revoke_row |= entry.action == "api_key.revoke" && entry.object_id == first;
  }
  EXPECT_TRUE(revoke_row);
}

PAYD_ON_BOTH_STORES(KeyPermissionsTest);

}  // namespace
}  // namespace payd
