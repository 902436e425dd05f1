// No read-then-write races (issue 35 item 4): what may happen once happens
// once when many requests ask at the same moment, on both stores. Each test
// starts 50 threads together on the same domain operation and counts the
// winners. On PostgreSQL each thread has its own connection from the pool,
// so the transactions truly interleave; SQLite runs writers one at a time.
#include <gtest/gtest.h>

#include <atomic>
#include <functional>
#include <latch>
#include <thread>
#include <vector>

#include "domain/error.h"
#include "domain/management/integrations.h"
#include "domain/management/payout_changes.h"
#include "domain/management/two_factor.h"
#include "domain/management/users.h"
#include "domain/people/password.h"
#include "domain/people/sign_in.h"
#include "domain/people/two_factor.h"
#include "store_fixture.h"

namespace payd {
namespace {

constexpr int kRacers = 50;
constexpr base::TimeMs kRaceStart = 1'700'000'000'000;

// Runs `attempt` on `racers` threads released at once; how many returned true.
// An exception is a loss (a refusal such as "the last owner stays").
int RaceWinners(const std::function<bool(int)>& attempt, int racers = kRacers) {
  std::latch start(racers);
  std::atomic<int> winners = 0;
  std::vector<std::thread> threads;
  for (int i = 0; i < racers; ++i) {
    threads.emplace_back([&, i] {
      start.arrive_and_wait();
      try {
        if (attempt(i)) ++winners;
      } catch (const domain::Error&) {
      }
    });
  }
  for (auto& t : threads) t.join();
  return winners;
}

class RacesTest : public testing::StoreTest {
 protected:
  static constexpr const char* kPassword = "plum tree by the harbour";
  domain::Change Cli(base::TimeMs now) {
    return {*store_, domain::Actor::Cli(), tenant_.id, now, std::nullopt};
  }
  domain::User AddUser(const std::string& email, const std::string& role,
                       std::optional<std::string> password = std::nullopt) {
    return *domain::CreateUser(Cli(kRaceStart), {email, "", role, std::move(password)}).object;
  }
  domain::SessionPolicy policy_;
};

// One authenticator code, sent by 50 sign-ins at once: one signs in. Ten
// rounds, each two hours apart (the losers' failures lock the address; an hour
// forgets them): a race lost by timing in one round is seen in another.
TEST_P(RacesTest, ATotpCodeSignsInOnce) {
  auto ana = AddUser("ana@shop.example", "owner", kPassword);
  auto factor = domain::StartTwoFactor(Cli(kRaceStart), ana);
  domain::ConfirmTwoFactor(Cli(kRaceStart), ana, domain::TotpCode(factor.secret, kRaceStart), "");
  for (int round = 0; round < 10; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    base::TimeMs now = kRaceStart + 120'000 + round * 2LL * 60 * 60 * 1000;
    auto waiting =
        domain::SignIn(*store_, "ana@shop.example", kPassword, "192.0.2.1", policy_, now);
    ASSERT_EQ(waiting.outcome, domain::SignInResult::Outcome::kSecondFactorNeeded);
    auto wait = *domain::FindSecondFactorWait(*store_, waiting.signed_in->token, now);
    std::string code = domain::TotpCode(factor.secret, now);
    EXPECT_EQ(RaceWinners([&](int) {
                auto result =
                    domain::SignInWithCode(*store_, wait, code, "192.0.2.1", policy_, now);
                return result.outcome == domain::SignInResult::Outcome::kSignedIn;
              }),
              1);
  }
}

// Turning two factors on with the app's first code, 50 times at once: one set
// of recovery codes is made and kept.
TEST_P(RacesTest, ASecondFactorIsTurnedOnOnce) {
  auto ana = AddUser("ana@shop.example", "owner");
  auto factor = domain::StartTwoFactor(Cli(kRaceStart), ana);
  std::string code = domain::TotpCode(factor.secret, kRaceStart);
  std::vector<std::vector<std::string>> given(kRacers);
  EXPECT_EQ(RaceWinners([&](int i) {
              given[i] = domain::ConfirmTwoFactor(Cli(kRaceStart), ana, code, "");
              return true;
            }),
            1);
  EXPECT_EQ(store_->CountRecoveryCodes(ana.id), 10) << "the winner's codes, not replaced";
}

// A one-time link redeemed by 50 requests at once: one signs in.
TEST_P(RacesTest, ASignInLinkIsRedeemedOnce) {
  auto bo = AddUser("bo@shop.example", "viewer");
  auto link = domain::IssueSignInLink(Cli(kRaceStart), bo.id, domain::LinkPurpose::kWelcome);
  auto holder = *domain::FindUsableLink(*store_, link->token, kRaceStart + 1000);
  std::string hash = domain::HashPassword("a garden of quiet numbers");
  std::atomic<int> sessions = 0;
  EXPECT_EQ(RaceWinners([&](int) {
              bool won = domain::CompleteLinkRedemption(*store_, holder, {"", "", "192.0.2.1"},
                                                        hash, policy_, kRaceStart + 1000)
                             .signed_in.has_value();
              if (won) ++sessions;
              return won;
            }),
            1);
  EXPECT_EQ(sessions, 1);
}

// 50 owners, each demoted by one of 50 requests at once: the last one stays.
TEST_P(RacesTest, TheLastOwnerStaysWhenOwnersAreDemotedAtOnce) {
  std::vector<domain::User> owners;
  for (int i = 0; i < kRacers; ++i) {
    owners.push_back(AddUser("owner" + std::to_string(i) + "@shop.example", "owner"));
  }
  domain::UserPatch demote;
  demote.role = "viewer";
  EXPECT_EQ(RaceWinners([&](int i) {
              return domain::UpdateUser(Cli(kRaceStart + 1), owners[i].id, demote).has_value();
            }),
            kRacers - 1)
      << "every demotion but one";
  int left = 0;
  for (const auto& user : store_->ListUsers(tenant_.id)) left += user.role == domain::Role::kOwner;
  EXPECT_EQ(left, 1);
}

// Wrong passwords for one address, 20 at once: the lock check and the count are
// one transaction before the hash, so exactly the 5 free failures are tried and
// every other attempt is refused as locked (issue 35: checked apart from the
// count, all 20 passed a check made before any was counted).
TEST_P(RacesTest, ConcurrentGuessesStopAtTheFreeFailures) {
  AddUser("ana@shop.example", "owner", kPassword);
  std::atomic<int> tried = 0;
  RaceWinners(
      [&](int i) {
        auto result =
            domain::SignIn(*store_, "ana@shop.example", "wrong guess " + std::to_string(i),
                           "192.0.2." + std::to_string(i % 200), policy_, kRaceStart);
        if (result.outcome == domain::SignInResult::Outcome::kRefused) ++tried;
        return false;
      },
      20);
  EXPECT_EQ(tried, domain::kAccountThrottle.free_failures);
}

// A payout address change that waits, canceled by 25 admins while 25 rounds
// of the clock find it due, all at once: it ends one way, once (one step
// announced after the request), and the integration agrees with that way.
TEST_P(RacesTest, AWaitingPayoutChangeEndsOnce) {
  auto ada = AddUser("ada@shop.example", "admin", kPassword);
  const std::string before = integration_.payout_address;
  const std::string moved = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
  for (int round = 0; round < 4; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    base::TimeMs asked = kRaceStart + round * 3 * domain::kPayoutHoldMs;
    auto proof = domain::ConfirmPassword(*store_, ada, kPassword, "192.0.2.1", asked).proof;
    ASSERT_TRUE(proof);
    domain::Change change{*store_, domain::Actor::Person(ada.id, ada.role), tenant_.id, asked, {}};
    change.password_proof = &*proof;
    const std::string was = store_->FindIntegrationById(integration_.id)->payout_address;
    domain::IntegrationPatch patch;
    patch.payout_address = was == moved ? before : moved;
    ASSERT_TRUE(domain::UpdateIntegration(change, catalog_, integration_.id, patch));
    base::TimeMs due = asked + domain::kPayoutHoldMs;
    std::atomic<int> canceled = 0, applied = 0;
    EXPECT_EQ(RaceWinners([&](int i) {
                if (i % 2 == 0) {
                  domain::Change cancel{
                      *store_, domain::Actor::Person(ada.id, ada.role), tenant_.id, due, {}};
                  bool won = domain::CancelPayoutChange(cancel, integration_.id);
                  canceled += won;
                  return won;
                }
                int n = domain::ApplyDuePayoutChanges(*store_, due, 10);
                applied += n;
                return n > 0;
              }),
              1);
    EXPECT_EQ(store_->FindIntegrationById(integration_.id)->payout_address,
              applied == 1 ? *patch.payout_address : was);
  }
}

PAYD_ON_BOTH_STORES(RacesTest);

}  // namespace
}  // namespace payd
