#include "domain/email/examples.h"

#include "domain/email/chain_problem.h"
#include "domain/email/daily_summary.h"

namespace payd::domain {

namespace {

constexpr const char* kTx = "0x8f3a5c1e9b7d2f4a6c8e0b1d3f5a7c9e1b3d5f7a9c1e3b5d7f9a1c3e5b7d9f1a";
constexpr const char* kPayer = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

// The examples' chain: the first one payd is configured with, else Base.
struct ExampleChain {
  std::int64_t id = 8453;
  std::string name = "Base";
};

ExampleChain ChainOf(const Mailing& mailing) {
  if (!mailing.catalog || mailing.catalog->chains().empty()) return {};
  const auto& first = mailing.catalog->chains().front();
  return {first.id, first.name};
}

PaymentIntent ExampleIntent(const std::string& id, Uint256 amount, base::TimeMs paid_at,
                            std::int64_t chain_id) {
  PaymentIntent i;
  i.id = id;
  i.tenant_id = "ten_example";
  i.status = IntentStatus::kPaid;
  i.token_symbol = "USDC";
  i.decimals = 6;
  i.chain_id = chain_id;
  i.amount = amount;
  i.received = amount;
  i.tx_hash = kTx;
  i.confirmed_at = paid_at;
  return i;
}

}  // namespace

std::vector<QueuedEmail> ExampleEmails(const std::string& to, const std::string& language,
                                       const std::string& account, const Mailing& mailing,
                                       base::TimeMs now) {
  const User person{"user_example", "ten_example", to, "Ana", Role::kOwner, {}, {}, now};
  const std::string token = "example";
  const auto chain = ChainOf(mailing);
  const std::string on = R"(,"chain":")" + chain.name + R"(")";
  std::vector<QueuedEmail> out;
  out.push_back(TestEmail(std::nullopt, to, account, "the operator", now));
  for (auto purpose : {LinkPurpose::kWelcome, LinkPurpose::kReset}) {
    auto link = NewSignInLink(person.id, person.tenant_id, purpose, now);
    out.push_back(SignInLinkEmail(person, account, "Bo", link,
                                  mailing.public_url + SignInLinkPath(link.token), now));
  }
  const std::string paid =
      R"({"id":"pi_example1","amountFormatted":"25.000013","currency":"USDC")" + on +
      R"(,"exception":null,"txHash":")" + std::string(kTx) + R"("})";
  const std::string underpaid =
      R"({"id":"pi_example2","amount":"40000027","amountFormatted":"40.000027",)"
      R"("amountReceived":"30000000","decimals":6,"currency":"USDC")" +
      on + R"(,"exception":"UNDERPAID","txHash":")" + std::string(kTx) + R"("})";
  const std::string refunded =
      R"({"id":"re_example","amountFormatted":"12.5","token":"USDC","to":")" + std::string(kPayer) +
      R"(","txHash":")" + kTx + R"("})";
  const std::string payout =
      R"({"id":"int_example","name":"Web shop","status":"SCHEDULED",)"
      R"("previousPayoutAddress":"0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",)"
      R"("newPayoutAddress":"0x90F79bf6EB2c4f870365E785982E1f101E93b906",)"
      R"("effectiveAt":"2027-01-16T08:00:00Z"})";
  for (const auto& [type, data] : {std::pair{event_type::kPaymentConfirmed, paid},
                                   std::pair{event_type::kPaymentConfirmed, underpaid},
                                   std::pair{event_type::kRefundConfirmed, refunded},
                                   std::pair{event_type::kIntegrationPayoutChanged, payout}}) {
    Event event = NewEvent(person.tenant_id, type, data, now);
    auto topic = EmailTopicOf(event);
    if (!topic) continue;
    auto email = EventEmail(event, *topic, person, account, mailing,
                            InfoOf(*topic).security ? std::string() : token, now);
    if (email) out.push_back(std::move(*email));
  }
  out.push_back(NewSignInEmail(person, account, "192.0.2.10", mailing, now));
  out.push_back(WebhookDisabledEmail(person, account, "https://shop.example/payd/webhooks",
                                     "the endpoint answered 410 Gone", mailing, token, now));
  out.push_back(ChainProblemEmail(person, account, chain.name,
                                  "not read for 6 minutes; its node answers: connection refused",
                                  mailing, token, now));
  auto receipt = ExampleIntent("pi_example3", 19'990'007, now, chain.id);
  receipt.price = Price{"19.99", "EUR"};
  out.push_back(ReceiptEmail(receipt, account, mailing, to, language, now));
  const base::TimeMs until = SummaryPeriodEnd(now);
  std::vector<PaymentIntent> day;
  day.push_back(ExampleIntent("pi_example4", 25'000'013, until - 20 * 3'600'000, chain.id));
  day.back().price = Price{"25.00", "USD"};
  day.push_back(ExampleIntent("pi_example5", 9'990'021, until - 3 * 3'600'000, chain.id));
  day.back().price = Price{"9.99", "USD"};
  auto summary = DailySummaryEmail(person, account, mailing, token, until - kSummaryDayMs, until,
                                   day, *FindCurrency("USD"), now);
  if (summary) out.push_back(std::move(*summary));
  for (auto& email : out) email.language = language;
  return out;
}

}  // namespace payd::domain
