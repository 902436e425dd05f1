#include "domain/intents/payment_uri.h"

#include <array>
#include <utility>

#include "domain/error.h"

namespace payd::domain {

namespace {

constexpr std::array<std::pair<QrCode, std::string_view>, 3> kQrCodeNames = {{
    {QrCode::kEip681, "eip681"},
    {QrCode::kAddress, "address"},
    {QrCode::kEip681Compatible, "eip681_compatible"},
}};

// The URI up to its amount: the token contract's transfer, or the coin's send.
std::string UriHead(const PaymentIntent& intent) {
  std::string chain = std::to_string(intent.chain_id);
  if (intent.IsNative()) return "ethereum:" + intent.recipient + "@" + chain + "?value=";
  return "ethereum:" + *intent.token_address + "@" + chain +
         "/transfer?address=" + intent.recipient + "&uint256=";
}

}  // namespace

std::string_view QrCodeName(QrCode mode) {
  for (const auto& [m, name] : kQrCodeNames) {
    if (m == mode) return name;
  }
  return "eip681";
}

std::optional<QrCode> ParseQrCode(std::string_view name) {
  for (const auto& [m, n] : kQrCodeNames) {
    if (n == name) return m;
  }
  return std::nullopt;
}

QrCode QrCodeInput(std::string_view name, std::string_view field) {
  if (auto mode = ParseQrCode(name)) return *mode;
  ThrowInvalid(std::string(field), "{1} is one of eip681, address, eip681_compatible.", field);
}

std::string PaymentUri(const PaymentIntent& intent) {
  return UriHead(intent) + FormatUnits(intent.AmountToSend());
}

std::string CompatiblePaymentUri(const PaymentIntent& intent) {
  Uint256 units = intent.AmountToSend();
  return UriHead(intent) + ScientificUnits(units) +
         "&amount=" + UnitsToDecimal(units, intent.decimals);
}

std::string QrContent(const PaymentIntent& intent, QrCode mode) {
  switch (mode) {
    case QrCode::kAddress:
      return intent.recipient;
    case QrCode::kEip681Compatible:
      return CompatiblePaymentUri(intent);
    case QrCode::kEip681:
      break;
  }
  return PaymentUri(intent);
}

std::string WalletLink(const PaymentIntent& intent, QrCode mode) {
  return mode == QrCode::kEip681Compatible ? CompatiblePaymentUri(intent) : PaymentUri(intent);
}

std::string ScientificUnits(const Uint256& units) {
  std::string digits = FormatUnits(units);
  if (digits == "0") return digits;
  std::size_t exponent = digits.size() - 1;
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  std::string mantissa = digits.substr(0, 1);
  if (digits.size() > 1) mantissa += "." + digits.substr(1);
  return mantissa + "e" + std::to_string(exponent);
}

ExactDigits ExactAmountDigits(const PaymentIntent& intent) {
  ExactDigits out{UnitsToDecimal(intent.amount, intent.decimals), 0,
                  UnitsToDecimal(intent.requested_amount, intent.decimals)};
  if (intent.amount <= intent.requested_amount) return out;
  // The price as written, then what the amount adds after it: "25" and
  // "25.000137" mark "000137"; "0.5" and "0.500137" mark "00137". When the
  // units carried into the price's digits, the amount does not begin with it.
  std::string prefix = out.rounded;
  if (prefix.find('.') == std::string::npos) prefix += '.';
  if (!out.amount.starts_with(prefix) || out.amount.size() <= prefix.size()) return out;
  out.marked = out.amount.size() - prefix.size();
  return out;
}

}  // namespace payd::domain
