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
#include "domain/management/email_choices.h"
#include "domain/management/email_test.h"
#include "domain/management/integrations.h"
#include "domain/management/payment_exceptions.h"
#include "domain/management/payment_intents.h"
#include "domain/management/payment_links.h"
#include "domain/management/payout_changes.h"
#include "domain/management/payouts.h"
#include "domain/management/refunds.h"
#include "domain/management/reporting_currency.h"
#include "domain/management/two_factor.h"
#include "domain/management/users.h"
#include "domain/management/webhook_endpoints.h"
#include "store_fixture.h"
#include "test_data.h"

namespace payd {
namespace {

using Operation = std::function<void(const domain::Change&)>;

constexpr const char* kOtherPayout = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

// Runs `operation`; whether it refused the actor (and wrote no audit row then).
bool Refuses(domain::Store& store, const std::string& tenant, const Operation& operation,
             const domain::Change& change) {
  std::size_t audit = store.ListAuditLog(tenant, 10'000, 0).size();
  try {
    operation(change);
  } catch (const domain::Error& e) {  // the empty input, or the unknown id, passes
    if (e.kind() != domain::ErrorKind::kForbidden) return false;
    EXPECT_EQ(store.ListAuditLog(tenant, 10'000, 0).size(), audit);
    return true;
  }
  return false;
}

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
        // The integration's own: the payout check comes after the integration's.
        {"ask for a new payout address",
         [&](const auto& c) {
           domain::IntegrationPatch patch;
           const std::string now = store_->FindIntegrationById(integration_.id)->payout_address;
           patch.payout_address = now == kOtherPayout ? integration_.payout_address : kOtherPayout;
           domain::UpdateIntegration(c, catalog_, integration_.id, patch);
         }},
        {"cancel a payout address change",
         [](const auto& c) { domain::CancelPayoutChange(c, "int_none"); }},
        {"confirm a payout address change",
         [](const auto& c) { domain::ConfirmPayoutChange(c, "int_none"); }},
        {"choose the reporting currency",
         [&](const auto& c) { domain::SetReportingCurrency(c, catalog_, "USD"); }},
        {"refund a payment",
         [&](const auto& c) {
           domain::StaticPrices prices;
           domain::RefundRequest request;
           request.payment_id = "pay_none";
           domain::CreateRefund(c, catalog_, prices, request);
         }},
        {"make a refund page link", [](const auto& c) { domain::NewRefundPage(c, "re_none"); }},
        {"cancel a refund", [](const auto& c) { domain::CancelRefund(c, "re_none"); }},
        {"prepare a payout",
         [&](const auto& c) { domain::CreatePayout(c, catalog_, domain::PayoutRequest{}); }},
        {"cancel a payout", [](const auto& c) { domain::CancelPayout(c, "po_none"); }},
        // The integration's own, like the payout address: turned the other way each time.
        {"change how near amounts are matched",
         [&](const auto& c) {
           domain::IntegrationPatch patch;
           patch.match_near_amounts =
               !store_->FindIntegrationById(integration_.id)->match_near_amounts;
           domain::UpdateIntegration(c, catalog_, integration_.id, patch);
         }},
        {"send a test email",
         [](const auto& c) {
           static const domain::Mailing mailing{"https://pay.shop.example"};
           domain::Change with_mail = c;
           with_mail.mailing = &mailing;
           domain::SendTestEmail(with_mail);
         }},
        {"choose what one is emailed about",
         [](const auto& c) {
           domain::ChooseOwnEmail(c, {{"payment_received", "on"}});
         }},
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
    ASSERT_EQ(c.columns.size(), 3u);
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
        // It names a role the person lacks: `least`, or the first step they
        // lack on the way there (a viewer asking for a new payout address
        // lacks a developer's right to change an integration at all).
        EXPECT_LT(e.needed(), role);
        EXPECT_GE(e.needed(), least);
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

TEST_P(DomainPermissionsTest, EachOperationRefusesAKeyWithoutItsScope) {
  auto operations = Operations();
  for (const auto& c : testing::ReadCases("domain_permissions.tsv")) {
    SCOPED_TRACE("domain_permissions.tsv:" + std::to_string(c.line) + " " + c.columns[0]);
    ASSERT_EQ(c.columns.size(), 3u);
    const auto& operation = operations.at(c.columns[0]);
    auto as = [&](domain::KeyRights rights) {
      return domain::Change{*store_, domain::Actor::Key("key_case", rights), tenant_.id, 1000,
                            std::nullopt};
    };
    const std::vector<std::string> all = domain::ScopeSet::All().Names();
    std::vector<std::string> others;
    for (const auto& name : all)
      if (name != c.columns[2]) others.push_back(name);
    EXPECT_TRUE(
        Refuses(*store_, tenant_.id, operation, as({*domain::ScopeSet::Parse(others), false})))
        << "a key with every scope but the one needed";
    EXPECT_FALSE(Refuses(*store_, tenant_.id, operation, as(domain::KeyRights::Account())))
        << "the account key";
    if (c.columns[2] == "account key") {
      EXPECT_TRUE(Refuses(*store_, tenant_.id, operation, as({domain::ScopeSet::All(), false})))
          << "a key with every scope, not the account key";
    } else {
      auto only = domain::ScopeSet::Parse({c.columns[2]});
      ASSERT_TRUE(only) << "no such scope";
      EXPECT_FALSE(Refuses(*store_, tenant_.id, operation, as({*only, false})))
          << "a key with that scope alone";
    }
  }
}

PAYD_ON_BOTH_STORES(DomainPermissionsTest);

}  // namespace
}  // namespace payd
