// A wallet's proof that it pays an intent (DECISIONS §5 rule 2, §11): the
// checkout page asks payd for a message naming the intent, the wallet, the
// chain and this service; the wallet signs it with EIP-191 personal_sign;
// payd recovers the signer (secp256k1 public-key recovery, keccak256) and
// trusts the sender hint only if the signer is that wallet.
//
// The message is deterministic, with no server nonce: the intent id already
// is a payd-issued, unguessable value used for nothing else, and the message
// binds it to the wallet, the chain and payd's public URL, so a signature
// proves nothing about any other intent, wallet, chain or payd. Replaying one
// for its own intent proves again what it proved. Issuing a message stores
// nothing, so the endpoint that issues it costs no write and needs no state
// shared between payd processes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace payd::domain {

// `address` in EIP-55 form; `public_url` without a trailing slash.
std::string SenderProofMessage(const std::string& public_url, const std::string& intent_id,
                               const std::string& address, std::int64_t chain_id);

// "0x" + 130 hex digits: r (32 bytes), s (32 bytes), v (27 or 28, or 0 or 1).
// Returns the 65 bytes with v as 0 or 1, or nothing if malformed.
std::optional<std::string> ParseSignature(std::string_view text);

// The EIP-55 address whose key made `signature` (65 bytes, from
// ParseSignature) over keccak256("\x19Ethereum Signed Message:\n" +
// decimal length + message); nothing if no key did (r or s zero or out of
// range, s in the upper half of the order, no curve point).
std::optional<std::string> RecoverPersonalSigner(std::string_view message,
                                                 std::string_view signature);

}  // namespace payd::domain
