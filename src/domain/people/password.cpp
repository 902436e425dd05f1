#include "domain/people/password.h"

#include <sodium.h>

#include <boost/json/parse.hpp>
#include <mutex>
#include <stdexcept>
#include <unordered_set>

#include "base/crypto.h"
#include "base/strings.h"
#include "domain/error.h"
#include "domain/people/common_passwords.h"

namespace payd::domain {

namespace {

constexpr unsigned long long kOpsLimit = crypto_pwhash_OPSLIMIT_INTERACTIVE;
constexpr std::size_t kMemLimit = crypto_pwhash_MEMLIMIT_INTERACTIVE;

void InitSodium() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
  });
}

// Read once, on the first password checked (the list is 49,000 words).
const std::unordered_set<std::string>& CommonPasswords() {
  static const std::unordered_set<std::string> words = [] {
    std::unordered_set<std::string> out;
    auto doc = boost::json::parse(CommonPasswordsJson());
    for (const auto& word : doc.as_array()) out.emplace(base::AsciiLower(word.as_string()));
    return out;
  }();
  return words;
}

}  // namespace

bool IsCommonPassword(std::string_view password) {
  return CommonPasswords().contains(base::AsciiLower(password));
}

void CheckNewPassword(std::string_view password, std::string_view email) {
  if (password.size() < kMinPasswordLength) {
    ThrowInvalid("password", "password must be at least {1} characters",
                 std::to_string(kMinPasswordLength));
  }
  if (password.size() > kMaxPasswordLength) {
    ThrowInvalid("password", "password must be at most {1} characters",
                 std::to_string(kMaxPasswordLength));
  }
  if (IsCommonPassword(password)) {
    ThrowInvalid("password", "password is one of the most used passwords: choose another");
  }
  std::string lower = base::AsciiLower(password);
  std::string address = base::AsciiLower(email);
  if (!address.empty() && (lower == address || lower == address.substr(0, address.find('@')))) {
    ThrowInvalid("password", "password must not be your email address");
  }
}

std::string HashPassword(std::string_view password) {
  InitSodium();
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), kOpsLimit, kMemLimit,
                            crypto_pwhash_ALG_ARGON2ID13) != 0) {
    throw std::runtime_error("out of memory hashing a password");
  }
  return out;
}

bool VerifyPassword(const std::string& hash, std::string_view password) {
  InitSodium();
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

bool NeedsRehash(const std::string& hash) {
  InitSodium();
  return crypto_pwhash_str_needs_rehash(hash.c_str(), kOpsLimit, kMemLimit) != 0;
}

const std::string& DecoyPasswordHash() {
  static const std::string hash = HashPassword(base::HexEncode(base::RandomBytes(32)));
  return hash;
}

}  // namespace payd::domain
