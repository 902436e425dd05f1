// The messages as sent (email/email_renderer.h): each queued message of
// domain/email/messages.h renders in every language of the catalogs with its
// subject, both parts and its link; values are escaped in the HTML part and
// never read again as placeholders; times are written the language's way.
#include "email/email_renderer.h"

#include <gtest/gtest.h>

#include <boost/json/serialize.hpp>

#include "domain/email/messages.h"
#include "html/assets.h"
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

TEST_F(EmailRendererTest, EveryLanguageHasEveryMessageAndItsTimeFormat) {
  auto link = Link(domain::LinkPurpose::kWelcome);
  for (const auto& code : languages_.codes()) {
    SCOPED_TRACE(code);
    for (auto email :
         {domain::TestEmail("ten_1", "ana@shop.example", "Shop", "Ana", kNow),
          domain::SignInLinkEmail(Person(), "Shop", "Ana", link, "https://x/y", kNow),
          domain::SignInLinkEmail(Person(), "Shop", "Ana", Link(domain::LinkPurpose::kReset),
                                  "https://x/y", kNow)}) {
      email.language = code;
      auto message = renderer_.Render(email);
      EXPECT_FALSE(message.subject.empty());
      EXPECT_EQ(message.subject.find('{'), std::string::npos) << message.subject;
      EXPECT_EQ(message.text.find('{'), std::string::npos) << message.text;
      EXPECT_NE(message.html.find("<html lang=\"" + code + "\">"), std::string::npos);
      std::string when = html::FormatDateTime(kNow, languages_.Get(code).date_time);
      if (email.template_name == "test") {
        EXPECT_NE(message.text.find(when), std::string::npos) << message.text;
      }
    }
  }
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
