// One message payd sends by email (DECISIONS §18): to whom, its subject, its
// text as plain text and as HTML, and whether the person may turn it off.
// The sender, the transport and the headers a message needs (Date,
// Message-ID, encoding) are the adapter's (email/smtp_client.h).
#pragma once

#include <string>

namespace payd::domain {

struct EmailMessage {
  std::string to;       // domain::IsMailAddress
  std::string subject;  // one line, any language
  std::string text;     // text/plain, UTF-8
  std::string html;     // text/html, UTF-8
  // A security message (a new sign-in, a payout address changed) cannot be
  // turned off and has no List-Unsubscribe; every other one names where to.
  bool security = false;
  std::string unsubscribe_url;  // https://…, used when !security
};

}  // namespace payd::domain
