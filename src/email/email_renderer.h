// Turns a queued message (domain/email/outbox.h) into the message sent:
// web/templates/email/<template>.mustache for the HTML part and
// <template>_text.mustache for the plain text, each inside its layout, with
// the strings of the message's language (web/i18n/<lang>.json, the keys that
// begin with "email_"). A string's {placeholders} are filled from the
// message's model in one pass, so a value (a payer's name, say) is never
// read again as a placeholder; the HTML part escapes every value.
#pragma once

#include <boost/json/object.hpp>
#include <string>
#include <string_view>

#include "domain/email/email_message.h"
#include "domain/email/outbox.h"

namespace payd::html {
class Templates;
class Languages;
}  // namespace payd::html

namespace payd::email {

class EmailRenderer {
 public:
  // `public_url` is where the links in messages point (https://pay.shop.example).
  EmailRenderer(const html::Templates& templates, const html::Languages& languages,
                std::string public_url);

  // Throws std::runtime_error when the model is not a JSON object or the
  // template is missing: the message cannot be sent as it is.
  domain::EmailMessage Render(const domain::QueuedEmail& email) const;

 private:
  const html::Templates& templates_;
  const html::Languages& languages_;
  std::string public_url_;
};

// "{name} invited you" with {"name": "Ana"} -> "Ana invited you", in one
// pass; a placeholder the model lacks stays as written.
std::string FillPlaceholders(std::string_view text, const boost::json::object& values);

}  // namespace payd::email
