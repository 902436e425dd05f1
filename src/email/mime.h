// The header text of a message (RFC 5322, RFC 2047): words in any language
// as encoded-words, a mailbox with its display name, the date, and a
// Message-ID. Pure functions, so the table in tests/unit/data/mime.tsv can
// say what each gives.
#pragma once

#include <string>
#include <string_view>

#include "base/time.h"

namespace payd::email {

// `text` as it may stand in a header: printable ASCII as it is, anything
// else as RFC 2047 encoded-words (=?UTF-8?B?…?=), each at most 75
// characters and never splitting a character, separated by spaces.
std::string HeaderWords(std::string_view text);

// "Name <address>", the name quoted or encoded as it needs; the bare
// address when there is no name.
std::string Mailbox(std::string_view name, std::string_view address);

// RFC 5322's date: "Thu, 03 Dec 2026 16:40:00 +0000".
std::string MailDate(base::TimeMs at);

// "<32 hex digits@domain>", the domain that of `from_address`.
std::string NewMessageId(std::string_view from_address);

}  // namespace payd::email
