// Two-factor sign-in (issue 18): TOTP codes as RFC 6238 defines them (its
// Appendix B test values are the oracle), recovery codes, and on both stores
// the second step of a sign-in, a code that works once, and an owner's rule
// that everyone must have two factors.
#include "domain/people/two_factor.h"

#include <gtest/gtest.h>

#include <set>

#include "domain/error.h"
#include "domain/management/two_factor.h"
#include "domain/management/users.h"
#include "domain/people/sign_in.h"
#include "store_fixture.h"

namespace payd {
namespace {

using Outcome = domain::SignInResult::Outcome;

// RFC 6238 Appendix B: the SHA-1 key is the ASCII "12345678901234567890".
constexpr const char* kRfcSecret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

TEST(Totp, CodesAreRfc6238sLastSixDigits) {
  // The RFC's 8-digit values, of which an authenticator shows the last six.
  const std::pair<base::TimeMs, const char*> vectors[] = {
      {59, "94287082"},         {1111111109, "07081804"}, {1111111111, "14050471"},
      {1234567890, "89005924"}, {2000000000, "69279037"}, {20000000000, "65353130"},
  };
  for (const auto& [seconds, eight] : vectors) {
    std::string six = std::string(eight).substr(2);
    EXPECT_EQ(domain::TotpCode(kRfcSecret, seconds * 1000), six) << seconds;
    EXPECT_TRUE(domain::MatchTotp(kRfcSecret, six, seconds * 1000, 0)) << seconds;
  }
}

TEST(Totp, ACodeHoldsForItsStepAndOneEitherSideAndOnlyOnce) {
  const base::TimeMs now = 1'234'567'890'000;
  const std::int64_t step = 1'234'567'890 / 30;
  std::string code = domain::TotpCode(kRfcSecret, now);
  EXPECT_EQ(domain::MatchTotp(kRfcSecret, code, now, 0), step);
  EXPECT_EQ(domain::MatchTotp(kRfcSecret, code, now + 30'000, 0), step) << "a slow phone";
  EXPECT_EQ(domain::MatchTotp(kRfcSecret, code, now - 30'000, 0), step) << "a fast phone";
  EXPECT_FALSE(domain::MatchTotp(kRfcSecret, code, now + 61'000, 0));
  EXPECT_FALSE(domain::MatchTotp(kRfcSecret, code, now, step)) << "already used";
  EXPECT_EQ(domain::MatchTotp(kRfcSecret, code.substr(0, 3) + " " + code.substr(3), now, 0), step);
  EXPECT_FALSE(domain::MatchTotp(kRfcSecret, "12345", now, 0));
  EXPECT_FALSE(domain::MatchTotp(kRfcSecret, "abcdef", now, 0));
  EXPECT_FALSE(domain::MatchTotp("not base32!", code, now, 0));
}

TEST(Totp, TheQrCodeHoldsAKeyUri) {
  domain::SecondFactor factor = domain::NewSecondFactor("user_a", 0);
  EXPECT_EQ(factor.secret.size(), 32u) << "20 bytes in base32";
  EXPECT_EQ(domain::TotpUri(factor, "ana+shop@example.com", "payd"),
            "otpauth://totp/payd:ana%2Bshop%40example.com?secret=" + factor.secret +
                "&issuer=payd&algorithm=SHA1&digits=6&period=30");
  EXPECT_NE(domain::NewSecondFactor("user_a", 0).secret, factor.secret);
}

TEST(RecoveryCodes, TenDifferentCodesWhoseDigestIgnoresCaseAndDashes) {
  auto codes = domain::NewRecoveryCodes();
  ASSERT_EQ(codes.size(), 10u);
  std::set<std::string> distinct(codes.begin(), codes.end());
  EXPECT_EQ(distinct.size(), 10u);
  for (const auto& code : codes) {
    EXPECT_EQ(code.size(), 11u);
    EXPECT_EQ(code[5], '-');
    EXPECT_FALSE(domain::LooksLikeTotp(code));
  }
  std::string typed = codes[0].substr(0, 5) + codes[0].substr(6);
  for (char& c : typed) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  EXPECT_EQ(domain::RecoveryCodeDigest(typed), domain::RecoveryCodeDigest(codes[0]));
  EXPECT_NE(domain::RecoveryCodeDigest(codes[1]), domain::RecoveryCodeDigest(codes[0]));
}

class TwoFactorTest : public testing::StoreTest {
 protected:
  static constexpr const char* kPassword = "plum tree by the harbour";
  static constexpr base::TimeMs kStart = 1'700'000'000'000;
  void SetUp() override {
    testing::StoreTest::SetUp();
    if (IsSkipped()) return;
    ana_ = *domain::CreateUser(Cli(kStart), {"ana@shop.example", "Ana", "owner", kPassword}).object;
  }
  domain::Change Cli(base::TimeMs now) {
    return {*store_, domain::Actor::Cli(), tenant_.id, now, std::nullopt};
  }
  domain::Change By(const domain::User& person, base::TimeMs now) {
    return {*store_, domain::Actor::Person(person.id, person.role), tenant_.id, now, std::nullopt};
  }
  // Turns Ana's second factor on at `now`; returns its secret and recovery codes.
  std::pair<std::string, std::vector<std::string>> Enrol(base::TimeMs now) {
    auto factor = domain::StartTwoFactor(Cli(now), ana_);
    auto codes = domain::ConfirmTwoFactor(Cli(now), ana_, domain::TotpCode(factor.secret, now), "");
    return {factor.secret, codes};
  }
  domain::SignInResult Password(base::TimeMs now) {
    return domain::SignIn(*store_, "ana@shop.example", kPassword, "192.0.2.1", policy_, now);
  }
  domain::SignInResult Code(const std::string& waiting_token, const std::string& code,
                            base::TimeMs now) {
    auto waiting = domain::FindSecondFactorWait(*store_, waiting_token, now);
    if (!waiting) return {};
    return domain::SignInWithCode(*store_, *waiting, code, "192.0.2.1", policy_, now);
  }
  domain::SessionPolicy policy_;
  domain::User ana_;
};

TEST_P(TwoFactorTest, ConfirmingNeedsTheAppsCodeAndGivesTenRecoveryCodes) {
  auto factor = domain::StartTwoFactor(Cli(kStart), ana_);
  EXPECT_FALSE(store_->FindSecondFactor(ana_.id)->enabled_at) << "not on before a code";
  EXPECT_THROW(domain::ConfirmTwoFactor(Cli(kStart), ana_, "000000", ""), domain::Error);
  auto codes =
      domain::ConfirmTwoFactor(Cli(kStart), ana_, domain::TotpCode(factor.secret, kStart), "");
  EXPECT_EQ(codes.size(), 10u);
  EXPECT_EQ(store_->CountRecoveryCodes(ana_.id), 10);
  EXPECT_TRUE(store_->FindSecondFactor(ana_.id)->enabled_at);
  EXPECT_THROW(domain::StartTwoFactor(Cli(kStart), ana_), domain::Error) << "already on";
  EXPECT_EQ(store_->ListAuditLog(tenant_.id, 1, 0)[0].action, "user.two_factor_on");
}

TEST_P(TwoFactorTest, APasswordAloneOnlyOpensTheWaitForTheCode) {
  auto [secret, codes] = Enrol(kStart);
  base::TimeMs now = kStart + 120'000;
  auto first = Password(now);
  ASSERT_EQ(first.outcome, Outcome::kSecondFactorNeeded);
  const std::string waiting = first.signed_in->token;
  EXPECT_FALSE(domain::FindCurrentUser(*store_, waiting, policy_, now)) << "not signed in yet";
  EXPECT_EQ(Code(waiting, "000000", now).outcome, Outcome::kRefused);
  auto done = Code(waiting, domain::TotpCode(secret, now), now);
  ASSERT_EQ(done.outcome, Outcome::kSignedIn);
  EXPECT_NE(done.signed_in->token, waiting) << "a new token once signed in";
  EXPECT_TRUE(domain::FindCurrentUser(*store_, done.signed_in->token, policy_, now));
  EXPECT_FALSE(domain::FindSecondFactorWait(*store_, waiting, now)) << "the wait is over";
  // The same code again, on a new wait: refused (it works once).
  auto again = Password(now + 1000);
  EXPECT_EQ(Code(again.signed_in->token, domain::TotpCode(secret, now), now + 1000).outcome,
            Outcome::kRefused);
  // The wait ends after ten minutes.
  auto late = Password(now + 2000);
  EXPECT_FALSE(domain::FindSecondFactorWait(*store_, late.signed_in->token,
                                            now + 2000 + domain::kSecondFactorWaitMs));
}

TEST_P(TwoFactorTest, ARecoveryCodeWorksOnceAndWrongCodesLockTheAccount) {
  auto [secret, codes] = Enrol(kStart);
  base::TimeMs now = kStart + 120'000;
  auto wait = Password(now).signed_in->token;
  ASSERT_EQ(Code(wait, codes[3], now).outcome, Outcome::kSignedIn);
  EXPECT_EQ(store_->CountRecoveryCodes(ana_.id), 9);
  wait = Password(now + 1).signed_in->token;
  EXPECT_EQ(Code(wait, codes[3], now + 1).outcome, Outcome::kRefused) << "used once already";
  for (int i = 1; i < 5; ++i)
    EXPECT_EQ(Code(wait, "aaaaa-aaaaa", now + 1 + i).outcome, Outcome::kRefused);
  EXPECT_EQ(Code(wait, codes[4], now + 10).outcome, Outcome::kLocked) << "five failures lock";
}

// DECISIONS §13: a sign-in or reset link of a person with a second factor asks
// for the code; without it, or with a wrong one, the link stays unused and
// nobody is signed in (before, the link alone signed Ana in: issue 35).
TEST_P(TwoFactorTest, AResetLinkAsksForTheSecondFactor) {
  using Redeemed = domain::LinkRedemption::Outcome;
  auto [secret, codes] = Enrol(kStart);
  base::TimeMs now = kStart + 120'000;
  auto link = domain::IssueSignInLink(Cli(now), ana_.id, domain::LinkPurpose::kReset);
  auto holder = *domain::FindUsableLink(*store_, link->token, now);
  EXPECT_TRUE(holder.needs_code);
  const std::string fresh = "a new password for the harbour";
  auto redeem = [&](const std::string& code, base::TimeMs at) {
    return domain::RedeemSignInLink(*store_, holder, {fresh, code, "192.0.2.1"}, policy_, at);
  };
  EXPECT_EQ(redeem("", now).outcome, Redeemed::kCodeRefused) << "the link alone";
  EXPECT_EQ(redeem("000000", now).outcome, Redeemed::kCodeRefused);
  ASSERT_TRUE(domain::FindUsableLink(*store_, link->token, now)) << "still unused";
  EXPECT_EQ(Password(now).outcome, Outcome::kSecondFactorNeeded) << "the old password holds";
  auto done = redeem(domain::TotpCode(secret, now), now);
  ASSERT_EQ(done.outcome, Redeemed::kSignedIn);
  EXPECT_TRUE(domain::FindCurrentUser(*store_, done.signed_in->token, policy_, now));
  EXPECT_FALSE(domain::FindUsableLink(*store_, link->token, now)) << "used up";

  // A recovery code does too, once; wrong codes lock like wrong sign-in codes.
  auto again = domain::IssueSignInLink(Cli(now), ana_.id, domain::LinkPurpose::kReset);
  holder = *domain::FindUsableLink(*store_, again->token, now);
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(redeem("aaaaa-aaaaa", now + i).outcome, Redeemed::kCodeRefused);
  EXPECT_EQ(redeem(codes[0], now + 10).outcome, Redeemed::kLocked);
  EXPECT_EQ(redeem(codes[0], now + 10 + 15 * 60'000).outcome, Redeemed::kSignedIn);
}

// Issue 35: anyone who knows an address could lock its owner out for 15
// minutes. A person with a second factor is not: their right password still
// opens the wait for the code, whose wrong answers count on their own key.
TEST_P(TwoFactorTest, ALockByAddressDoesNotLockOutAPersonWithASecondFactor) {
  auto [secret, codes] = Enrol(kStart);
  base::TimeMs now = kStart + 120'000;
  for (int i = 0; i < 8; ++i) {
    auto guess = domain::SignIn(*store_, "ana@shop.example", "wrong", "198.51.100.7", policy_, now);
    EXPECT_NE(guess.outcome, Outcome::kSignedIn);
  }
  auto ana = Password(now + 1);  // from her own client
  ASSERT_EQ(ana.outcome, Outcome::kSecondFactorNeeded);
  EXPECT_EQ(Code(ana.signed_in->token, domain::TotpCode(secret, now + 1), now + 1).outcome,
            Outcome::kSignedIn);
  // Without a second factor the lock holds (FailuresLockTheAddressKnownOrNot).
}

TEST_P(TwoFactorTest, AnOwnersRuleSendsEveryoneWithoutASecondFactorToSetOneUp) {
  EXPECT_THROW(domain::RequireTwoFactor(Cli(kStart), ana_, true), domain::Error)
      << "the owner first";
  auto bo = *domain::CreateUser(Cli(kStart), {"bo@shop.example", "Bo", "viewer", kPassword}).object;
  Enrol(kStart);
  domain::RequireTwoFactor(Cli(kStart), ana_, true);
  EXPECT_TRUE(store_->TenantRequiresTwoFactor(tenant_.id));
  auto signed_in =
      domain::SignIn(*store_, "bo@shop.example", kPassword, "192.0.2.1", policy_, kStart);
  ASSERT_EQ(signed_in.outcome, Outcome::kSignedIn);
  auto bo_now = domain::FindCurrentUser(*store_, signed_in.signed_in->token, policy_, kStart);
  ASSERT_TRUE(bo_now);
  EXPECT_TRUE(bo_now->must_enrol);
  // Ana may not turn hers off while the rule holds; the operator resetting Bo's may.
  EXPECT_THROW(domain::TurnOffTwoFactor(By(ana_, kStart), ana_), domain::Error);
  EXPECT_NO_THROW(domain::TurnOffTwoFactor(Cli(kStart), bo));
}

// Issue 35: an owner cannot remove a colleague's second factor (with a reset
// link after it, that took the account over); only the operator can.
TEST_P(TwoFactorTest, OnlyTheOperatorRemovesAnotherPersonsSecondFactor) {
  auto cy = *domain::CreateUser(Cli(kStart), {"cy@shop.example", "Cy", "owner", kPassword}).object;
  auto factor = domain::StartTwoFactor(By(cy, kStart), cy);
  domain::ConfirmTwoFactor(By(cy, kStart), cy, domain::TotpCode(factor.secret, kStart), "");
  try {
    domain::TurnOffTwoFactor(By(ana_, kStart), cy);
    ADD_FAILURE() << "an owner removed another owner's second factor";
  } catch (const domain::Error& e) {
    EXPECT_EQ(e.param(), "id");
  }
  EXPECT_TRUE(store_->FindSecondFactor(cy.id)->enabled_at) << "still on";
  domain::TurnOffTwoFactor(Cli(kStart), cy);
  EXPECT_FALSE(store_->FindSecondFactor(cy.id));
  EXPECT_EQ(store_->ListAuditLog(tenant_.id, 1, 0)[0].action, "user.two_factor_off");
  EXPECT_EQ(store_->ListAuditLog(tenant_.id, 1, 0)[0].actor, "cli");
}

// Issue 34: sessions opened before a second factor guarded the account end
// when it is turned on (but the one that turned it on), and all of them when
// an owner resets it (a lost phone).
TEST_P(TwoFactorTest, TurningItOnEndsTheOtherSessionsAndAResetEndsThemAll) {
  auto here = Password(kStart).signed_in->token;
  auto elsewhere = Password(kStart).signed_in->token;
  auto kept = domain::FindCurrentUser(*store_, here, policy_, kStart);
  ASSERT_TRUE(kept);
  auto factor = domain::StartTwoFactor(Cli(kStart), ana_);
  domain::ConfirmTwoFactor(Cli(kStart), ana_, domain::TotpCode(factor.secret, kStart),
                           kept->session.digest);
  EXPECT_TRUE(domain::FindCurrentUser(*store_, here, policy_, kStart)) << "where it was turned on";
  EXPECT_FALSE(domain::FindCurrentUser(*store_, elsewhere, policy_, kStart)) << "ended";

  base::TimeMs now = kStart + 60'000;
  auto wait = Password(now).signed_in->token;
  auto later = Code(wait, domain::TotpCode(factor.secret, now), now).signed_in->token;
  ASSERT_TRUE(domain::FindCurrentUser(*store_, later, policy_, now));
  domain::TurnOffTwoFactor(Cli(now), ana_);  // the operator: a lost phone
  EXPECT_FALSE(domain::FindCurrentUser(*store_, here, policy_, now));
  EXPECT_FALSE(domain::FindCurrentUser(*store_, later, policy_, now)) << "a reset ends them all";
  // Turning one's own off keeps one's sessions.
  auto [secret, codes] = Enrol(now);
  base::TimeMs then = now + 60'000;
  auto mine = Code(Password(then).signed_in->token, domain::TotpCode(secret, then), then);
  ASSERT_EQ(mine.outcome, Outcome::kSignedIn);
  domain::TurnOffTwoFactor(By(ana_, then), ana_);
  EXPECT_TRUE(domain::FindCurrentUser(*store_, mine.signed_in->token, policy_, then));
}

PAYD_ON_BOTH_STORES(TwoFactorTest);

}  // namespace
}  // namespace payd
