// Who may do what is decided in domain/, for every surface (DECISIONS §13,
// issue 35): each management operation, run as each role, refuses a person
// whose role is below the one tests/unit/data/domain_permissions.tsv names
// (domain::Forbidden, naming it), before it looks at its input, whatever
// surface called it. From that role up it may still refuse the input (an
// empty name, an unknown id): only Forbidden counts here. Add a line to the
// data file and a case below to add an operation.
#include <gtest/gtest.h>

#include <functional>
#include <map>

#include "domain/error.h"
#include "domain/management/integrations.h"
#include "domain/management/payment_exceptions.h"
#include "domain/management/payment_intents.h"
#include "domain/management/payment_links.h"
#include "domain/management/two_factor.h"
#include "domain/management/users.h"
#include "domain/management/webhook_endpoints.h"
#include "store_fixture.h"
#include "test_data.h"

namespace payd {
namespace {

using Operation = std::function<void(const domain::Change&)>;

class DomainPermissionsTest : public testing::StoreTest {
 protected:
  std::map<std::string, Operation> Operations() {
    const domain::Representation representation{catalog_, "http://payd.test"};
    auto none = [](const std::string&) { return std::string(); };
    domain::User someone{"user_none",           tenant_.id,   "none@shop.example", "None",
                         domain::Role::kViewer, std::nullopt, std::nullopt,        1};
    return {
        {"create an integration",
         [&](const auto& c) { domain::CreateIntegration(c, catalog_, {}); }},
        {"change an integration",
         [&](const auto& c) { domain::UpdateIntegration(c, catalog_, "int_none", {}); }},
        {"add a webhook endpoint",
         [&](const auto& c) { domain::CreateWebhookEndpoint(c, {}, none); }},
        {"change a webhook endpoint",
         [&](const auto& c) { domain::UpdateWebhookEndpoint(c, "we_none", {}, none); }},
        {"remove a webhook endpoint",
         [&](const auto& c) { domain::DeleteWebhookEndpoint(c, "we_none"); }},
        {"send a test event", [&](const auto& c) { domain::SendTestEvent(c, "we_none"); }},
        {"redeliver a webhook", [&](const auto& c) { domain::Redeliver(c, "whd_none"); }},
        {"create a payment link",
         [&](const auto& c) { domain::CreatePaymentLink(c, catalog_, "https://pay.example", {}); }},
        {"change a payment link",
         [&](const auto& c) {
           domain::UpdatePaymentLink(c, catalog_, "https://pay.example", "plink_none", {});
         }},
        {"cancel an intent",
         [=](const auto& c) { domain::CancelIntent(c, representation, "pi_none"); }},
        {"resolve an intent",
         [=](const auto& c) { domain::ResolveIntent(c, representation, "pi_none", true, ""); }},
        {"trust a sender",
         [=](const auto& c) { domain::SetMerchantSenderHint(c, representation, "pi_none", ""); }},
        {"attach a transfer",
         [=](const auto& c) { domain::AttachPayment(c, representation, "pay_none", "pi_none"); }},
        {"rotate the webhook secret", [](const auto& c) { domain::RotateWebhookSecret(c); }},
        {"reveal the webhook secret", [](const auto& c) { domain::RevealWebhookSecrets(c); }},
        {"add a person", [](const auto& c) { domain::CreateUser(c, {}); }},
        {"change a person", [](const auto& c) { domain::UpdateUser(c, "user_none", {}); }},
        {"set a person's password",
         [](const auto& c) { domain::SetUserPassword(c, "user_none", ""); }},
        {"issue a sign-in link",
         [](const auto& c) {
           domain::IssueSignInLink(c, "user_none", domain::LinkPurpose::kReset);
         }},
        {"require two factors",
         [someone](const auto& c) { domain::RequireTwoFactor(c, someone, true); }},
    };
  }
};

TEST_P(DomainPermissionsTest, EachOperationRefusesARoleBelowItsOwn) {
  auto operations = Operations();
  auto cases = testing::ReadCases("domain_permissions.tsv");
  ASSERT_EQ(cases.size(), operations.size()) << "a case for every operation, and no other";
  const domain::Role roles[] = {domain::Role::kOwner, domain::Role::kAdmin,
                                domain::Role::kDeveloper, domain::Role::kViewer};
  for (const auto& c : cases) {
    SCOPED_TRACE("domain_permissions.tsv:" + std::to_string(c.line) + " " + c.columns[0]);
    ASSERT_EQ(c.columns.size(), 2u);
    auto operation = operations.find(c.columns[0]);
    ASSERT_NE(operation, operations.end()) << "no such case in the test";
    domain::Role least = *domain::ParseRole(c.columns[1]);
    for (domain::Role role : roles) {
      SCOPED_TRACE(std::string(domain::RoleName(role)));
      domain::Change change{*store_, domain::Actor::Person("user_case", role), tenant_.id, 1000,
                            std::nullopt};
      std::size_t audit = store_->ListAuditLog(tenant_.id, 10'000, 0).size();
      bool refused = false;
      try {
        operation->second(change);
      } catch (const domain::Forbidden& e) {
        refused = true;
        EXPECT_EQ(e.needed(), least);
      } catch (const domain::Error&) {  // the empty input, or the unknown id
      }
      // Roles run owner first: a role below `least` has a larger enum value.
      EXPECT_EQ(refused, role > least);
      if (refused) {
        EXPECT_EQ(store_->ListAuditLog(tenant_.id, 10'000, 0).size(), audit);
      }
    }
  }
}

PAYD_ON_BOTH_STORES(DomainPermissionsTest);

}  // namespace
}  // namespace payd
