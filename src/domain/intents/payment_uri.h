// What a payer's wallet is handed to pay an intent: the EIP-681 URI, what the
// QR code holds under the integration's choice, and which digits of the
// amount make it the intent's exact amount (issue 38 item 3).
//
// Why a choice: wallets differ. Most read an EIP-681 URI whole; some take
// only its recipient and leave the amount for the payer to type (Trust
// Wallet, Uniswap Wallet, Trezor Suite, SafePal); some read the amount only
// in another form (scientific notation, a decimal `amount`). payd tells
// payments apart by their exact amount, so the page shows and explains it
// whatever the QR code holds.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "domain/intents/payment_intent.h"

namespace payd::domain {

// An integration's QR code (`qrCode`):
//   kEip681           the EIP-681 URI with the amount (the default);
//   kAddress          the payout address alone, the exact amount shown large beside it;
//   kEip681Compatible the EIP-681 URI with the amount also in the forms other wallets read.
enum class QrCode { kEip681, kAddress, kEip681Compatible };

std::string_view QrCodeName(QrCode mode);  // "eip681", "address", "eip681_compatible"
std::optional<QrCode> ParseQrCode(std::string_view name);
// ParseQrCode for an input: throws Error(kInvalidRequest) naming `field` and the choices.
QrCode QrCodeInput(std::string_view name, std::string_view field);

// An EIP-681 URI that wallets open to pay AmountToSend() exactly:
// ethereum:<token>@<chain>/transfer?address=<recipient>&uint256=<amount>, or
// ethereum:<recipient>@<chain>?value=<amount> for the native coin. For an
// underpaid intent it asks for the rest, not the whole amount again.
std::string PaymentUri(const PaymentIntent& intent);

// The same request with the amount in the forms other wallets read too: in
// scientific notation as MetaMask writes it (uint256=2.5000137e7, which
// EIP-681's number grammar allows) and as a decimal of whole tokens
// (amount=25.000137, the parameter Trust Wallet's links use). Never `value`
// beside a token transfer: a wallet that read it would send the coin too.
std::string CompatiblePaymentUri(const PaymentIntent& intent);

// What the QR code holds under `mode`. The address alone is the EIP-55
// address with no scheme: every wallet's scanner reads that.
std::string QrContent(const PaymentIntent& intent, QrCode mode);

// The link of the page's "open in wallet" button: the URI of the mode (the
// address alone opens no wallet, so that mode links the plain EIP-681 URI).
std::string WalletLink(const PaymentIntent& intent, QrCode mode);

// An integer in EIP-681's scientific notation: 25000137 -> "2.5000137e7",
// 25000000 -> "2.5e7", 0 -> "0".
std::string ScientificUnits(const Uint256& units);

// Which digits make the amount exact: the intent's amount as a decimal
// ("25.000137"), how many of its last characters follow the price before
// the uniqueness units as that price is written (6: "000137" after "25."),
// and that price ("25"). A payer who types the price, or rounds, drops them.
// `marked` is 0 when nothing was added or the units carried into the
// price's own digits (then the whole amount matters and the page says so
// without digits).
struct ExactDigits {
  std::string amount;
  std::size_t marked = 0;
  std::string rounded;
};
ExactDigits ExactAmountDigits(const PaymentIntent& intent);

}  // namespace payd::domain
