#include "chain/watcher.h"

#include <algorithm>
#include <future>

#include "base/log.h"
#include "base/time.h"
#include "chain/chain_status.h"
#include "chain/swap_quoter.h"
#include "chain/swap_receipt.h"
#include "chain/token_check.h"
#include "metrics/metrics.h"

namespace payd::chain {

namespace {

constexpr auto kBehindLogEvery = std::chrono::minutes(1);
}  // namespace

ChainWatcher::ChainWatcher(const domain::ChainInfo& chain, domain::ChainWatchStore& store,
                           domain::Ledger& ledger, PriceBook& prices, WatcherOptions options)
    : chain_(chain), store_(store), ledger_(ledger), prices_(prices), options_(options) {}

ChainWatcher::~ChainWatcher() {
  Stop();
}

void ChainWatcher::Start() {
  thread_ = std::thread([this] { Run(); });
}

void ChainWatcher::Stop() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

bool ChainWatcher::Wait(std::chrono::milliseconds duration, bool head_wakes) {
  std::unique_lock lock(mu_);
  wake_.wait_for(lock, duration, [&] { return stopping_ || (head_wakes && head_pushed_); });
  return !stopping_;
}

void ChainWatcher::OnHead() {
  {
    std::lock_guard lock(mu_);
    head_pushed_ = true;
  }
  wake_.notify_all();
}

void ChainWatcher::NoteNodeBehind(const std::string& why) {
  auto now = std::chrono::steady_clock::now();
  if (!behind_since_) behind_since_ = now;
  if (now - behind_logged_ < kBehindLogEvery) return;
  behind_logged_ = now;
  base::LogInfo(
      "node is behind payd; waiting for it",
      {{"chainId", chain_.id},
       {"rpc", rpc_->current_endpoint()},
       {"why", why},
       {"forS", std::chrono::duration_cast<std::chrono::seconds>(now - *behind_since_).count()}});
}

bool ChainWatcher::Lead() {
  bool leading = store_.LeadChain(chain_.id);
  if (leading && leading_ != true) {
    // Another process may have moved the cursor while this one stood by.
    cursor_ = store_.LoadCursor(chain_.id);
    if (!cursor_) {
      base::TimeMs now = base::NowMs();
      watch_started_ = store_.WatchStartedAt(chain_.id, now);
      watch_started_here_ = watch_started_ == now;
    }
    // After a (re)start, the last blocks' logs are read again like after a new block.
    rescan_until_ = std::chrono::steady_clock::now() + kRescanWallTime;
    base::LogInfo("watching chain",
                  {{"chainId", chain_.id},
                   {"chain", chain_.name},
                   {"rpc", rpc_->current_endpoint()},
                   {"confirmations", chain_.confirmations.ToString()},
                   {"cursor", cursor_ ? boost::json::value(cursor_->number) : nullptr}});
  } else if (!leading && leading_ != false) {
    base::LogInfo("standing by: another payd process watches this chain",
                  {{"chainId", chain_.id}, {"chain", chain_.name}});
  }
  leading_ = leading;
  metrics::ChainLeading(chain_.id, leading);
  NoteLeading(chain_.id, leading);
  return leading;
}

void ChainWatcher::Run() {
  rpc_.emplace(chain_.rpc_urls, options_.rpc);
  source_.emplace(*rpc_, chain_);
  if (chain_.quorum >= 2) quorum_.emplace(chain_, options_.rpc);
  if (options_.ws_url) {
    heads_.emplace(*options_.ws_url, chain_.id, [this] { OnHead(); });
    heads_->Start();
  }
  RunPasses();
  heads_.reset();
  if (leading_.value_or(false)) store_.StopLeadingChain(chain_.id);
}

void ChainWatcher::RunPasses() {
  auto backoff = std::chrono::milliseconds(500);
  const auto poll = std::chrono::milliseconds(chain_.poll_interval_ms);
  bool failing = false;
  for (;;) {
    bool more = false;
    try {
      // Every process prices intents, watching or not.
      MaybeRefreshPrices();
      // A chain found with a mismatched token is not led again until it is
      // checked again: the others may lead it meanwhile, and find the same.
      bool known_bad =
          !token_mismatches_.empty() && std::chrono::steady_clock::now() < next_token_check_;
      if (known_bad || !Lead() || !TokensMatch()) {
        if (!Wait(poll)) return;
        continue;
      }
      {
        // A head pushed from now on calls for another pass.
        std::lock_guard lock(mu_);
        head_pushed_ = false;
      }
      more = Pass();
      if (failing) base::LogInfo("chain reachable again", {{"chainId", chain_.id}});
      if (behind_since_) base::LogInfo("node caught up", {{"chainId", chain_.id}});
      if (disagreement_) {
        base::LogInfo("the providers agree again; confirmations go on", {{"chainId", chain_.id}});
        disagreement_.reset();
        NoteDisagreement(chain_.id, "");
      }
      failing = false;
      behind_since_.reset();
      behind_logged_ = {};
      moved_in_a_row_ = 0;
      backoff = std::chrono::milliseconds(500);
    } catch (const domain::CursorMoved& e) {
      // Another process took the chain over (this one's lock session was
      // lost): nothing of this pass was recorded. Stand down; the next Lead()
      // starts again from the stored cursor if the lock comes back here.
      base::LogWarn("another process moved this chain's cursor; standing down",
                    {{"chainId", chain_.id}, {"error", e.what()}});
      store_.StopLeadingChain(chain_.id);
      leading_.reset();
      if (!Wait(poll)) return;
      continue;
    } catch (const ChainMoved&) {
      // Once at once; if the node keeps answering from two forks, at the poll pace.
      more = ++moved_in_a_row_ < 2;
      // Of several providers, one whose answers keep failing to chain (a
      // forged hash) is read from no more: the next one is tried.
      if (quorum_ && moved_in_a_row_ >= 2) {
        std::size_t next = (rpc_->current_index() + 1) % quorum_->size();
        base::LogWarn("reading this chain from another provider",
                      {{"chainId", chain_.id},
                       {"from", quorum_->Name(rpc_->current_index())},
                       {"to", quorum_->Name(next)},
                       {"why", "its answers do not chain onto each other"},
                       {"setAsideForS", std::chrono::seconds(kSetAside).count()}});
        rpc_->SetAside(rpc_->current_index(), std::chrono::steady_clock::now() + kSetAside);
        rpc_->UseEndpoint(next);
        reader_ = next;
      }
      if (moved_in_a_row_ == 2 || moved_in_a_row_ % 100 == 0) {
        base::LogWarn("the node's answers do not chain onto each other; reading again",
                      {{"chainId", chain_.id},
                       {"rpc", rpc_->current_endpoint()},
                       {"timesInARow", moved_in_a_row_}});
      }
    } catch (const ProvidersDisagree& e) {
      // The cursor stays, so nothing is confirmed and nothing lost: the pass
      // is read again at the poll pace until a quorum agrees. Payments proven
      // in the reader's blocks show as pending meanwhile.
      auto now = std::chrono::steady_clock::now();
      if (disagreement_ != e.what || now - disagreement_logged_ >= kBehindLogEvery) {
        base::LogError(
            "the providers disagree on this chain; confirmations wait until a quorum agrees",
            {{"chainId", chain_.id}, {"disagreement", e.what}});
        disagreement_logged_ = now;
      }
      disagreement_ = e.what;
      NoteDisagreement(chain_.id, e.what);
      metrics::ChainDisagreement(chain_.id);
      if (e.pending) RecordPending(*e.pending);
      if (!Wait(poll, true)) return;
      continue;
    } catch (const std::exception& e) {
      // The node, the network or the database failed; nothing was recorded
      // for this pass, so retrying it later loses and repeats nothing. A node
      // that is merely behind is asked again at the poll pace, without backoff.
      if (const auto* rpc = dynamic_cast<const RpcError*>(&e);
          rpc && rpc->kind() == RpcError::Kind::kNotReady) {
        NoteNodeBehind(e.what());
        if (!Wait(poll, true)) return;
        continue;
      }
      base::LogWarn("chain pass failed; retrying", {{"chainId", chain_.id},
                                                    {"rpc", rpc_->current_endpoint()},
                                                    {"error", e.what()},
                                                    {"retryInMs", backoff.count()}});
      failing = true;
      if (!Wait(backoff)) return;
      backoff = std::min(options_.max_backoff, backoff * 2);
      continue;
    }
    if (!Wait(more ? std::chrono::milliseconds(0) : poll, true)) return;
  }
}

std::vector<domain::ChainUpdate::SwapCheck> ChainWatcher::SwapChecks() {
  std::vector<domain::ChainUpdate::SwapCheck> out;
  if (!chain_.swap) return out;
  for (const auto& payment : store_.PaymentsAwaitingSwapCheck(chain_.id, 20)) {
    try {
      out.push_back({payment.id, ReadPaidWith(*rpc_, chain_, payment)});
    } catch (const RpcError& e) {
      base::LogWarn("a payment's receipt could not be read yet; asked again next pass",
                    {{"chainId", chain_.id}, {"paymentId", payment.id}, {"error", e.what()}});
    }
  }
  return out;
}

void ChainWatcher::CheckSwap() {
  if (!chain_.swap) return;
  auto problems = CheckSwapVenue(*rpc_, chain_);
  if (problems != swap_problems_) {
    boost::json::array listed;
    for (const auto& p : problems) listed.push_back(boost::json::string(p));
    if (!problems.empty()) {
      base::LogError(
          "no payer can pay with another token on this chain: its exchange's "
          "contracts are not where [chains.swap] says",
          {{"chainId", chain_.id}, {"problems", std::move(listed)}});
    } else {
      base::LogInfo("the chain's exchange is there: payers may pay with other tokens",
                    {{"chainId", chain_.id}, {"router", chain_.swap->router}});
    }
  }
  swap_problems_ = problems;
  NoteSwapVenue(chain_.id, std::move(problems));
}

bool ChainWatcher::TokensMatch() {
  auto now = std::chrono::steady_clock::now();
  if (now < next_token_check_) return token_mismatches_.empty();
  TokenCheck check = CheckTokens(*rpc_, chain_);  // the node unreachable: retried with backoff
  next_token_check_ = now + kTokenCheckEvery;
  for (const auto& note : check.notes) {
    if (std::find(token_notes_logged_.begin(), token_notes_logged_.end(), note) !=
        token_notes_logged_.end())
      continue;
    base::LogWarn("a token's contract calls itself by another symbol",
                  {{"chainId", chain_.id}, {"token", note}});
    token_notes_logged_.push_back(note);
  }
  if (check.mismatches != token_mismatches_) {
    if (!check.mismatches.empty()) {
      boost::json::array problems;
      for (const auto& m : check.mismatches) problems.push_back(boost::json::string(m));
      base::LogError(
          "chain stopped: a token's contract does not match the configuration; fix the "
          "token in the config (payd chains lists the catalog's) and restart",
          {{"chainId", chain_.id}, {"problems", std::move(problems)}});
    } else {
      base::LogInfo("the chain's tokens match the configuration again; watching it",
                    {{"chainId", chain_.id}});
    }
  }
  token_mismatches_ = check.mismatches;
  NoteStopped(chain_.id, token_mismatches_);
  CheckSwap();
  if (!token_mismatches_.empty() && leading_.value_or(false)) {
    store_.StopLeadingChain(chain_.id);
    leading_.reset();
    NoteLeading(chain_.id, false);
  }
  return token_mismatches_.empty();
}

void ChainWatcher::MaybeRefreshPrices() {
  auto now = std::chrono::steady_clock::now();
  if (now < next_price_refresh_) return;
  next_price_refresh_ = now + options_.price_refresh;
  bool any = std::any_of(chain_.tokens.begin(), chain_.tokens.end(),
                         [](const auto& t) { return t.price_feed; }) ||
             chain_.native.price_feed.has_value() || !chain_.rate_feeds.empty();
  if (any) RefreshPrices(*rpc_, chain_, prices_);
}

bool ChainWatcher::Pass() {
  auto read = TakeReadAhead();
  if (!read) read = Read(cursor_, nullptr);
  read->update.swap_checks = SwapChecks();
  // Catching up, the next pass is read from the node while the ledger
  // records this one. (Declared after `read`, which it uses: a failed Record()
  // waits for it before `read` goes.)
  std::future<std::optional<PassRead>> ahead;
  if (read->more && read->update.cursor && !read->update.rewind_to) {
    ahead = std::async(std::launch::async, [this, &read] { return ReadAhead(read->update); });
  }
  Record(read->update);
  if (ahead.valid()) read_ahead_ = ahead.get();
  return read->more;
}

void ChainWatcher::RecordPending(const domain::ChainUpdate& update) {
  try {
    auto summary = ledger_.Advance(update, base::NowMs());
    if (summary.payments_recorded) {
      base::LogInfo("payments seen while the providers disagree, recorded as pending",
                    {{"chainId", chain_.id},
                     {"verifiedBlock", update.head.latest},
                     {"paymentsRecorded", summary.payments_recorded},
                     {"intentsChanged", summary.intents_changed}});
    }
  } catch (const std::exception& e) {
    // The next pass reads them again.
    base::LogWarn("payments seen while the providers disagree could not be recorded",
                  {{"chainId", chain_.id}, {"error", e.what()}});
  }
}

void ChainWatcher::Record(const domain::ChainUpdate& update) {
  auto summary = ledger_.Advance(update, base::NowMs());
  if (update.cursor) cursor_ = update.cursor;
  if (cursor_) {
    metrics::ChainProcessed(chain_.id, cursor_->number);
    NoteProcessed(chain_.id, cursor_->number);
  }
  if (summary.payments_recorded || summary.payments_reorged || summary.intents_changed ||
      summary.payments_confirmed) {
    base::LogInfo("chain progress", {{"chainId", chain_.id},
                                     {"block", cursor_ ? cursor_->number : -1},
                                     {"head", update.head.latest},
                                     {"paymentsRecorded", summary.payments_recorded},
                                     {"paymentsConfirmed", summary.payments_confirmed},
                                     {"paymentsReorged", summary.payments_reorged},
                                     {"unmatched", summary.unmatched},
                                     {"intentsChanged", summary.intents_changed}});
  }
}

}  // namespace payd::chain
