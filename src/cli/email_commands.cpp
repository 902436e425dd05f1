// `payd email test <address>`: sends one message through the configured SMTP
// server at once (not through the outbox) and says what the server answered,
// so an operator checks [email] and PAYD_SMTP_PASSWORD before payd relies on
// them (DECISIONS §18). The password never appears in what it prints.
#include <CLI/CLI.hpp>

#include "cli/command_context.h"
#include "domain/email/address.h"
#include "email/smtp_client.h"

namespace payd::cli {

namespace {

email::SmtpSettings SmtpSettingsOf(const config::EmailSettings& e) {
  return {e.smtp_url,
          e.username,
          e.password,
          e.from_address,
          e.from_name,
          e.ca_file,
          static_cast<long>(e.timeout_s) * 1000};
}

domain::EmailMessage TestMessage(const std::string& to, const std::string& base_url) {
  domain::EmailMessage m;
  m.to = to;
  m.subject = "payd can send email";
  std::string where = base_url.empty() ? "payd" : "payd at " + base_url;
  m.text = "This is a test message from " + where +
           ".\n\nIf you can read it, payd's email settings work: merchants' alerts, payers' "
           "receipts and invitations will reach their inboxes.\n";
  m.html = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + m.subject +
           "</title></head><body><p>This is a test message from " + where +
           ".</p><p>If you can read it, payd's email settings work: merchants' alerts, payers' "
           "receipts and invitations will reach their inboxes.</p></body></html>";
  m.security = true;  // nothing to unsubscribe from: the operator asked for it
  return m;
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
    auto outcome =
        email::SendMail(SmtpSettingsOf(config.email), TestMessage(*to, PublicUrlOf(config)));
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
