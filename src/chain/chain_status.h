// What each chain's watcher last saw, kept in memory for the whole process
// beside the metrics (which are off unless configured): the dashboard's
// overview shows it so that a merchant sees at once when payd cannot see a
// chain. Written by ChainWatcher and RpcClient; read by anyone, any thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/time.h"
#include "domain/ledger/chain_state.h"

namespace payd::chain {

void NoteHead(std::int64_t chain_id, std::int64_t head);
void NoteProcessed(std::int64_t chain_id, std::int64_t block);
void NoteLeading(std::int64_t chain_id, bool leading);
void NoteRpcError(std::int64_t chain_id, std::string_view error);
// Why the chain is stopped (its tokens' contracts do not match the
// configuration, chain/token_check.h); empty: it is not.
void NoteStopped(std::int64_t chain_id, std::vector<std::string> reasons);

// What the chain's providers disagree on, while no quorum agrees and
// confirmations wait (chain/watcher_verify.cpp); empty: they agree.
void NoteDisagreement(std::int64_t chain_id, std::string what);
// Every such chain's disagreement, "chain <id>: <what>" (for /readyz).
std::vector<std::string> Disagreements();

// Why the chain is stopped; empty: it is not.
std::vector<std::string> StoppedReasonsOf(std::int64_t chain_id);

// Every stopped chain's reasons, "chain <id>: <reason>" (for /readyz).
std::vector<std::string> StoppedReasons();

// None when no watcher of this process has reported on the chain.
std::optional<domain::ChainWatchStatus> StatusOf(std::int64_t chain_id);

}  // namespace payd::chain
