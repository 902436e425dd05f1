// The second factor of a dashboard sign-in (issue 18): a TOTP authenticator
// (RFC 6238: HMAC-SHA1, six digits, 30-second steps, liboath) and ten
// one-time recovery codes for the day the phone is lost. The TOTP secret
// must be kept in clear to check a code, like the webhook secret; recovery
// codes are random enough that their SHA-256 is all payd keeps.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/time.h"

namespace payd::domain {

struct SecondFactor {
  std::string user_id;
  std::string secret;                      // RFC 4648 base32, as the authenticator app is given it
  std::optional<base::TimeMs> enabled_at;  // none: set up but not confirmed with a code yet
  std::int64_t last_step = 0;              // the newest step a code was accepted for
  base::TimeMs created_at = 0;
};

// A new secret: 20 random bytes (160 bits, RFC 4226's recommendation).
SecondFactor NewSecondFactor(const std::string& user_id, base::TimeMs now);

// otpauth://totp/payd:<email>?secret=…&issuer=payd…: what the QR code holds.
std::string TotpUri(const SecondFactor& factor, std::string_view email, std::string_view issuer);

// The step of `code` when it is the code of `now`'s step or of the one
// before or after (a clock a little off), and newer than `last_step` (a code
// works once). Spaces in the code are ignored.
std::optional<std::int64_t> MatchTotp(std::string_view secret, std::string_view code,
                                      base::TimeMs now, std::int64_t last_step);

// The code an authenticator shows for `secret` at `now`: for tests and tools.
std::string TotpCode(std::string_view secret, base::TimeMs now);

inline constexpr int kRecoveryCodeCount = 10;

// Ten codes of ten characters, "xxxxx-xxxxx" from an alphabet without look-alikes.
std::vector<std::string> NewRecoveryCodes();

// The digest a recovery code is kept under: case, spaces and dashes do not count.
std::string RecoveryCodeDigest(std::string_view code);

// Whether what was typed looks like an authenticator's code (six digits) rather than a recovery
// code.
bool LooksLikeTotp(std::string_view code);

}  // namespace payd::domain
