// One example of every message payd sends (issue 39), with made-up figures,
// for `payd email test <address> --every-message`: an operator sees each in
// their own mail client, as merchants' people and payers will, before anyone
// relies on it. Built with the same functions as the real ones, so an
// example looks exactly like what payd sends. Their links point at the
// public address but name nothing that exists (the unsubscribe link is dead).
#pragma once

#include <string>
#include <vector>

#include "base/time.h"
#include "domain/email/messages.h"

namespace payd::domain {

// To `to`, in `language`, from the account `account`: every template once
// (a payment that needs a decision as an underpayment), on the first chain
// of `mailing`'s catalog.
std::vector<QueuedEmail> ExampleEmails(const std::string& to, const std::string& language,
                                       const std::string& account, const Mailing& mailing,
                                       base::TimeMs now);

}  // namespace payd::domain
