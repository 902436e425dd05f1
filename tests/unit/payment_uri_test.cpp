// What a payer's wallet is handed (domain/intents/payment_uri.h): the QR code
// under each integration choice and the digits that make an amount exact.
// The cases are tests/unit/data/payment_uri.tsv: add a line to add a case.
#include "domain/intents/payment_uri.h"

#include <gtest/gtest.h>

#include "test_data.h"

namespace payd {
namespace {

constexpr char kToken[] = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
constexpr char kPayout[] = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

domain::PaymentIntent UriIntent(const std::vector<std::string>& c) {
  domain::PaymentIntent i;
  i.chain_id = 8453;
  i.recipient = kPayout;
  if (c[0] == "token") i.token_address = std::string(kToken);
  i.decimals = static_cast<unsigned>(std::stoul(c[1]));
  i.requested_amount = *domain::ParseUnits(c[2]);
  i.amount = *domain::ParseUnits(c[3]);
  return i;
}

std::string Marked(const domain::ExactDigits& d) {
  if (d.marked == 0) return d.amount;
  std::size_t cut = d.amount.size() - d.marked;
  return d.amount.substr(0, cut) + "[" + d.amount.substr(cut) + "]";
}

TEST(PaymentUri, AsTheTableSays) {
  auto cases = testing::ReadCases("payment_uri.tsv");
  ASSERT_GE(cases.size(), 12u);
  for (const auto& c : cases) {
    SCOPED_TRACE("payment_uri.tsv:" + std::to_string(c.line));
    ASSERT_EQ(c.columns.size(), 7u);
    domain::PaymentIntent intent = UriIntent(c.columns);
    auto mode = domain::ParseQrCode(c.columns[4]);
    ASSERT_TRUE(mode.has_value());
    EXPECT_EQ(domain::QrCodeName(*mode), c.columns[4]);
    EXPECT_EQ(domain::QrContent(intent, *mode), c.columns[5]);
    EXPECT_EQ(Marked(domain::ExactAmountDigits(intent)), c.columns[6]);
  }
}

TEST(PaymentUri, TheWalletButtonOpensAUriEvenWhenTheCodeHoldsTheAddress) {
  domain::PaymentIntent intent = UriIntent({"token", "6", "25000000", "25000137"});
  EXPECT_EQ(domain::WalletLink(intent, domain::QrCode::kAddress), domain::PaymentUri(intent));
  EXPECT_EQ(domain::WalletLink(intent, domain::QrCode::kEip681Compatible),
            domain::CompatiblePaymentUri(intent));
  EXPECT_FALSE(domain::ParseQrCode("EIP681").has_value());
  EXPECT_FALSE(domain::ParseQrCode("").has_value());
}

TEST(PaymentUri, AnUnderpaidIntentAsksForTheRest) {
  domain::PaymentIntent intent = UriIntent({"token", "6", "25000000", "25000137"});
  intent.exception = domain::IntentException::kUnderpaid;
  intent.received = 20000000;
  EXPECT_EQ(domain::CompatiblePaymentUri(intent), std::string("ethereum:") + kToken +
                                                      "@8453/transfer?address=" + kPayout +
                                                      "&uint256=5.000137e6&amount=5.000137");
}

}  // namespace
}  // namespace payd
