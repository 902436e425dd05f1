// A dashboard session (issue 18): who is signed in, since when, until when.
// The browser holds a random token in an HttpOnly cookie; payd keeps only
// its SHA-256 digest, so a copy of the database signs nobody in. Each
// session ends after an idle time and at an absolute time, whichever comes
// first, and at once when its user is disabled or signs out everywhere.
#pragma once

#include <string>
#include <string_view>

#include "base/time.h"

namespace payd::domain {

// A password alone opens a session that waits for the second factor: it
// shows only the code's page and ends after kSecondFactorWaitMs.
enum class SessionStage { kSignedIn, kSecondFactor };
std::string_view SessionStageName(SessionStage stage);
SessionStage ParseSessionStage(std::string_view text);  // unknown text: kSecondFactor (the lesser)
inline constexpr base::TimeMs kSecondFactorWaitMs = 10LL * 60 * 1000;

struct Session {
  std::string digest;  // hex SHA-256 of the cookie's token
  std::string user_id;
  std::string tenant_id;
  base::TimeMs created_at = 0;
  base::TimeMs last_seen_at = 0;
  base::TimeMs expires_at = 0;  // absolute end
  SessionStage stage = SessionStage::kSignedIn;
};

struct SessionPolicy {
  base::TimeMs idle_ms = 60LL * 60 * 1000;           // an hour without a request
  base::TimeMs absolute_ms = 12LL * 60 * 60 * 1000;  // a working day
};

// A new token (what the cookie holds) and the session it opens at `now`.
struct NewSession {
  std::string token;
  Session session;
};
NewSession OpenSession(const std::string& user_id, const std::string& tenant_id,
                       const SessionPolicy& policy, base::TimeMs now);
// The session between a right password and the second factor.
NewSession OpenSecondFactorSession(const std::string& user_id, const std::string& tenant_id,
                                   base::TimeMs now);

// A new random token for a cookie or a link (32 bytes, base64url): only its
// SessionDigest is stored.
std::string NewToken();

// The digest a token is stored and looked up under.
std::string SessionDigest(std::string_view token);

// Whether the session still holds at `now` under `policy`.
bool SessionAlive(const Session& session, const SessionPolicy& policy, base::TimeMs now);

// How stale last_seen_at may grow before a request records it again (one
// write a minute per session at most, not one per request).
inline constexpr base::TimeMs kSessionTouchMs = 60 * 1000;

// The form token that proves a state-changing request comes from a page payd
// served this session (CSRF): derived from the session's token, so nothing
// more is stored, and unknown to any other site.
std::string CsrfToken(std::string_view session_token);
bool CsrfTokenMatches(std::string_view session_token, std::string_view presented);

}  // namespace payd::domain
