#include "domain/conversion/swap_calls.h"

#include <ios>

#include "base/crypto.h"
#include "base/strings.h"

namespace payd::domain {

namespace {

std::string Pad(std::string hex) {
  return std::string(64 - hex.size(), '0') + hex;
}

std::string UintWord(const Uint256& value) {
  return Pad(base::AsciiLower(value.str(0, std::ios_base::hex)));
}

std::string AddressWord(const std::string& address) {
  return Pad(base::AsciiLower(std::string_view(address).substr(2)));
}

std::string Hex(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char c : bytes) {
    out += kDigits[c >> 4];
    out += kDigits[c & 15];
  }
  return out;
}

// Calldata without its 0x.
std::string_view Body(const std::string& data) {
  return std::string_view(data).substr(data.starts_with("0x") ? 2 : 0);
}

}  // namespace

std::string Selector(std::string_view signature) {
  return "0x" + Hex(base::Keccak256(signature).substr(0, 4));
}

std::string QuoteExactOutputSingleData(const std::string& token_in, const std::string& token_out,
                                       const Uint256& amount_out, unsigned fee) {
  static const std::string selector =
      Selector("quoteExactOutputSingle((address,address,uint256,uint24,uint160))");
  return selector + AddressWord(token_in) + AddressWord(token_out) + UintWord(amount_out) +
         UintWord(fee) + UintWord(0);
}

std::string ExactOutputSingleData(const ExactOutputSingle& s) {
  static const std::string selector =
      Selector("exactOutputSingle((address,address,uint24,address,uint256,uint256,uint160))");
  return selector + AddressWord(s.token_in) + AddressWord(s.token_out) + UintWord(s.fee) +
         AddressWord(s.recipient) + UintWord(s.amount_out) + UintWord(s.amount_in_maximum) +
         UintWord(0);
}

std::string RefundEthData() {
  static const std::string selector = Selector("refundETH()");
  return selector;
}

std::string MulticallData(std::int64_t deadline, const std::vector<std::string>& calls) {
  static const std::string selector = Selector("multicall(uint256,bytes[])");
  // Head: the deadline, then where the array starts (after the two head words).
  std::string out = selector + UintWord(static_cast<std::uint64_t>(deadline)) + UintWord(64);
  out += UintWord(calls.size());
  // Each element's offset, from the start of the offsets, then the elements:
  // a length word and the bytes, padded to whole words.
  std::string tails;
  std::size_t offset = 32 * calls.size();
  for (const auto& call : calls) {
    std::string_view body = Body(call);
    out += UintWord(offset);
    std::size_t bytes = body.size() / 2;
    std::size_t padded = (bytes + 31) / 32 * 32;
    tails += UintWord(bytes) + std::string(body) + std::string((padded - bytes) * 2, '0');
    offset += 32 + padded;
  }
  return out + tails;
}

std::string ApproveData(const std::string& spender, const Uint256& amount) {
  static const std::string selector = Selector("approve(address,uint256)");
  return selector + AddressWord(spender) + UintWord(amount);
}

std::string AllowanceData(const std::string& owner, const std::string& spender) {
  static const std::string selector = Selector("allowance(address,address)");
  return selector + AddressWord(owner) + AddressWord(spender);
}

std::optional<Uint256> FirstWord(std::string_view hex) {
  if (hex.starts_with("0x")) hex.remove_prefix(2);
  if (hex.size() < 64) return std::nullopt;
  Uint256 value = 0;
  for (char c : hex.substr(0, 64)) {
    int digit = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
    if (digit < 0) return std::nullopt;
    value = value * 16 + digit;
  }
  return value;
}

}  // namespace payd::domain
