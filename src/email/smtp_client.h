// Sends one message through the configured SMTP server with libcurl (DECISIONS
// §18): STARTTLS required on smtp://, TLS from the first byte on smtps://,
// the server's certificate verified, authentication when a username is set
// (the password is never logged or returned), no proxy from the environment,
// bounded in time. The message goes as multipart/alternative (plain text,
// then HTML, quoted-printable), with Date, Message-ID, From, To, Subject
// (RFC 2047 where it is not ASCII) and, unless it is a security message,
// List-Unsubscribe with one-click unsubscription (RFC 8058).
#pragma once

#include <string>

#include "domain/email/email_message.h"

namespace payd::email {

struct SmtpSettings {
  std::string url;  // smtp://host:port or smtps://host:port
  std::string username, password;
  std::string from_address, from_name;
  std::string ca_file;  // empty: the system's trust store
  long timeout_ms = 30'000;
};

struct SendOutcome {
  bool sent = false;
  // The server or the settings refused for good (authentication, a
  // recipient it will not take, TLS it does not offer): trying again as it
  // is would fail again. Otherwise (no answer, a time-out, 4xx) it may pass later.
  bool permanent = false;
  long smtp_code = 0;      // the server's last reply code, when it answered
  std::string error;       // one line, for the log and the outbox; never the password
  std::string message_id;  // what Message-ID the message carried
};

SendOutcome SendMail(const SmtpSettings& settings, const domain::EmailMessage& message);

}  // namespace payd::email
