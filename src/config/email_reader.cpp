#include "config/email_reader.h"

#include "domain/email/address.h"

namespace payd::config {

void ReadEmail(TomlReader& r, EmailSettings& email) {
  if (r.Has("password")) {
    r.Fail("password", "is not read from a file: set PAYD_SMTP_PASSWORD in the environment");
  }
  email.smtp_url = r.String("smtp_url").value_or(email.smtp_url);
  if (!email.smtp_url.starts_with("smtp://") && !email.smtp_url.starts_with("smtps://")) {
    r.Fail("smtp_url", "must be smtp://host:port (STARTTLS) or smtps://host:port (TLS at once)");
  }
  email.username = r.String("username").value_or(email.username);
  auto from = r.String("from");
  if (!from) r.Fail("from", "is required: the address messages come from, payd@shop.example");
  if (!domain::IsMailAddress(*from))
    r.Fail("from", "must be an email address such as payd@shop.example");
  email.from_address = *from;
  email.from_name = r.String("from_name").value_or(email.from_name);
  if (email.from_name.find_first_of("\r\n") != std::string::npos) {
    r.Fail("from_name", "must be one line");
  }
  email.ca_file = r.String("ca_file").value_or(email.ca_file);
  if (auto timeout = r.Int("timeout_s")) {
    if (*timeout < 1 || *timeout > 600) r.Fail("timeout_s", "must be 1 to 600 seconds");
    email.timeout_s = static_cast<int>(*timeout);
  }
  if (auto limit = r.Int("hourly_limit")) {
    if (*limit < 1 || *limit > 1000) r.Fail("hourly_limit", "must be 1 to 1000 messages");
    email.hourly_limit = static_cast<int>(*limit);
  }
  if (r.Has("retry_schedule_s")) {
    email.retry_schedule_s.clear();
    for (auto v : r.IntArray("retry_schedule_s")) {
      if (v < 0 || v > 604800) r.Fail("retry_schedule_s", "entries must be 0 to 604800 seconds");
      email.retry_schedule_s.push_back(static_cast<int>(v));
    }
  }
  r.RejectUnknown();
}

}  // namespace payd::config
