#include "domain/people/sign_in.h"

#include <algorithm>
#include <boost/json/serialize.hpp>

#include "base/utf8.h"
#include "domain/email/address.h"
#include "domain/error.h"
#include "domain/management/change.h"
#include "domain/management_tx.h"
#include "domain/people/password.h"
#include "domain/people/sign_in_attempt.h"
#include "domain/people/sign_in_throttle.h"
#include "domain/people/two_factor.h"

namespace payd::domain {

struct PasswordProof::Key {};

namespace {

// The throttle's account key for whatever was typed: a malformed address
// counts like any unknown one.
std::string AccountKeyOf(const std::string& typed) {
  try {
    return AccountThrottleKey(CheckEmail(typed));
  } catch (const Error&) {
    // Stored as text: never bytes that are not UTF-8 (PostgreSQL refuses them).
    return AccountThrottleKey(base::ValidUtf8(typed.substr(0, 254)));
  }
}

void Record(ManagementTx& tx, const User& user, const std::string& action, base::TimeMs now,
            boost::json::object detail = {}) {
  detail["email"] = user.email;
  tx.Audit(NewAuditEntry(user.tenant_id, Actor::Person(user.id, user.role), action, user.id,
                         std::nullopt, boost::json::serialize(detail), now));
}

// A sign-in from a browser the person never signed in from (its cookie's
// token unknown): when payd sends email, they are told (a security message).
void TellOfNewBrowser(ManagementTx& tx, Store& store, const User& user,
                      const std::string& client_ip, base::TimeMs now) {
  const Mailing* mailing = tx.mailing();
  if (!mailing || !IsMailAddress(user.email)) return;
  auto tenant = store.FindTenant(user.tenant_id);
  tx.QueueEmail(
      NewSignInEmail(user, tenant ? tenant->name : std::string(), client_ip, *mailing, now));
}

// How long the account or the client is still locked out at `now` (0: not).
base::TimeMs LockedFor(ManagementTx& tx, const std::string& account_key,
                       const std::string& client_key, base::TimeMs now) {
  return std::max(LockedFor(tx.ReadThrottle(account_key), now),
                  LockedFor(tx.ReadThrottle(client_key), now));
}

// A wrong password or code: one more failure for the account and the client.
void CountFailure(ManagementTx& tx, const std::string& account_key, const std::string& client_key,
                  base::TimeMs now) {
  tx.SaveThrottle(account_key, AfterFailure(tx.ReadThrottle(account_key), kAccountThrottle, now));
  tx.SaveThrottle(client_key, AfterFailure(tx.ReadThrottle(client_key), kClientThrottle, now));
}

// A second factor's code, used: "authenticator" for the app's code (once per
// code: of two sign-ins with it at once, one wins), "recovery_code" for an
// unused recovery code (used from now on), or empty when it is neither.
std::string UseSecondFactor(ManagementTx& tx, const User& user, const SecondFactor& factor,
                            const std::string& code, base::TimeMs now) {
  if (LooksLikeTotp(code)) {
    auto step = MatchTotp(factor.secret, code, now, factor.last_step);
    return step && tx.UseTotpStep(user.id, *step) ? "authenticator" : "";
  }
  return tx.UseRecoveryCode(user.id, RecoveryCodeDigest(code), now) ? "recovery_code" : "";
}

}  // namespace

SignInResult SignIn(Store& store, const std::string& email, const std::string& password,
                    const std::string& client_ip, const SessionPolicy& policy, base::TimeMs now,
                    const std::string& browser) {
  AttemptKeys keys;
  keys.account = AccountKeyOf(email);
  keys.client = ClientThrottleKey(client_ip);
  SignInResult result;
  std::optional<User> user;
  try {
    user = store.FindUserByEmail(CheckEmail(email));
  } catch (const Error&) {
  }
  bool can_sign_in = user && !user->disabled_at && user->password_hash;
  std::optional<SecondFactor> factor;
  if (can_sign_in) factor = store.FindSecondFactor(user->id);
  bool needs_code = factor && factor->enabled_at;
  // A lock by address does not stop a person whose code must follow: whoever
  // knows the address cannot lock them out, and a right password alone still
  // opens nothing. (A locked address then answers after a hash only when its
  // person has a second factor.)
  keys.account_lock_applies = !needs_code;
  if (can_sign_in) {
    keys.browser_token = browser;
    keys.user_id = user->id;
  }
  Attempt attempt = BeginAttempt(store, keys, now);
  if (attempt.locked_for_ms > 0) {
    result.retry_after_ms = attempt.locked_for_ms;
    result.outcome = SignInResult::Outcome::kLocked;
    return result;
  }

  // The same Argon2id work whoever asks: the time says nothing about the address.
  bool verified =
      VerifyPassword(can_sign_in ? *user->password_hash : DecoyPasswordHash(), password) &&
      can_sign_in;
  if (!verified) {
    // Counted already, before the hash.
    if (user) {
      store.WithManagement([&](ManagementTx& tx) {
        Record(tx, *user, "user.sign_in_refused", now, {{"client", client_ip}});
      });
    }
    result.outcome = SignInResult::Outcome::kRefused;
    return result;
  }

  std::optional<std::string> rehashed;
  if (NeedsRehash(*user->password_hash)) rehashed = HashPassword(password);
  NewSession opened = needs_code ? OpenSecondFactorSession(user->id, user->tenant_id, now)
                                 : OpenSession(user->id, user->tenant_id, policy, now);
  // The browser is remembered once the person is in; a new token unless it was known.
  const std::string browser_token = attempt.known_browser ? browser : NewToken();
  store.WithManagement([&](ManagementTx& tx) {
    // The account's failures are cleared only once the second factor is right too.
    ForgiveAttempt(tx, keys, attempt, /*clear_account=*/!needs_code);
    if (rehashed) {
      User updated = *user;
      updated.password_hash = rehashed;
      tx.UpdateUser(updated);
    }
    tx.InsertSession(opened.session);
    if (!needs_code) tx.RememberBrowser(SessionDigest(browser_token), user->id, now);
    if (!needs_code) Record(tx, *user, "user.sign_in", now, {{"client", client_ip}});
    if (!needs_code && !attempt.known_browser) TellOfNewBrowser(tx, store, *user, client_ip, now);
  });
  result.outcome =
      needs_code ? SignInResult::Outcome::kSecondFactorNeeded : SignInResult::Outcome::kSignedIn;
  result.signed_in = SignedIn{*user, opened.session, opened.token, {}};
  if (!needs_code) result.signed_in->browser_token = browser_token;
  return result;
}

std::optional<CurrentUser> FindCurrentUser(Store& store, const std::string& token,
                                           const SessionPolicy& policy, base::TimeMs now) {
  if (token.empty()) return std::nullopt;
  auto session = store.FindSession(SessionDigest(token));
  if (!session || session->stage != SessionStage::kSignedIn ||
      !SessionAlive(*session, policy, now)) {
    return std::nullopt;
  }
  auto user = store.FindUser(session->tenant_id, session->user_id);
  if (!user || user->disabled_at) return std::nullopt;
  if (now - session->last_seen_at >= kSessionTouchMs) {
    store.TouchSession(session->digest, now);
    session->last_seen_at = now;
  }
  auto factor = store.FindSecondFactor(user->id);
  CurrentUser current{*user, *session};
  current.has_second_factor = factor && factor->enabled_at;
  current.must_enrol = !current.has_second_factor && store.TenantRequiresTwoFactor(user->tenant_id);
  return current;
}

std::optional<CurrentUser> FindSecondFactorWait(Store& store, const std::string& token,
                                                base::TimeMs now) {
  if (token.empty()) return std::nullopt;
  auto session = store.FindSession(SessionDigest(token));
  if (!session || session->stage != SessionStage::kSecondFactor || now >= session->expires_at) {
    return std::nullopt;
  }
  auto user = store.FindUser(session->tenant_id, session->user_id);
  if (!user || user->disabled_at) return std::nullopt;
  CurrentUser current{*user, *session};
  current.has_second_factor = true;
  return current;
}

SignInResult SignInWithCode(Store& store, const CurrentUser& waiting, const std::string& code,
                            const std::string& client_ip, const SessionPolicy& policy,
                            base::TimeMs now, const std::string& browser) {
  // Wrong codes count on the person's own key (only one who knew the password
  // can add to it) and the client's; a right one clears the address's too.
  const std::string account_key = AccountThrottleKey(waiting.user.email);
  const std::string code_key = SecondFactorThrottleKey(waiting.user.id);
  const std::string client_key = ClientThrottleKey(client_ip);
  SignInResult result;
  NewSession opened = OpenSession(waiting.user.id, waiting.user.tenant_id, policy, now);
  store.WithManagement([&](ManagementTx& tx) {
    result = {};
    result.retry_after_ms = LockedFor(tx, code_key, client_key, now);
    if (result.retry_after_ms > 0) {
      result.outcome = SignInResult::Outcome::kLocked;
      return;
    }
    auto factor = tx.FindSecondFactor(waiting.user.id);
    std::string via;
    if (factor && factor->enabled_at) via = UseSecondFactor(tx, waiting.user, *factor, code, now);
    if (via.empty()) {
      CountFailure(tx, code_key, client_key, now);
      Record(tx, waiting.user, "user.second_factor_refused", now, {{"client", client_ip}});
      result.outcome = SignInResult::Outcome::kRefused;
      return;
    }
    tx.ClearThrottle(account_key);
    tx.ClearThrottle(code_key);
    tx.DeleteSession(waiting.session.digest);
    tx.InsertSession(opened.session);
    Record(tx, waiting.user, "user.sign_in", now, {{"client", client_ip}, {"secondFactor", via}});
    // Both factors right: the browser is remembered, and a new one announced.
    bool known = !browser.empty() && tx.IsKnownBrowser(SessionDigest(browser), waiting.user.id);
    std::string browser_token = known ? browser : NewToken();
    tx.RememberBrowser(SessionDigest(browser_token), waiting.user.id, now);
    if (!known) TellOfNewBrowser(tx, store, waiting.user, client_ip, now);
    result.outcome = SignInResult::Outcome::kSignedIn;
    result.signed_in = SignedIn{waiting.user, opened.session, opened.token, browser_token};
  });
  return result;
}

namespace {

// ConfirmPassword given a code from the person's authenticator: checked and
// used in one transaction, wrong ones counted as at sign-in.
SignInResult ConfirmCode(Store& store, const User& user, const SecondFactor& factor,
                         const std::string& code, const std::string& client_ip, base::TimeMs now) {
  const std::string code_key = SecondFactorThrottleKey(user.id);
  const std::string client_key = ClientThrottleKey(client_ip);
  SignInResult result;
  store.WithManagement([&](ManagementTx& tx) {
    result = {};
    result.retry_after_ms = LockedFor(tx, code_key, client_key, now);
    if (result.retry_after_ms > 0) {
      result.outcome = SignInResult::Outcome::kLocked;
      return;
    }
    if (UseSecondFactor(tx, user, factor, code, now).empty()) {
      CountFailure(tx, code_key, client_key, now);
      Record(tx, user, "user.second_factor_refused", now, {{"client", client_ip}});
      result.outcome = SignInResult::Outcome::kRefused;
      return;
    }
    tx.ClearThrottle(code_key);
    result.outcome = SignInResult::Outcome::kSignedIn;
    result.proof.emplace(PasswordProof::Key{}, user.id, now);
  });
  return result;
}

}  // namespace

SignInResult ConfirmPassword(Store& store, const User& user, const std::string& password,
                             const std::string& client_ip, base::TimeMs now) {
  // Six digits are never a password (kMinPasswordLength): a code, when the
  // person has an authenticator (DECISIONS §13: "password or code").
  if (LooksLikeTotp(password)) {
    auto factor = store.FindSecondFactor(user.id);
    if (factor && factor->enabled_at)
      return ConfirmCode(store, user, *factor, password, client_ip, now);
  }
  AttemptKeys keys;
  keys.account = AccountThrottleKey(user.email);
  keys.client = ClientThrottleKey(client_ip);
  SignInResult result;
  Attempt attempt = BeginAttempt(store, keys, now);
  if (attempt.locked_for_ms > 0) {
    result.retry_after_ms = attempt.locked_for_ms;
    result.outcome = SignInResult::Outcome::kLocked;
    return result;
  }
  if (user.password_hash && VerifyPassword(*user.password_hash, password)) {
    store.WithManagement(
        [&](ManagementTx& tx) { ForgiveAttempt(tx, keys, attempt, /*clear_account=*/false); });
    result.outcome = SignInResult::Outcome::kSignedIn;
    result.proof.emplace(PasswordProof::Key{}, user.id, now);
    return result;
  }
  store.WithManagement([&](ManagementTx& tx) {
    Record(tx, user, "user.password_refused", now, {{"client", client_ip}});
  });
  result.outcome = SignInResult::Outcome::kRefused;
  return result;
}

void SignOut(Store& store, const CurrentUser& current, bool everywhere, base::TimeMs now) {
  store.WithManagement([&](ManagementTx& tx) {
    if (everywhere) {
      tx.DeleteUserSessions(current.user.id);
    } else {
      tx.DeleteSession(current.session.digest);
    }
    Record(tx, current.user, everywhere ? "user.sign_out_everywhere" : "user.sign_out", now);
  });
}

std::optional<LinkHolder> FindUsableLink(Store& store, const std::string& token, base::TimeMs now) {
  if (token.empty()) return std::nullopt;
  std::optional<SignInLink> link;
  store.WithManagement([&](ManagementTx& tx) { link = tx.FindSignInLink(SessionDigest(token)); });
  if (!link || !LinkUsable(*link, now)) return std::nullopt;
  auto user = store.FindUser(link->tenant_id, link->user_id);
  if (!user || user->disabled_at) return std::nullopt;
  auto factor = store.FindSecondFactor(user->id);
  return LinkHolder{*link, *user, factor && factor->enabled_at};
}

LinkRedemption RedeemSignInLink(Store& store, const LinkHolder& holder, const LinkAnswer& answer,
                                const SessionPolicy& policy, base::TimeMs now) {
  CheckNewPassword(answer.password, holder.user.email);
  if (holder.needs_code) {
    // Refused before the hash: a missing code, or a locked account.
    LinkRedemption early;
    early.outcome = LinkRedemption::Outcome::kCodeRefused;
    if (answer.code.empty()) return early;
    store.WithManagement([&](ManagementTx& tx) {
      early.retry_after_ms = LockedFor(tx, SecondFactorThrottleKey(holder.user.id),
                                       ClientThrottleKey(answer.client_ip), now);
    });
    if (early.retry_after_ms > 0) {
      early.outcome = LinkRedemption::Outcome::kLocked;
      return early;
    }
  }
  return CompleteLinkRedemption(store, holder, answer, HashPassword(answer.password), policy, now);
}

LinkRedemption CompleteLinkRedemption(Store& store, const LinkHolder& holder,
                                      const LinkAnswer& answer, const std::string& hash,
                                      const SessionPolicy& policy, base::TimeMs now) {
  NewSession opened = OpenSession(holder.user.id, holder.user.tenant_id, policy, now);
  const std::string account_key = AccountThrottleKey(holder.user.email);
  const std::string code_key = SecondFactorThrottleKey(holder.user.id);
  const std::string client_key = ClientThrottleKey(answer.client_ip);
  LinkRedemption out;
  store.WithManagement([&](ManagementTx& tx) {
    out = {};
    // Checked again inside the transaction: two uses at once, one wins.
    auto link = tx.FindSignInLink(holder.link.digest);
    if (!link || !LinkUsable(*link, now)) return;
    auto user = tx.FindUser(link->tenant_id, link->user_id);
    if (!user || user->disabled_at) return;
    auto factor = tx.FindSecondFactor(user->id);
    std::string via;
    if (factor && factor->enabled_at) {
      out.retry_after_ms = LockedFor(tx, code_key, client_key, now);
      if (out.retry_after_ms > 0) {
        out.outcome = LinkRedemption::Outcome::kLocked;
        return;
      }
      via = UseSecondFactor(tx, *user, *factor, answer.code, now);
      if (via.empty()) {
        CountFailure(tx, code_key, client_key, now);
        Record(tx, *user, "user.second_factor_refused", now, {{"client", answer.client_ip}});
        out.outcome = LinkRedemption::Outcome::kCodeRefused;
        return;
      }
    }
    if (!tx.UseSignInLink(link->digest, now)) return;
    user->password_hash = hash;
    tx.UpdateUser(*user);
    tx.DeleteUserSessions(user->id);
    tx.ClearThrottle(account_key);
    tx.ClearThrottle(code_key);
    tx.InsertSession(opened.session);
    Record(tx, *user, "user.password", now, {{"via", LinkPurposeName(link->purpose)}});
    boost::json::object detail{{"client", answer.client_ip}};
    if (!via.empty()) detail["secondFactor"] = via;
    Record(tx, *user, "user.sign_in", now, std::move(detail));
    out.outcome = LinkRedemption::Outcome::kSignedIn;
    out.signed_in = SignedIn{*user, opened.session, opened.token, {}};
  });
  return out;
}

}  // namespace payd::domain
