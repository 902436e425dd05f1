// Where new payments go, changed with care (DECISIONS §13, issue 35;
// domain/management/payout_changes.h), on both stores: a person's change needs
// the admin role and their password or code, waits a day announced, is
// canceled by an admin or confirmed sooner by a second owner, and applies by
// the clock once due; the account key and the operator change it at once.
#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

#include "base/strings.h"
#include "domain/error.h"
#include "domain/management/integrations.h"
#include "domain/management/payout_changes.h"
#include "domain/management/two_factor.h"
#include "domain/management/users.h"
#include "domain/people/sign_in.h"
#include "domain/people/two_factor.h"
#include "store_fixture.h"

namespace payd {
namespace {

constexpr const char* kPayoutPassword = "plum tree by the harbour";
constexpr const char* kMoved = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
constexpr base::TimeMs kAsked = 1'700'000'000'000;

class PayoutChangeTest : public testing::StoreTest {
 protected:
  domain::User Person(const std::string& email, const std::string& role) {
    domain::Change cli{*store_, domain::Actor::Cli(), tenant_.id, kAsked, std::nullopt};
    return *domain::CreateUser(cli, {email, "", role, std::string(kPayoutPassword)}).object;
  }
  domain::Change By(const domain::User& who, base::TimeMs now,
                    const domain::PasswordProof* proof = nullptr) {
    domain::Change change{*store_, domain::Actor::Person(who.id, who.role), tenant_.id, now, {}};
    change.password_proof = proof;
    return change;
  }
  std::optional<domain::PasswordProof> Proof(const domain::User& who, base::TimeMs now,
                                             const std::string& typed = kPayoutPassword) {
    return domain::ConfirmPassword(*store_, who, typed, "192.0.2.1", now).proof;
  }
  std::optional<domain::Integration> Ask(const domain::Change& change,
                                         const std::string& address = kMoved) {
    domain::IntegrationPatch patch;
    patch.payout_address = address;
    return domain::UpdateIntegration(change, catalog_, integration_.id, patch);
  }
  std::string Payout() { return store_->FindIntegrationById(integration_.id)->payout_address; }
  // The integration's INTEGRATION_PAYOUT_CHANGED steps (EventsAbout: oldest first).
  std::vector<boost::json::object> StepData() {
    std::vector<boost::json::object> out;
    for (const auto& e : store_->EventsAbout(tenant_.id, integration_.id, 100)) {
      if (e.type == domain::event_type::kIntegrationPayoutChanged)
        out.push_back(boost::json::parse(e.data_json).as_object());
    }
    return out;
  }
  std::vector<std::string> Steps() {
    std::vector<std::string> out;
    for (const auto& data : StepData()) out.emplace_back(data.at("status").as_string());
    return out;
  }
  boost::json::object LastStep() {
    auto all = StepData();
    return all.empty() ? boost::json::object{} : all.back();
  }
};

// Before issue 35 a developer changed it with no password, and it applied at once.
TEST_P(PayoutChangeTest, APersonsChangeNeedsAnAdminsPasswordAndWaitsADay) {
  auto dev = Person("dev@shop.example", "developer");
  auto ada = Person("ada@shop.example", "admin");
  const std::string before = integration_.payout_address;
  auto dev_proof = Proof(dev, kAsked);
  ASSERT_TRUE(dev_proof);
  EXPECT_THROW(Ask(By(dev, kAsked, &*dev_proof)), domain::Forbidden) << "a developer, with proof";
  try {
    Ask(By(ada, kAsked));
    ADD_FAILURE() << "an admin without a password";
  } catch (const domain::Error& e) {
    EXPECT_EQ(e.param(), "password");
  }
  EXPECT_THROW(Ask(By(ada, kAsked, &*dev_proof)), domain::Error) << "another person's proof";
  auto stale = Proof(ada, kAsked);
  EXPECT_THROW(Ask(By(ada, kAsked + domain::kPasswordProofMs + 1, &*stale)), domain::Error)
      << "a proof typed too long ago";
  EXPECT_TRUE(Steps().empty());

  auto proof = Proof(ada, kAsked);
  ASSERT_TRUE(Ask(By(ada, kAsked, &*proof)));
  EXPECT_EQ(Payout(), before) << "new payments still go where they went";
  EXPECT_EQ(Steps(), std::vector<std::string>{"SCHEDULED"});
  auto step = LastStep();
  EXPECT_EQ(step.at("newPayoutAddress").as_string(), kMoved);
  EXPECT_EQ(step.at("previousPayoutAddress").as_string(), before);
  EXPECT_EQ(step.at("changedBy").as_string(), ada.id);
  EXPECT_EQ(step.at("effectiveAt").as_string(),
            base::FormatTimestamp(kAsked + domain::kPayoutHoldMs));

  // The clock: not a moment early, then once.
  EXPECT_EQ(domain::ApplyDuePayoutChanges(*store_, kAsked + domain::kPayoutHoldMs - 1, 10), 0);
  EXPECT_EQ(Payout(), before);
  EXPECT_EQ(domain::ApplyDuePayoutChanges(*store_, kAsked + domain::kPayoutHoldMs, 10), 1);
  EXPECT_EQ(Payout(), kMoved);
  EXPECT_EQ(domain::ApplyDuePayoutChanges(*store_, kAsked + domain::kPayoutHoldMs + 1, 10), 0);
  EXPECT_EQ(Steps(), (std::vector<std::string>{"SCHEDULED", "APPLIED"}));
  EXPECT_TRUE(LastStep().at("decidedBy").is_null());
  auto log = store_->ListAuditLog(tenant_.id, 1, 0);
  ASSERT_EQ(log.size(), 1u);
  EXPECT_EQ(log[0].action, "integration.payout_apply");
  EXPECT_EQ(log[0].actor, ada.id) << "the asker's change, carried out by the clock";
}

TEST_P(PayoutChangeTest, AnAuthenticatorCodeServesAsThePassword) {
  auto ada = Person("ada@shop.example", "admin");
  auto factor = domain::StartTwoFactor(By(ada, kAsked), ada);
  domain::ConfirmTwoFactor(By(ada, kAsked), ada, domain::TotpCode(factor.secret, kAsked), "");
  const base::TimeMs later = kAsked + 120'000;
  std::string code = domain::TotpCode(factor.secret, later);
  auto proof = Proof(ada, later, code);
  ASSERT_TRUE(proof) << "the app's current code";
  EXPECT_FALSE(Proof(ada, later, code)) << "a code serves once";
  ASSERT_TRUE(Ask(By(ada, later, &*proof)));
  EXPECT_EQ(Steps(), std::vector<std::string>{"SCHEDULED"});
  // Without an authenticator, six digits are only a wrong password.
  auto dev = Person("ann@shop.example", "admin");
  EXPECT_FALSE(Proof(dev, later, code));
}

TEST_P(PayoutChangeTest, ASecondOwnerConfirmsItSoonerAndAnAdminCancelsIt) {
  auto ana = Person("ana@shop.example", "owner");
  auto cy = Person("cy@shop.example", "owner");
  auto ada = Person("ada@shop.example", "admin");
  auto dev = Person("dev@shop.example", "developer");
  const std::string before = integration_.payout_address;
  auto ana_proof = Proof(ana, kAsked);
  ASSERT_TRUE(Ask(By(ana, kAsked, &*ana_proof)));

  // The asker does not confirm their own change, an admin confirms none.
  auto again = Proof(ana, kAsked + 1);
  EXPECT_THROW(domain::ConfirmPayoutChange(By(ana, kAsked + 1, &*again), integration_.id),
               domain::Error);
  auto ada_proof = Proof(ada, kAsked + 1);
  EXPECT_THROW(domain::ConfirmPayoutChange(By(ada, kAsked + 1, &*ada_proof), integration_.id),
               domain::Forbidden);
  EXPECT_THROW(domain::ConfirmPayoutChange(By(cy, kAsked + 1), integration_.id), domain::Error)
      << "a second owner, without their password";
  EXPECT_EQ(Payout(), before);
  auto cy_proof = Proof(cy, kAsked + 2);
  auto applied = domain::ConfirmPayoutChange(By(cy, kAsked + 2, &*cy_proof), integration_.id);
  ASSERT_TRUE(applied);
  EXPECT_EQ(applied->payout_address, kMoved);
  EXPECT_EQ(Payout(), kMoved);
  EXPECT_EQ(LastStep().at("decidedBy").as_string(), cy.id);
  EXPECT_EQ(domain::ApplyDuePayoutChanges(*store_, kAsked + domain::kPayoutHoldMs, 10), 0)
      << "applied once";

  // Asked back; a developer may not cancel, an admin does, and nothing moves.
  auto back = Proof(ada, kAsked + 3);
  ASSERT_TRUE(Ask(By(ada, kAsked + 3, &*back), before));
  EXPECT_THROW(domain::CancelPayoutChange(By(dev, kAsked + 4), integration_.id), domain::Forbidden);
  EXPECT_TRUE(domain::CancelPayoutChange(By(ada, kAsked + 4), integration_.id));
  EXPECT_FALSE(domain::CancelPayoutChange(By(ada, kAsked + 5), integration_.id)) << "none waits";
  EXPECT_EQ(domain::ApplyDuePayoutChanges(*store_, kAsked + 2 * domain::kPayoutHoldMs, 10), 0);
  EXPECT_EQ(Payout(), kMoved);
  EXPECT_EQ(Steps(), (std::vector<std::string>{"SCHEDULED", "APPLIED", "SCHEDULED", "CANCELED"}));
}

TEST_P(PayoutChangeTest, TheAccountKeyAndTheOperatorChangeItAtOnceReplacingAWaitingChange) {
  auto ada = Person("ada@shop.example", "admin");
  auto proof = Proof(ada, kAsked);
  ASSERT_TRUE(Ask(By(ada, kAsked, &*proof)));
  // The operator sets it back: at once, and what waited is canceled.
  domain::Change cli{*store_, domain::Actor::Cli(), tenant_.id, kAsked + 1, std::nullopt};
  const std::string third = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
  ASSERT_TRUE(Ask(cli, third));
  EXPECT_EQ(Payout(), third);
  EXPECT_EQ(Steps(), (std::vector<std::string>{"SCHEDULED", "CANCELED", "APPLIED"}));
  EXPECT_EQ(domain::ApplyDuePayoutChanges(*store_, kAsked + domain::kPayoutHoldMs, 10), 0);
  EXPECT_EQ(Payout(), third);
  // The same address in another case is no change: nothing to prove or tell.
  EXPECT_TRUE(Ask(By(ada, kAsked + 2), base::AsciiLower(third)));
  EXPECT_EQ(Steps().size(), 3u);
}

PAYD_ON_BOTH_STORES(PayoutChangeTest);

}  // namespace
}  // namespace payd
