// When a chain is a problem merchants must hear of (issue 39 item 2): its
// tokens' contracts do not match the configuration, so the watcher stopped
// it (chain/token_check.h), its providers have disagreed for
// kChainDisagreementAfterMs with no quorum agreeing (issue 41), or payd has
// not read it for `stall_after_ms` while its node answers errors. Judged from what this process's
// watcher reports (chain/chain_status.h) by cli's chain alert loop; the store opens one episode per
// chain and tells each tenant's people once (Store::OpenChainAlert, topic chain_problem).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/time.h"
#include "domain/email/messages.h"
#include "domain/ledger/chain_state.h"

namespace payd::domain {

inline constexpr base::TimeMs kChainStallAfterMs = 5 * 60'000;
// How long a chain's providers must disagree (chain/watcher_verify.cpp) before people hear of it.
inline constexpr base::TimeMs kChainDisagreementAfterMs = 2 * 60'000;

// The problem in a sentence, none when the chain is fine or this process
// does not watch it (another one leads: its own loop judges).
std::optional<std::string> ChainProblem(const std::optional<ChainWatchStatus>& status,
                                        const std::vector<std::string>& stopped_reasons,
                                        base::TimeMs now, base::TimeMs stall_after_ms);

// To `person`: the chain `chain` has `problem`; payments on it are not seen
// until it is fixed, and none is lost.
QueuedEmail ChainProblemEmail(const User& person, const std::string& account,
                              const std::string& chain, const std::string& problem,
                              const Mailing& mailing, const std::string& unsubscribe_token,
                              base::TimeMs now);

}  // namespace payd::domain
