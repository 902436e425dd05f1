// payd's email when the [email] table is configured (DECISIONS §18): the
// renderer and the outbox's sender, started by `payd serve` once it knows
// its public address, and what a Change carries so that the messages it
// causes are queued (domain::Mailing). Off, none of it exists.
#pragma once

#include <memory>
#include <optional>

#include "config/config.h"
#include "domain/email/messages.h"
#include "email/outbox_sender.h"
#include "email/smtp_client.h"

namespace payd::html {
class Templates;
class Languages;
}  // namespace payd::html

namespace payd::cli {

email::SmtpSettings SmtpSettingsOf(const config::EmailSettings& settings);

class EmailService {
 public:
  EmailService(const config::EmailSettings& settings, domain::EmailQueue& queue,
               const html::Templates& templates, const html::Languages& languages,
               const std::string& public_url, const domain::ChainCatalog& catalog);
  // Starts sending; Stop (or the destructor) lets a message under way finish.
  void Start() { sender_.Start(); }
  void Stop() { sender_.Stop(); }
  void Wake() { sender_.Wake(); }
  const domain::Mailing& mailing() const { return mailing_; }

 private:
  domain::Mailing mailing_;
  email::EmailRenderer renderer_;
  email::OutboxSender sender_;
};

}  // namespace payd::cli
