// Cryptographic primitives used across payd: hashing, MACs, randomness and the
// text encodings keys and secrets are shown in. Thin wrappers over OpenSSL
// (and Crypto++ for Keccak, which OpenSSL 3.0 lacks). Byte strings are
// std::string holding raw bytes.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

struct evp_md_ctx_st;  // OpenSSL's EVP_MD_CTX

namespace payd::base {

// Cryptographically secure random bytes (OpenSSL RAND_bytes). Throws on failure.
std::string RandomBytes(std::size_t count);

std::string Sha256(std::string_view data);
// SHA-256 of data fed in pieces, for more than one wants to hold at once.
class Sha256Stream {
 public:
  Sha256Stream();
  ~Sha256Stream();
  Sha256Stream(const Sha256Stream&) = delete;
  Sha256Stream& operator=(const Sha256Stream&) = delete;
  void Update(std::string_view data);
  // The digest of everything fed so far (32 raw bytes); the stream is done.
  std::string Finish();

 private:
  ::evp_md_ctx_st* ctx_;
};
std::string HmacSha256(std::string_view key, std::string_view data);
// Ethereum's Keccak-256 (pre-standard padding, not SHA3-256).
std::string Keccak256(std::string_view data);

// Compares without early exit so that timing does not reveal where inputs differ.
bool ConstantTimeEquals(std::string_view a, std::string_view b);

std::string HexEncode(std::string_view bytes);
// Hex digits (either case, no "0x") as bytes; none for an odd count or a non-hex digit.
std::optional<std::string> HexDecode(std::string_view digits);
std::string Base64Encode(std::string_view bytes);
std::optional<std::string> Base64Decode(std::string_view text);
// RFC 4648 §5 alphabet, no padding: safe in URLs, headers and shells.
std::string Base64UrlEncode(std::string_view bytes);
// Lowercase RFC 4648 base32 without padding; used for identifiers.
std::string Base32Encode(std::string_view bytes);

}  // namespace payd::base
