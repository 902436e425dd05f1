#include "cli/background_loops.h"

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <chrono>
#include <memory>
#include <set>

#include "base/log.h"
#include "base/time.h"
#include "chain/chain_status.h"
#include "domain/email/chain_problem.h"
#include "domain/intents/asked_intent.h"
#include "domain/management/payout_changes.h"

namespace payd::cli {

namespace {

namespace asio = boost::asio;

// Runs `round` every `interval`, at once again while it says more is due; a
// round that throws is logged as `what` and tried at the next interval.
asio::awaitable<void> Every(std::chrono::steady_clock::duration interval, const char* what,
                            std::function<bool()> round) {
  asio::steady_timer timer(co_await asio::this_coro::executor);
  for (;;) {
    bool more = false;
    try {
      more = round();
    } catch (const std::exception& e) {
      base::LogWarn(std::string(what) + " failed; will retry", {{"error", e.what()}});
    }
    if (more) continue;
    timer.expires_after(interval);
    co_await timer.async_wait(asio::use_awaitable);
  }
}

// Intents asked on /v1 and never chosen expire by the wall clock (no chain's
// clock applies to them): looked for this often, so their status is at most
// this late; a page or a choice reads expiresAt itself.
constexpr auto kUnchosenExpiryInterval = std::chrono::seconds(5);
constexpr int kUnchosenExpiryBatch = 500;

// A payout address change applies at most this long after its time.
constexpr auto kPayoutChangesInterval = std::chrono::seconds(5);
constexpr int kPayoutChangesBatch = 100;

// Daily summaries go at most this long after midnight UTC.
constexpr auto kDailySummaryInterval = std::chrono::minutes(1);

}  // namespace

asio::awaitable<void> PurgeLoop(domain::Store& store) {
  return Every(std::chrono::minutes(10), "purge", [&store] {
    store.PurgeExpired(base::NowMs());
    return false;
  });
}

void FlushLinkViews(domain::LinkViews& views) {
  try {
    views.Flush();
  } catch (const std::exception& e) {
    base::LogWarn("writing link views failed; kept for the next try", {{"error", e.what()}});
  }
}

asio::awaitable<void> LinkViewsLoop(domain::LinkViews& views) {
  return Every(std::chrono::seconds(1), "writing link views", [&views] {
    FlushLinkViews(views);
    return false;
  });
}

asio::awaitable<void> UnchosenExpiryLoop(domain::Store& store,
                                         domain::Representation representation,
                                         std::function<void()> changed) {
  return Every(kUnchosenExpiryInterval, "expiring unchosen intents",
               [&store, representation, changed = std::move(changed)] {
                 int expired = domain::ExpireUnchosenIntents(store, representation, base::NowMs(),
                                                             kUnchosenExpiryBatch);
                 if (expired > 0) changed();
                 return expired == kUnchosenExpiryBatch;  // more are due
               });
}

asio::awaitable<void> PayoutChangesLoop(domain::Store& store) {
  return Every(kPayoutChangesInterval, "applying payout address changes", [&store] {
    int applied = domain::ApplyDuePayoutChanges(store, base::NowMs(), kPayoutChangesBatch);
    if (applied > 0) base::LogInfo("payout address changes applied", {{"count", applied}});
    return applied == kPayoutChangesBatch;
  });
}

// A chain's problem is judged this often (it must last kChainStallAfterMs to be a stall).
constexpr auto kChainAlertInterval = std::chrono::seconds(10);

asio::awaitable<void> ChainAlertLoop(domain::Store& store, const domain::ChainCatalog& catalog) {
  auto open = std::make_shared<std::set<std::int64_t>>();  // episodes this process opened
  return Every(kChainAlertInterval, "judging chains for alerts", [&store, &catalog, open] {
    base::TimeMs now = base::NowMs();
    for (const auto& chain : catalog.chains()) {
      auto problem =
          domain::ChainProblem(chain::StatusOf(chain.id), chain::StoppedReasonsOf(chain.id), now,
                               domain::kChainStallAfterMs);
      if (problem) {
        if (open->insert(chain.id).second) {
          base::LogWarn("chain problem: its people are told by email",
                        {{"chainId", chain.id}, {"problem", *problem}});
        }
        store.OpenChainAlert(chain.id, chain.name, *problem, now);
      } else if (open->erase(chain.id)) {
        store.CloseChainAlert(chain.id);
      }
    }
    return false;
  });
}

asio::awaitable<void> DailySummaryLoop(domain::Store& store) {
  return Every(kDailySummaryInterval, "queuing daily summaries", [&store] {
    int queued = store.QueueDailySummaries(base::NowMs());
    if (queued > 0) base::LogInfo("daily summaries queued", {{"count", queued}});
    return false;
  });
}

}  // namespace payd::cli
