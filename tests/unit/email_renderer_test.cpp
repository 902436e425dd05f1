// The messages as sent (email/email_renderer.h): each queued message of
// domain/email/messages.h renders in every language of the catalogs with its
// subject, both parts and its link; values are escaped in the HTML part and
// never read again as placeholders; times are written the language's way.
#include "email/email_renderer.h"

#include <gtest/gtest.h>

#include <boost/json/serialize.hpp>
#include <set>

#include "domain/email/chain_problem.h"
#include "domain/email/daily_summary.h"
#include "domain/email/examples.h"
#include "domain/email/messages.h"
#include "html/assets.h"
#include "html/embedded_files.h"
#include "html/i18n.h"
#include "html/templates.h"

namespace payd::email {
namespace {

constexpr base::TimeMs kNow = 1'800'000'000'000;  // 2027-01-15 08:00 UTC

class EmailRendererTest : public ::testing::Test {
 protected:
  html::Assets assets_;
  html::Languages languages_{assets_};
  html::Templates templates_{assets_};
  EmailRenderer renderer_{templates_, languages_, "https://pay.shop.example"};

  domain::IssuedLink Link(domain::LinkPurpose purpose) {
    return domain::NewSignInLink("user_1", "ten_1", purpose, kNow);
  }
  domain::User Person() {
    return {"user_1", "ten_1", "bo@shop.example", "Bo", domain::Role::kDeveloper, {}, {}, kNow};
  }
};

TEST_F(EmailRendererTest, AnInvitationNamesWhoAndWhereAndCarriesItsLink) {
  auto link = Link(domain::LinkPurpose::kWelcome);
  std::string url = "https://pay.shop.example" + domain::SignInLinkPath(link.token);
  auto message = renderer_.Render(
      domain::SignInLinkEmail(Person(), "Boutique Éloïse", "Ana", link, url, kNow));
  EXPECT_EQ(message.to, "bo@shop.example");
  EXPECT_EQ(message.subject, "Ana invited you to Boutique Éloïse");
  EXPECT_TRUE(message.security) << "a sign-in link cannot be turned off";
  EXPECT_NE(message.text.find(url), std::string::npos) << message.text;
  EXPECT_NE(message.html.find("href=\"" + url + "\""), std::string::npos);
  EXPECT_NE(message.text.find("developer role"), std::string::npos) << message.text;
  EXPECT_NE(message.html.find("<html lang=\"en\">"), std::string::npos);
}

TEST_F(EmailRendererTest, AResetLinkSaysWhatToDoIfUnexpected) {
  auto link = Link(domain::LinkPurpose::kReset);
  auto message = renderer_.Render(
      domain::SignInLinkEmail(Person(), "Shop", "The operator", link, "https://x/y", kNow));
  EXPECT_EQ(message.subject, "Your sign-in link for Shop");
  EXPECT_NE(message.text.find("ignore this message"), std::string::npos) << message.text;
}

TEST_F(EmailRendererTest, ValuesAreEscapedInHtmlAndNeverReadAsPlaceholders) {
  auto email = domain::TestEmail("ten_1", "ana@shop.example", "<b>Shop</b> & Co",
                                 "{account} <script>alert(1)</script>", kNow);
  auto message = renderer_.Render(email);
  EXPECT_EQ(message.html.find("<script>"), std::string::npos);
  EXPECT_EQ(message.html.find("<b>Shop"), std::string::npos);
  EXPECT_NE(message.html.find("&lt;script&gt;"), std::string::npos);
  // The asker's text stays as typed: "{account}" in it is not the account.
  EXPECT_NE(message.text.find("{account} <script>alert(1)</script>"), std::string::npos)
      << message.text;
}

// domain/email/examples.h has one of each template; each renders in every language.
TEST_F(EmailRendererTest, EveryLanguageHasEveryMessageAndItsTimeFormat) {
  const domain::Mailing mailing{"https://pay.shop.example"};
  std::set<std::string> templates;
  for (const auto& file : html::EmbeddedFiles()) {
    std::string_view path = file.path;
    constexpr std::string_view kDir = "web/templates/email/", kExt = ".mustache";
    if (!path.starts_with(kDir) || !path.ends_with(kExt)) continue;
    std::string name(path.substr(kDir.size(), path.size() - kDir.size() - kExt.size()));
    if (!name.starts_with("layout") && !name.ends_with("_text")) templates.insert(name);
  }
  for (const auto& code : languages_.codes()) {
    SCOPED_TRACE(code);
    std::set<std::string> covered;
    for (const auto& email :
         domain::ExampleEmails("ana@shop.example", code, "Shop", mailing, kNow)) {
      SCOPED_TRACE(email.template_name);
      covered.insert(email.template_name);
      auto message = renderer_.Render(email);
      EXPECT_FALSE(message.subject.empty());
      EXPECT_EQ(message.subject.find('{'), std::string::npos) << message.subject;
      EXPECT_EQ(message.text.find('{'), std::string::npos) << message.text;
      EXPECT_EQ(message.html.find('{'), std::string::npos) << message.html;
      EXPECT_NE(message.html.find("<html lang=\"" + code + "\">"), std::string::npos);
      std::string when = html::FormatDateTime(kNow, languages_.Get(code).date_time);
      if (email.template_name == "test") {
        EXPECT_NE(message.text.find(when), std::string::npos) << message.text;
      }
    }
    EXPECT_EQ(covered, templates) << "an example of every message";
  }
}

TEST_F(EmailRendererTest, EventMessagesAndReceiptsRenderInEveryLanguage) {
  domain::Mailing mailing{"https://pay.shop.example"};
  const std::string intent =
      R"({"id":"pi_1","amount":"25000001","amountFormatted":"25.000001","amountReceived":"10000000",)"
      R"("decimals":6,"currency":"USDC","chain":"Localnet","txHash":"0xabc","exception":"UNDERPAID"})";
  std::vector<std::pair<std::string, domain::Event>> events{
      {"needs_decision",
       domain::NewEvent("ten_1", domain::event_type::kPaymentConfirmed, intent, kNow)},
      {"payment_received",
       domain::NewEvent(
           "ten_1", domain::event_type::kPaymentConfirmed,
           R"({"id":"pi_2","amountFormatted":"4.5","currency":"USDC","chain":"Localnet","exception":null})",
           kNow)},
      {"refund_confirmed",
       domain::NewEvent(
           "ten_1", domain::event_type::kRefundConfirmed,
           R"({"id":"re_1","amountFormatted":"1","token":"USDC","to":"0x9","txHash":"0x1"})",
           kNow)},
      {"payout_changed",
       domain::NewEvent(
           "ten_1", domain::event_type::kIntegrationPayoutChanged,
           R"({"id":"int_1","name":"Web","status":"APPLIED","previousPayoutAddress":"0x1","newPayoutAddress":"0x2"})",
           kNow)}};
  domain::PaymentIntent paid;
  paid.id = "pi_3";
  paid.tenant_id = "ten_1";
  paid.amount = 4'000'001;
  paid.received = 4'000'001;
  paid.decimals = 6;
  paid.token_symbol = "USDC";
  paid.chain_id = 31337;
  paid.tx_hash = "0xdef";
  paid.confirmed_at = kNow;
  paid.price = domain::Price{"4.00", "USD"};
  for (const auto& code : languages_.codes()) {
    SCOPED_TRACE(code);
    for (const auto& [name, event] : events) {
      SCOPED_TRACE(name);
      auto topic = domain::EmailTopicOf(event);
      ASSERT_TRUE(topic);
      EXPECT_EQ(domain::InfoOf(*topic).name, name);
      auto email = domain::EventEmail(event, *topic, Person(), "Shop", mailing, "tok", kNow);
      ASSERT_TRUE(email);
      email->language = code;
      auto message = renderer_.Render(*email);
      EXPECT_EQ(message.subject.find('{'), std::string::npos) << message.subject;
      EXPECT_EQ(message.text.find('{'), std::string::npos) << message.text;
      EXPECT_EQ(message.unsubscribe_url.empty(), domain::InfoOf(*topic).security);
    }
    auto disabled =
        domain::WebhookDisabledEmail(Person(), "Shop", "https://hooks.example/x",
                                     "the endpoint answered 410 Gone", mailing, "tok", kNow);
    disabled.language = code;
    auto told = renderer_.Render(disabled);
    EXPECT_EQ(told.text.find('{'), std::string::npos) << told.text;
    EXPECT_NE(told.text.find("https://hooks.example/x"), std::string::npos);
    EXPECT_FALSE(told.unsubscribe_url.empty());
    auto stalled = domain::ChainProblemEmail(Person(), "Shop", "Localnet",
                                             "its token check failed: USDC", mailing, "tok", kNow);
    stalled.language = code;
    auto alert = renderer_.Render(stalled);
    EXPECT_EQ(alert.text.find('{'), std::string::npos) << alert.text;
    EXPECT_NE(alert.text.find("its token check failed: USDC"), std::string::npos);
    auto sign_in = domain::NewSignInEmail(Person(), "Shop", "192.0.2.1", mailing, kNow);
    sign_in.language = code;
    auto announced = renderer_.Render(sign_in);
    EXPECT_EQ(announced.text.find('{'), std::string::npos) << announced.text;
    EXPECT_NE(announced.text.find("192.0.2.1"), std::string::npos);
    EXPECT_TRUE(announced.security && announced.unsubscribe_url.empty());
    auto receipt = renderer_.Render(
        domain::ReceiptEmail(paid, "Shop web", mailing, "payer@mail.example", code, kNow));
    EXPECT_EQ(receipt.text.find('{'), std::string::npos) << receipt.text;
    EXPECT_NE(receipt.text.find("4.00 USD"), std::string::npos) << receipt.text;
    EXPECT_TRUE(receipt.unsubscribe_url.empty());
  }
  // The figures of a decision: asked, received, and the shortfall, exactly.
  auto underpaid =
      renderer_.Render(*domain::EventEmail(events[0].second, domain::EmailTopic::kNeedsDecision,
                                           Person(), "Shop", mailing, "tok", kNow));
  EXPECT_NE(underpaid.text.find("asked for 25.000001 USDC on Localnet and received 10 USDC: "
                                "15.000001 USDC short."),
            std::string::npos)
      << underpaid.text;
}

TEST_F(EmailRendererTest, ADailySummaryRendersInEveryLanguageWithItsRowsTimes) {
  domain::Mailing mailing{"https://pay.shop.example"};
  std::vector<domain::PaymentIntent> paid(domain::kSummaryRowsListed + 1);
  for (std::size_t n = 0; n < paid.size(); ++n) {
    auto& i = paid[n];
    i.id = "pi_" + std::to_string(n);
    i.tenant_id = "ten_1";
    i.received = 1'500'000;
    i.decimals = 6;
    i.token_symbol = "USDC";
    i.chain_id = 31337;
    i.confirmed_at = kNow + static_cast<base::TimeMs>(n) * 60'000;
    i.price = domain::Price{"1.50", "EUR"};
  }
  const base::TimeMs from = domain::SummaryPeriodEnd(kNow);
  auto email = domain::DailySummaryEmail(Person(), "Shop", mailing, "tok", from,
                                         from + domain::kSummaryDayMs, paid,
                                         *domain::FindCurrency("EUR"), kNow);
  ASSERT_TRUE(email);
  for (const auto& code : languages_.codes()) {
    SCOPED_TRACE(code);
    email->language = code;
    auto message = renderer_.Render(*email);
    EXPECT_EQ(message.subject.find('{'), std::string::npos) << message.subject;
    EXPECT_EQ(message.text.find('{'), std::string::npos) << message.text;
    EXPECT_EQ(message.html.find('{'), std::string::npos) << message.html;
    EXPECT_NE(message.text.find("31.5 USDC"), std::string::npos) << message.text;
    EXPECT_NE(message.text.find("31.50 EUR"), std::string::npos) << message.text;
    EXPECT_FALSE(message.unsubscribe_url.empty());
  }
  email->language = "en";
  auto message = renderer_.Render(*email);
  EXPECT_EQ(message.subject, "Daily summary for Shop: 21 payments received");
  EXPECT_NE(message.text.find("21 payments received by Shop from 15/01/2027 00:00 UTC to "
                              "16/01/2027 00:00 UTC."),
            std::string::npos)
      << message.text;
  // Each row's time, written the language's way like the message's own.
  EXPECT_NE(message.html.find("15/01/2027 08:19 UTC"), std::string::npos) << message.html;
  EXPECT_EQ(message.html.find("pi_20"), std::string::npos) << "the 21st is counted, not listed";
  EXPECT_NE(message.text.find("And 1 more, listed in the dashboard."), std::string::npos);
}

TEST_F(EmailRendererTest, AModelThatIsNotAnObjectCannotBeSent) {
  auto email = domain::TestEmail("ten_1", "ana@shop.example", "Shop", "Ana", kNow);
  email.model_json = "[1]";
  EXPECT_THROW(renderer_.Render(email), std::runtime_error);
  email.model_json = "{";
  EXPECT_ANY_THROW(renderer_.Render(email));
}

TEST(FillPlaceholders, OnePassAndUnknownNamesStay) {
  boost::json::object values{{"a", "{b}"}, {"b", "B"}, {"n", 3}};
  EXPECT_EQ(FillPlaceholders("{a}-{b}-{n}-{zz}-{", values), "{b}-B-3-{zz}-{");
}

}  // namespace
}  // namespace payd::email
