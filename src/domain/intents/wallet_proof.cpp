#include "domain/intents/wallet_proof.h"

#include <secp256k1.h>
#include <secp256k1_recovery.h>

#include "base/crypto.h"
#include "domain/money/address.h"

namespace payd::domain {

namespace {

constexpr std::size_t kSignatureBytes = 65;

}  // namespace

std::string SenderProofMessage(const std::string& public_url, const std::string& intent_id,
                               const std::string& address, std::int64_t chain_id) {
  return "Sign to prove that this wallet pays the payment below. Signing is free: it sends no "
         "transaction.\n\nPayment intent: " +
         intent_id + "\nWallet: " + address + "\nChain ID: " + std::to_string(chain_id) +
         "\nService: " + public_url;
}

std::optional<std::string> ParseSignature(std::string_view text) {
  if (text.size() != 2 + 2 * kSignatureBytes || text[0] != '0' ||
      (text[1] != 'x' && text[1] != 'X'))
    return std::nullopt;
  auto decoded = base::HexDecode(text.substr(2));
  if (!decoded) return std::nullopt;
  std::string bytes = std::move(*decoded);
  unsigned char v = static_cast<unsigned char>(bytes.back());
  if (v == 27 || v == 28) v -= 27;
  if (v > 1) return std::nullopt;
  bytes.back() = static_cast<char>(v);
  return bytes;
}

std::optional<std::string> RecoverPersonalSigner(std::string_view message,
                                                 std::string_view signature) {
  if (signature.size() != kSignatureBytes) return std::nullopt;
  const secp256k1_context* ctx = secp256k1_context_static;
  const auto* bytes = reinterpret_cast<const unsigned char*>(signature.data());
  secp256k1_ecdsa_recoverable_signature recoverable;
  if (!secp256k1_ecdsa_recoverable_signature_parse_compact(ctx, &recoverable, bytes, bytes[64]))
    return std::nullopt;
  // Wallets sign with s in the lower half (EIP-2); the other half is the same
  // signature made malleable, which no wallet produces.
  secp256k1_ecdsa_signature plain;
  secp256k1_ecdsa_recoverable_signature_convert(ctx, &plain, &recoverable);
  if (secp256k1_ecdsa_signature_normalize(ctx, nullptr, &plain)) return std::nullopt;

  std::string prefixed =
      "\x19"
      "Ethereum Signed Message:\n" +
      std::to_string(message.size()) + std::string(message);
  std::string digest = base::Keccak256(prefixed);
  secp256k1_pubkey pubkey;
  if (!secp256k1_ecdsa_recover(ctx, &pubkey, &recoverable,
                               reinterpret_cast<const unsigned char*>(digest.data())))
    return std::nullopt;
  unsigned char serialized[65];
  std::size_t length = sizeof serialized;
  secp256k1_ec_pubkey_serialize(ctx, serialized, &length, &pubkey, SECP256K1_EC_UNCOMPRESSED);
  // The address is the last 20 bytes of keccak256 of the 64-byte point (no 0x04 prefix).
  std::string point(reinterpret_cast<const char*>(serialized) + 1, 64);
  std::string hash = base::Keccak256(point);
  return ChecksumAddress(base::HexEncode(std::string_view(hash).substr(12)));
}

}  // namespace payd::domain
