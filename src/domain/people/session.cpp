#include "domain/people/session.h"

#include "base/crypto.h"

namespace payd::domain {

NewSession OpenSession(const std::string& user_id, const std::string& tenant_id,
                       const SessionPolicy& policy, base::TimeMs now) {
  NewSession out;
  out.token = NewToken();
  out.session = {SessionDigest(out.token), user_id, tenant_id, now, now, now + policy.absolute_ms};
  return out;
}

NewSession OpenSecondFactorSession(const std::string& user_id, const std::string& tenant_id,
                                   base::TimeMs now) {
  NewSession out = OpenSession(user_id, tenant_id, {kSecondFactorWaitMs, kSecondFactorWaitMs}, now);
  out.session.stage = SessionStage::kSecondFactor;
  return out;
}

std::string_view SessionStageName(SessionStage stage) {
  return stage == SessionStage::kSignedIn ? "signed_in" : "second_factor";
}

SessionStage ParseSessionStage(std::string_view text) {
  return text == "signed_in" ? SessionStage::kSignedIn : SessionStage::kSecondFactor;
}

std::string NewToken() {
  return base::Base64UrlEncode(base::RandomBytes(32));
}

std::string SessionDigest(std::string_view token) {
  return base::HexEncode(base::Sha256(token));
}

bool SessionAlive(const Session& s, const SessionPolicy& policy, base::TimeMs now) {
  return now < s.expires_at && now < s.last_seen_at + policy.idle_ms;
}

std::string CsrfToken(std::string_view session_token) {
  return base::Base64UrlEncode(base::HmacSha256(session_token, "payd dashboard form"));
}

bool CsrfTokenMatches(std::string_view session_token, std::string_view presented) {
  return !presented.empty() && base::ConstantTimeEquals(CsrfToken(session_token), presented);
}

}  // namespace payd::domain
