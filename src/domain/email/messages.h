// The messages payd sends, as the domain queues them (domain/email/outbox.h):
// which template, in which language, with which values. Each is built here
// so that every surface that causes one (the dashboard, the CLI, the
// watcher) queues the same message. Times are given as milliseconds under a
// key ending in "At"; the renderer writes them the language's way.
#pragma once

#include <optional>
#include <string>

#include "base/time.h"
#include "domain/email/outbox.h"
#include "domain/people/sign_in_link.h"
#include "domain/people/user.h"

namespace payd::domain {

// Set on a Change when payd sends email (the [email] table is configured):
// where the links in messages point.
struct Mailing {
  std::string public_url;
};

// A message that checks the settings, asked for by `asker` (a person's name
// or address, or "the operator").
QueuedEmail TestEmail(std::optional<std::string> tenant_id, const std::string& to,
                      const std::string& account, const std::string& asker, base::TimeMs now);

// An invitation (kWelcome) or a new-password link (kReset) for `user`, sent
// by `sender` (who asked for it), with the one-time link's address. A
// security message: it cannot be turned off.
QueuedEmail SignInLinkEmail(const User& user, const std::string& account, const std::string& sender,
                            const IssuedLink& link, const std::string& url, base::TimeMs now);

}  // namespace payd::domain
