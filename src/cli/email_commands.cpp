// `payd email test <address>`: sends one message through the configured SMTP
// server at once (not through the outbox) and says what the server answered,
// so an operator checks [email] and PAYD_SMTP_PASSWORD before payd relies on
// them (DECISIONS §18). The password never appears in what it prints. With
// --every-message, an example of every message payd sends
// (domain/email/examples.h), in --lang, to see them in a real mail client.
#include <CLI/CLI.hpp>
#include <algorithm>

#include "cli/command_context.h"
#include "cli/email_service.h"
#include "domain/email/address.h"
#include "domain/email/examples.h"
#include "email/email_renderer.h"
#include "email/smtp_client.h"
#include "html/assets.h"
#include "html/i18n.h"
#include "html/templates.h"

namespace payd::cli {

namespace {

// The test message every payd sends (domain::TestEmail), or an example of
// every message, rendered as the outbox would.
std::vector<domain::EmailMessage> Messages(const config::Config& config, const std::string& to,
                                           bool every, const std::string& language) {
  html::Assets assets;
  html::Languages languages(assets);
  html::Templates templates(assets);
  email::EmailRenderer renderer(templates, languages, PublicUrlOf(config));
  std::string account = config.email.from_name.empty() ? "payd" : config.email.from_name;
  base::TimeMs now = base::NowMs();
  std::vector<domain::EmailMessage> out;
  if (!every) {
    out.push_back(
        renderer.Render(domain::TestEmail(std::nullopt, to, account, "the operator", now)));
    return out;
  }
  const auto& codes = languages.codes();
  if (std::find(codes.begin(), codes.end(), language) == codes.end()) {
    std::string known;
    for (const auto& code : codes) known += (known.empty() ? "" : ", ") + code;
    domain::ThrowInvalid("lang", "--lang must be one of the catalogs' languages: " + known);
  }
  domain::Mailing mailing{PublicUrlOf(config), &config.catalog};
  for (const auto& email : domain::ExampleEmails(to, language, account, mailing, now)) {
    out.push_back(renderer.Render(email));
  }
  return out;
}

}  // namespace

void AddEmailCommands(CLI::App& app, CommandContext& ctx) {
  auto* email = app.add_subcommand("email", "Email (SMTP, the [email] table)");
  email->require_subcommand(1);
  auto* test = email->add_subcommand("test", "Send a test message now and say how it went");
  auto to = std::make_shared<std::string>();
  auto every = std::make_shared<bool>(false);
  auto lang = std::make_shared<std::string>("en");
  test->add_option("ADDRESS", *to, "Where to send it")->required();
  test->add_flag("--every-message", *every,
                 "Send an example of every message payd sends instead (made-up figures)");
  test->add_option("--lang", *lang, "The examples' language (a payer's receipt is in theirs)");
  test->callback(Guarded([&ctx, to, every, lang] {
    config::Config config = ctx.LoadConfig();
    if (!config.email.Enabled()) {
      domain::ThrowInvalid("", "email is off: set smtp_url and from in the [email] table");
    }
    if (!domain::IsMailAddress(*to)) {
      domain::ThrowInvalid("", "ADDRESS must be an email address such as ana@shop.example");
    }
    boost::json::array sent;
    for (const auto& message : Messages(config, *to, *every, *lang)) {
      auto outcome = email::SendMail(SmtpSettingsOf(config.email), message);
      if (!outcome.sent) {
        throw domain::Error(domain::ErrorKind::kUnavailable,
                            "email to " + *to + " through " + config.email.smtp_url +
                                " failed: " + outcome.error +
                                (outcome.permanent ? " (check the [email] settings)" : ""));
      }
      sent.push_back(
          boost::json::object{{"subject", message.subject}, {"messageId", outcome.message_id}});
    }
    boost::json::object out{{"sent", true}, {"to", *to}, {"server", config.email.smtp_url}};
    if (*every) {
      out["messages"] = std::move(sent);
    } else {
      out["messageId"] = sent.front().at("messageId");
    }
    ctx.Print(out);
  }));
}

}  // namespace payd::cli
