// The dashboard's people (DECISIONS §13): what each role may do, the sign-in
// address and password rules, Argon2id hashes, and the user operations on
// both stores (the last owner stays, and pages know who that is; no audit row holds a hash).
#include <gtest/gtest.h>

#include "domain/error.h"
#include "domain/management/users.h"
#include "domain/people/password.h"
#include "domain/people/user.h"
#include "store_fixture.h"

namespace payd {
namespace {

using domain::Permission;
using domain::Role;

// DECISIONS §13's table, written out: owner everything, admin all but people,
// developer keys, webhooks and integrations and reads, viewer reads.
TEST(Roles, EachRoleMayDoWhatDecisionsSays) {
  struct Row {
    Role role;
    bool read, developer_tools, commerce, account, people;
  };
  const Row rows[] = {
      {Role::kOwner, true, true, true, true, true},
      {Role::kAdmin, true, true, true, true, false},
      {Role::kDeveloper, true, true, false, false, false},
      {Role::kViewer, true, false, false, false, false},
  };
  for (const Row& r : rows) {
    SCOPED_TRACE(std::string(domain::RoleName(r.role)));
    EXPECT_EQ(domain::Allows(r.role, Permission::kRead), r.read);
    EXPECT_EQ(domain::Allows(r.role, Permission::kDeveloperTools), r.developer_tools);
    EXPECT_EQ(domain::Allows(r.role, Permission::kCommerce), r.commerce);
    EXPECT_EQ(domain::Allows(r.role, Permission::kAccount), r.account);
    EXPECT_EQ(domain::Allows(r.role, Permission::kPeople), r.people);
    EXPECT_EQ(domain::ParseRole(domain::RoleName(r.role)), r.role);
  }
  EXPECT_EQ(domain::RoleNeeded(Permission::kPeople), Role::kOwner);
  EXPECT_FALSE(domain::ParseRole("Owner"));
  EXPECT_FALSE(domain::ParseRole("root"));
}

std::string ParamOf(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const domain::Error& e) {
    return e.param();
  }
  return "(accepted)";
}

TEST(Email, TrimmedLowercasedAndShaped) {
  EXPECT_EQ(domain::CheckEmail("  Ana@Shop.Example "), "ana@shop.example");
  for (const char* bad : {"", "ana", "@shop.example", "ana@", "ana@shop", "ana@@shop.example",
                          "a b@shop.example", "ana@shop.example.", "ana@shop\n.example"}) {
    SCOPED_TRACE(bad);
    EXPECT_EQ(ParamOf([&] { domain::CheckEmail(bad); }), "email");
  }
  EXPECT_EQ(ParamOf([] { domain::CheckEmail(std::string(250, 'a') + "@x.io"); }), "email");
  EXPECT_EQ(ParamOf([] { domain::CheckEmail("an\xff@shop.example"); }), "email");
  EXPECT_EQ(ParamOf([] { domain::CheckUserName("Ana \xc3"); }), "name");
  EXPECT_EQ(domain::CheckUserName(" Ana López "), "Ana López");
}

TEST(Passwords, NewPasswordsMeetTheRules) {
  auto check = [](const std::string& pw) {
    return ParamOf([&] { domain::CheckNewPassword(pw, "ana.lopez@shop.example"); });
  };
  EXPECT_EQ(check("short-one"), "password");               // under 12
  EXPECT_EQ(check(std::string(1025, 'x')), "password");    // over 1024
  EXPECT_EQ(check("ana.lopez@shop.example"), "password");  // the address
  EXPECT_EQ(check("ANA.LOPEZ@SHOP.EXAMPLE"), "password");  // in any case
  EXPECT_EQ(check("123456789012"), "password");            // on the common list
  EXPECT_EQ(check("1234567890qwerty"), "password");        // on the common list
  EXPECT_EQ(check("correct horse battery staple"), "(accepted)");
  EXPECT_EQ(check(std::string(1024, 'x') + ""), "(accepted)");
  EXPECT_TRUE(domain::IsCommonPassword("Password1234"));
}

TEST(Passwords, Argon2idHashesVerifyOnlyTheirPassword) {
  std::string hash = domain::HashPassword("correct horse battery staple");
  EXPECT_EQ(hash.rfind("$argon2id$", 0), 0u) << hash;
  EXPECT_EQ(hash.find("correct"), std::string::npos);
  EXPECT_TRUE(domain::VerifyPassword(hash, "correct horse battery staple"));
  EXPECT_FALSE(domain::VerifyPassword(hash, "correct horse battery stapler"));
  EXPECT_FALSE(domain::VerifyPassword(hash, ""));
  EXPECT_FALSE(domain::NeedsRehash(hash));
  // Salted: the same password hashes differently each time.
  EXPECT_NE(domain::HashPassword("correct horse battery staple"), hash);
  EXPECT_FALSE(domain::VerifyPassword("not a hash", "x"));
  EXPECT_FALSE(domain::VerifyPassword(domain::DecoyPasswordHash(), ""));
}

class PeopleTest : public testing::StoreTest {
 protected:
  domain::Change At(base::TimeMs now) {
    return {*store_, domain::Actor::Cli(), tenant_.id, now, std::nullopt};
  }
  domain::User Add(const std::string& email, const std::string& role,
                   std::optional<std::string> password = std::nullopt) {
    return *domain::CreateUser(At(1000), {email, "", role, std::move(password)}).object;
  }
  std::string ParamOfUpdate(const std::string& id, domain::UserPatch patch) {
    return ParamOf([&] { domain::UpdateUser(At(2000), id, patch); });
  }
};

TEST_P(PeopleTest, AUserIsStoredWithAHashAndListedWithout) {
  auto ana = Add(" Ana@Shop.Example", "owner", "correct horse battery staple");
  EXPECT_EQ(ana.id.rfind("user_", 0), 0u);
  EXPECT_EQ(ana.name, "ana");

  auto found = store_->FindUserByEmail("ana@shop.example");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->tenant_id, tenant_.id);
  EXPECT_EQ(found->role, Role::kOwner);
  ASSERT_TRUE(found->password_hash);
  EXPECT_TRUE(domain::VerifyPassword(*found->password_hash, "correct horse battery staple"));
  EXPECT_EQ(store_->ListUsers(tenant_.id).size(), 1u);
  EXPECT_TRUE(store_->ListUsers("ten_other").empty());
  EXPECT_FALSE(store_->FindUser("ten_other", ana.id));

