// Dashboard passwords: the rules a new one must meet, and its Argon2id hash
// (libsodium's crypto_pwhash_str, a self-describing string with its salt and
// cost). A password is never stored, logged or compared in clear.
#pragma once

#include <string>
#include <string_view>

namespace payd::domain {

// The shortest password accepted (NIST SP 800-63B asks for at least 8; the
// dashboard moves money's settings, so more) and the longest hashed.
inline constexpr std::size_t kMinPasswordLength = 12;
inline constexpr std::size_t kMaxPasswordLength = 1024;

// Throws domain::Error naming "password" when `password` is too short, too
// long, one of the commonly used passwords (npm @zxcvbn-ts/language-common's
// list, built in), or the user's own email address or its local part.
void CheckNewPassword(std::string_view password, std::string_view email);

// The Argon2id hash of `password` (64 MiB, 2 passes: libsodium's
// "interactive" limits, above OWASP's minimum), about 0.1 s of one core.
std::string HashPassword(std::string_view password);

// Whether `password` is the one `hash` was made from. False for a malformed
// hash. Takes as long as hashing, whatever the answer.
bool VerifyPassword(const std::string& hash, std::string_view password);

// A hash made with other limits than HashPassword's today: rehash on the next
// successful sign-in.
bool NeedsRehash(const std::string& hash);

// A hash of a random password nobody knows: verifying against it takes the
// time a real check does, so that an unknown address answers like a wrong password.
const std::string& DecoyPasswordHash();

// Whether the built-in list of common passwords holds `password` (case-insensitively).
bool IsCommonPassword(std::string_view password);

}  // namespace payd::domain
