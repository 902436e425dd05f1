#include "cli/email_service.h"

namespace payd::cli {

namespace {

email::OutboxSenderOptions SenderOptions(const config::EmailSettings& settings) {
  email::OutboxSenderOptions options;
  options.smtp = SmtpSettingsOf(settings);
  options.hourly_limit = settings.hourly_limit;
  if (!settings.retry_schedule_s.empty()) options.retry_schedule_s = settings.retry_schedule_s;
  return options;
}

}  // namespace

email::SmtpSettings SmtpSettingsOf(const config::EmailSettings& e) {
  return {e.smtp_url,
          e.username,
          e.password,
          e.from_address,
          e.from_name,
          e.ca_file,
          static_cast<long>(e.timeout_s) * 1000};
}

EmailService::EmailService(const config::EmailSettings& settings, domain::EmailQueue& queue,
                           const html::Templates& templates, const html::Languages& languages,
                           const std::string& public_url, const domain::ChainCatalog& catalog)
    : mailing_{public_url, &catalog},
      renderer_(templates, languages, public_url),
      sender_(queue, renderer_, SenderOptions(settings)) {}

}  // namespace payd::cli