  auto view = domain::UserView(*found);
  EXPECT_EQ(view.at("status"), "active");
  EXPECT_FALSE(view.contains("passwordHash"));
  auto log = store_->ListAuditLog(tenant_.id, 10, 0);
  ASSERT_EQ(log.size(), 1u);
  EXPECT_EQ(log[0].action, "user.create");
  EXPECT_EQ(log[0].actor, "cli");
  EXPECT_EQ(log[0].after_json->find("argon2"), std::string::npos) << *log[0].after_json;
}

TEST_P(PeopleTest, AnAddressIsOnePersonEverywhere) {
  Add("ana@shop.example", "owner");
  EXPECT_EQ(ParamOf([&] { Add("ANA@shop.example", "viewer"); }), "email");
  EXPECT_EQ(ParamOf([&] { Add("bo@shop.example", "superuser"); }), "role");
  EXPECT_EQ(ParamOf([&] { Add("bo@shop.example", "viewer", "password1234"); }), "password");
  // Refused creations store nothing and log nothing.
  EXPECT_EQ(store_->ListUsers(tenant_.id).size(), 1u);
  EXPECT_EQ(store_->ListAuditLog(tenant_.id, 10, 0).size(), 1u);
  auto invited = store_->ListUsers(tenant_.id)[0];
  EXPECT_EQ(domain::UserView(invited).at("status"), "invited");
}

TEST_P(PeopleTest, TheLastOwnerStays) {
  auto ana = Add("ana@shop.example", "owner");
  auto bo = Add("bo@shop.example", "admin");
  domain::UserPatch demote;
  demote.role = "admin";
  domain::UserPatch disable;
  disable.disabled = true;
  EXPECT_EQ(ParamOfUpdate(ana.id, demote), "role");
  EXPECT_EQ(ParamOfUpdate(ana.id, disable), "role");
  EXPECT_EQ(store_->FindUser(tenant_.id, ana.id)->role, Role::kOwner);
  // What the refusal says is what pages do not offer (domain::IsLastActiveOwner).
  auto last = [&](const std::string& id) {
    auto everyone = store_->ListUsers(tenant_.id);
    return domain::IsLastActiveOwner(*store_->FindUser(tenant_.id, id), everyone);
  };
  EXPECT_TRUE(last(ana.id));
  EXPECT_FALSE(last(bo.id)) << "not an owner";

  domain::UserPatch promote;
  promote.role = "owner";
  ASSERT_TRUE(domain::UpdateUser(At(3000), bo.id, promote));
  EXPECT_FALSE(last(ana.id)) << "two owners: either may go";
  auto disabled = domain::UpdateUser(At(4000), ana.id, disable);
  ASSERT_TRUE(disabled);
  EXPECT_EQ(disabled->disabled_at, 4000);
  EXPECT_EQ(domain::UserView(*disabled).at("status"), "disabled");
  // bo is now the last enabled owner.
  EXPECT_EQ(ParamOfUpdate(bo.id, disable), "role");
  EXPECT_TRUE(last(bo.id));
  EXPECT_FALSE(last(ana.id)) << "a disabled owner is nobody's last";
  EXPECT_EQ(store_->ListAuditLog(tenant_.id, 1, 0)[0].action, "user.disable");
  EXPECT_FALSE(domain::UpdateUser(At(5000), "user_nobody", promote));
}

TEST_P(PeopleTest, APasswordSetLaterReplacesTheOldOne) {
  auto ana = Add("ana@shop.example", "owner", "correct horse battery staple");
  EXPECT_EQ(ParamOf([&] { domain::SetUserPassword(At(2000), ana.id, "123456789012"); }),
            "password");
  ASSERT_TRUE(domain::SetUserPassword(At(2000), ana.id, "a whole new sentence here"));
  auto hash = *store_->FindUser(tenant_.id, ana.id)->password_hash;
  EXPECT_TRUE(domain::VerifyPassword(hash, "a whole new sentence here"));
  EXPECT_FALSE(domain::VerifyPassword(hash, "correct horse battery staple"));
  auto log = store_->ListAuditLog(tenant_.id, 1, 0)[0];
  EXPECT_EQ(log.action, "user.password");
  EXPECT_EQ(log.after_json->find("argon2"), std::string::npos);
  EXPECT_FALSE(domain::SetUserPassword(At(3000), "user_nobody", "a whole new sentence here"));
}

PAYD_ON_BOTH_STORES(PeopleTest);

}  // namespace
}  // namespace payd
