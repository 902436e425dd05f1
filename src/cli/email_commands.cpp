// `payd email test <address>`: sends one message through the configured SMTP
// server at once (not through the outbox) and says what the server answered,
// so an operator checks [email] and PAYD_SMTP_PASSWORD before payd relies on
// them (DECISIONS §18). The password never appears in what it prints.
#include <CLI/CLI.hpp>

#include "cli/command_context.h"
#include "cli/email_service.h"
#include "domain/email/address.h"
#include "email/email_renderer.h"
#include "email/smtp_client.h"
#include "html/assets.h"
#include "html/i18n.h"
#include "html/templates.h"

namespace payd::cli {

namespace {

// The test message every payd sends (domain::TestEmail), rendered as the outbox would.
domain::EmailMessage TestMessage(const config::Config& config, const std::string& to) {
  html::Assets assets;
  html::Languages languages(assets);
  html::Templates templates(assets);
  email::EmailRenderer renderer(templates, languages, PublicUrlOf(config));
  std::string account = config.email.from_name.empty() ? "payd" : config.email.from_name;
  return renderer.Render(
      domain::TestEmail(std::nullopt, to, account, "the operator", base::NowMs()));
}

}  // namespace

void AddEmailCommands(CLI::App& app, CommandContext& ctx) {
  auto* email = app.add_subcommand("email", "Email (SMTP, the [email] table)");
  email->require_subcommand(1);
  auto* test = email->add_subcommand("test", "Send a test message now and say how it went");
  auto to = std::make_shared<std::string>();
  test->add_option("ADDRESS", *to, "Where to send it")->required();
  test->callback(Guarded([&ctx, to] {
    config::Config config = ctx.LoadConfig();
    if (!config.email.Enabled()) {
      domain::ThrowInvalid("", "email is off: set smtp_url and from in the [email] table");
    }
    if (!domain::IsMailAddress(*to)) {
      domain::ThrowInvalid("", "ADDRESS must be an email address such as ana@shop.example");
    }
    auto outcome = email::SendMail(SmtpSettingsOf(config.email), TestMessage(config, *to));
    if (!outcome.sent) {
      throw domain::Error(domain::ErrorKind::kUnavailable,
                          "email to " + *to + " through " + config.email.smtp_url +
                              " failed: " + outcome.error +
                              (outcome.permanent ? " (check the [email] settings)" : ""));
    }
    ctx.Print(boost::json::object{{"sent", true},
                                  {"to", *to},
                                  {"server", config.email.smtp_url},
                                  {"messageId", outcome.message_id}});
  }));
}

}  // namespace payd::cli
