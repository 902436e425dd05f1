#include "store/postgres/chain_locks.h"

#include <vector>

#include "base/log.h"
#include "domain/store.h"

namespace payd::store::postgres {

namespace {

std::string LockKey(std::int64_t chain_id) {
  return "chain-watch|" + std::to_string(chain_id);
}

}  // namespace

ChainLocks::Chain& ChainLocks::ChainOf(std::int64_t chain_id) {
  std::lock_guard lock(mu_);
  auto& chain = chains_[chain_id];
  if (!chain) chain = std::make_unique<Chain>();
  if (!heartbeat_.joinable()) heartbeat_ = std::jthread([this](std::stop_token s) { Beat(s); });
  return *chain;
}

bool ChainLocks::Lead(std::int64_t chain_id) {
  Chain& chain = ChainOf(chain_id);
  std::lock_guard lock(chain.mu);
  try {
    if (!chain.session) {
      ConnectionLimits limits;
      limits.watched_session = true;
      limits.idle_session_timeout = idle_timeout_;
      chain.session = std::make_unique<Connection>(url_, limits);
    }
    if (chain.held) {
      // Still ours while the session lives: one round trip says it does.
      chain.session->Run("SELECT 1");
      return true;
    }
    Result got = chain.session->Run("SELECT pg_try_advisory_lock(hashtextextended($1, 0))",
                                    Params(LockKey(chain_id)));
    chain.held = got.Bool(0, 0);
    return chain.held;
  } catch (const domain::StoreUnavailable&) {
    // The session is gone, and with it the lock: the next call starts afresh.
    chain.session.reset();
    chain.held = false;
    throw;
  }
}

void ChainLocks::StopLeading(std::int64_t chain_id) {
  Chain& chain = ChainOf(chain_id);
  std::lock_guard lock(chain.mu);
  // Closing the session lets the lock go too, but only once the server has
  // seen it close: unlocked first, another process can take over at once.
  if (chain.held && chain.session && chain.session->healthy()) {
    try {
      chain.session->Run("SELECT pg_advisory_unlock(hashtextextended($1, 0))",
                         Params(LockKey(chain_id)));
    } catch (const std::exception&) {  // the session's end still lets it go
    }
  }
  chain.session.reset();
  chain.held = false;
}

void ChainLocks::Beat(std::stop_token stop) {
  std::mutex sleep_mu;
  for (;;) {
    {
      std::unique_lock sleep(sleep_mu);
      // Woken early only by the stop (the jthread's destructor asks for it).
      beat_wake_.wait_for(sleep, stop, idle_timeout_ / 4, [] { return false; });
      if (stop.stop_requested()) return;
    }
    std::vector<std::pair<std::int64_t, Chain*>> chains;
    {
      std::lock_guard lock(mu_);
      for (auto& [id, chain] : chains_) chains.emplace_back(id, chain.get());
    }
    for (auto [id, chain] : chains) {
      // A chain busy with Lead() or StopLeading() is talking to the server anyway.
      std::unique_lock lock(chain->mu, std::try_to_lock);
      if (!lock || !chain->session) continue;
      try {
        chain->session->Run("SELECT 1");
      } catch (const std::exception& e) {
        if (chain->held) {
          base::LogWarn("lost the session holding a chain's watch lock",
                        {{"chainId", id}, {"error", e.what()}});
        }
        chain->session.reset();
        chain->held = false;
      }
    }
  }
}

}  // namespace payd::store::postgres
