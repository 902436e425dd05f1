#include "domain/management/two_factor.h"

#include <boost/json/serialize.hpp>

#include "domain/error.h"

namespace payd::domain {

namespace {

std::vector<std::string> StoreRecoveryCodes(ManagementTx& tx, const User& user, base::TimeMs now) {
  std::vector<std::string> codes = NewRecoveryCodes();
  std::vector<std::string> digests;
  for (const auto& code : codes) digests.push_back(RecoveryCodeDigest(code));
  tx.ReplaceRecoveryCodes(user.id, digests, now);
  return codes;
}

std::string Detail(const User& user) {
  return boost::json::serialize(boost::json::object{{"email", user.email}});
}

// A person sets up, confirms and renews only their own second factor.
void RequireOwn(const Change& change, const User& user) {
  if (change.actor.role && change.actor.id != user.id)
    ThrowInvalid("id", "Only {1} sets up their own second factor.", user.email);
}

}  // namespace

SecondFactor StartTwoFactor(const Change& change, const User& user) {
  RequireOwn(change, user);
  SecondFactor factor = NewSecondFactor(user.id, change.now);
  change.store.WithManagement([&](ManagementTx& tx) {
    auto existing = tx.FindSecondFactor(user.id);
    if (existing && existing->enabled_at) {
      ThrowInvalid("code", "Two-factor sign-in is already on for {1}", user.email);
    }
    tx.SaveSecondFactor(factor);
  });
  return factor;
}

std::vector<std::string> ConfirmTwoFactor(const Change& change, const User& user,
                                          const std::string& code,
                                          const std::string& keep_session_digest) {
  RequireOwn(change, user);
  std::vector<std::string> codes;
  change.store.WithManagement([&](ManagementTx& tx) {
    codes.clear();
    auto factor = tx.FindSecondFactor(user.id);
    if (!factor || factor->enabled_at) {
      ThrowInvalid("code", "Start setting up two-factor sign-in again");
    }
    auto step = MatchTotp(factor->secret, code, change.now, 0);
    if (!step) {
      ThrowInvalid("code", "Enter the 6-digit code your authenticator app shows now");
    }
    factor->enabled_at = change.now;
    factor->last_step = *step;
    // Two confirmations at once: one turns it on, the other starts again.
    if (!tx.EnableSecondFactor(*factor)) {
      ThrowInvalid("code", "Start setting up two-factor sign-in again");
    }
    codes = StoreRecoveryCodes(tx, user, change.now);
    tx.DeleteOtherUserSessions(user.id, keep_session_digest);
    RecordChange(tx, change, "user.two_factor_on", user.id, std::nullopt, Detail(user));
  });
  return codes;
}

std::vector<std::string> RenewRecoveryCodes(const Change& change, const User& user) {
  RequireOwn(change, user);
  std::vector<std::string> codes;
  change.store.WithManagement([&](ManagementTx& tx) {
    codes.clear();
    auto factor = tx.FindSecondFactor(user.id);
    if (!factor || !factor->enabled_at) {
      ThrowInvalid("code", "Turn on two-factor sign-in first");
    }
    codes = StoreRecoveryCodes(tx, user, change.now);
    RecordChange(tx, change, "user.recovery_codes", user.id, std::nullopt, Detail(user));
  });
  return codes;
}

void TurnOffTwoFactor(const Change& change, const User& user) {
  bool by_themselves = change.actor.id == user.id;
  if (!by_themselves && change.actor.id != Actor::Cli().id) {
    ThrowInvalid("id",
                 "Only the operator removes another person's second factor, on the server: payd "
                 "user reset-two-factor {1}",
                 user.email);
  }
  change.store.WithManagement([&](ManagementTx& tx) {
    if (by_themselves && tx.TenantRequiresTwoFactor(user.tenant_id)) {
      ThrowInvalid("code", "Your account's owner requires two-factor sign-in: it stays on");
    }
    tx.DeleteSecondFactor(user.id);
    if (!by_themselves) tx.DeleteUserSessions(user.id);
    RecordChange(tx, change, "user.two_factor_off", user.id, std::nullopt, Detail(user));
  });
}

void RequireTwoFactor(const Change& change, const User& owner, bool required) {
  Require(change, Operation::kRequireTwoFactor);
  change.store.WithManagement([&](ManagementTx& tx) {
    auto own = tx.FindSecondFactor(owner.id);
    if (required && !(own && own->enabled_at)) {
      ThrowInvalid("requireTwoFactor",
                   "Turn on two-factor sign-in for yourself before you require it of everyone");
    }
    bool before = tx.TenantRequiresTwoFactor(change.tenant_id);
    tx.SetTenantRequiresTwoFactor(change.tenant_id, required, change.now);
    RecordChange(tx, change, "tenant.two_factor_rule", change.tenant_id,
                 boost::json::serialize(boost::json::object{{"requireTwoFactor", before}}),
                 boost::json::serialize(boost::json::object{{"requireTwoFactor", required}}));
  });
}

}  // namespace payd::domain
