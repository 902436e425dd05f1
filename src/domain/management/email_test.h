// A test message to the person asking, through the outbox like every other
// (DECISIONS §18): the dashboard's "Send a test email". It checks the whole
// path a real message takes (outbox, rendering, the SMTP server); the
// email settings page then shows how it went. `payd email test` sends one at
// once instead, for an operator at the console.
#pragma once

#include "domain/management/change.h"

namespace payd::domain {

// Queues the message to the person who asks (a key or the CLI: 400, there is
// nobody to send it to) and records it in the audit log. 400 when payd does
// not send email (no Change::mailing). The queued message's id.
std::string SendTestEmail(const Change& change);

}  // namespace payd::domain
