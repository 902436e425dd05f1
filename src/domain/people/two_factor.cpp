#include "domain/people/two_factor.h"

#include <liboath/oath.h>

#include <boost/url/encode.hpp>
#include <boost/url/rfc/unreserved_chars.hpp>
#include <cstdlib>
#include <memory>
#include <stdexcept>

#include "base/crypto.h"
#include "base/strings.h"

namespace payd::domain {

namespace {

constexpr unsigned kStepSeconds = 30;
constexpr unsigned kDigits = 6;
// Steps either side of now a code may belong to: a phone's clock a little off.
constexpr std::size_t kWindow = 1;

// liboath wants oath_init once per process before anything else.
void InitOath() {
  static const int ready = [] {
    int rc = oath_init();
    if (rc != OATH_OK) throw std::runtime_error(std::string("oath_init: ") + oath_strerror(rc));
    return rc;
  }();
  (void)ready;
}

// The raw key of a base32 secret; empty when it is not base32.
std::string SecretBytes(std::string_view secret) {
  InitOath();
  char* out = nullptr;
  size_t len = 0;
  if (oath_base32_decode(secret.data(), secret.size(), &out, &len) != OATH_OK) return {};
  std::unique_ptr<char, decltype(&std::free)> owned(out, &std::free);
  return std::string(out, len);
}

std::string Base32Upper(std::string_view bytes) {
  std::string text = base::Base32Encode(bytes);
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

std::string WithoutBlanks(std::string_view code) {
  std::string out;
  for (char c : code) {
    if (c != ' ' && c != '-' && c != '\t') out.push_back(c);
  }
  return out;
}

}  // namespace

SecondFactor NewSecondFactor(const std::string& user_id, base::TimeMs now) {
  return SecondFactor{user_id, Base32Upper(base::RandomBytes(20)), std::nullopt, 0, now};
}

std::string TotpUri(const SecondFactor& factor, std::string_view email, std::string_view issuer) {
  namespace urls = boost::urls;
  std::string label = urls::encode(issuer, urls::unreserved_chars) + ":" +
                      urls::encode(email, urls::unreserved_chars);
  return "otpauth://totp/" + label + "?secret=" + factor.secret +
         "&issuer=" + urls::encode(issuer, urls::unreserved_chars) +
         "&algorithm=SHA1&digits=6&period=30";
}

std::optional<std::int64_t> MatchTotp(std::string_view secret, std::string_view code,
                                      base::TimeMs now, std::int64_t last_step) {
  if (!LooksLikeTotp(code)) return std::nullopt;
  std::string digits = WithoutBlanks(code);
  std::string key = SecretBytes(secret);
  if (key.empty()) return std::nullopt;
  int position = 0;
  std::uint64_t step = 0;
  int rc = oath_totp_validate3(key.data(), key.size(), static_cast<time_t>(now / 1000),
                               kStepSeconds, 0, kWindow, &position, &step, digits.c_str());
  if (rc < 0 || static_cast<std::int64_t>(step) <= last_step) return std::nullopt;
  return static_cast<std::int64_t>(step);
}

std::string TotpCode(std::string_view secret, base::TimeMs now) {
  std::string key = SecretBytes(secret);
  char out[kDigits + 1] = {};
  int rc = oath_totp_generate(key.data(), key.size(), static_cast<time_t>(now / 1000), kStepSeconds,
                              0, kDigits, out);
  if (rc != OATH_OK)
    throw std::runtime_error(std::string("oath_totp_generate: ") + oath_strerror(rc));
  return out;
}

std::vector<std::string> NewRecoveryCodes() {
  // No 0/o, 1/l/i: read off paper and typed back.
  static constexpr std::string_view kAlphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  std::vector<std::string> codes;
  for (int i = 0; i < kRecoveryCodeCount; ++i) {
    std::string bytes = base::RandomBytes(10);
    std::string code;
    for (std::size_t j = 0; j < bytes.size(); ++j) {
      if (j == 5) code.push_back('-');
      // 31 letters from a byte: a bias of under 1% per character, ~49 bits in all.
      code.push_back(kAlphabet[static_cast<unsigned char>(bytes[j]) % kAlphabet.size()]);
    }
    codes.push_back(std::move(code));
  }
  return codes;
}

std::string RecoveryCodeDigest(std::string_view code) {
  return base::HexEncode(base::Sha256(base::AsciiLower(WithoutBlanks(code))));
}

bool LooksLikeTotp(std::string_view code) {
  std::string digits = WithoutBlanks(code);
  if (digits.size() != kDigits) return false;
  for (char c : digits) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

}  // namespace payd::domain
