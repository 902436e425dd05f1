#include "chain/watcher.h"

#include <algorithm>
#include <map>
#include <set>

#include "base/log.h"
#include "base/time.h"
#include "chain/chain_status.h"
#include "metrics/metrics.h"

namespace payd::chain {

namespace {

// Thrown when the chain moved while a pass was reading it; the pass is redone.
struct ChainMoved {};

// Logs may be indexed a moment after their block is served: blocks this
// young (in chain time), or at least the last few, are read again for this
// long (wall time) after a new block.
constexpr base::TimeMs kRescanChainMs = 30000;
constexpr auto kRescanWallTime = std::chrono::seconds(30);
constexpr std::size_t kMinRescanBlocks = 4;
constexpr std::size_t kMaxRescanBlocks = 64;
constexpr auto kBehindLogEvery = std::chrono::minutes(1);
// A first start whose first pass comes this soon after the watcher first
// started begins at the head; a later one scans back by block time, this much
// before the watch began, so that a chain clock behind payd's (or a host clock
// ahead) cannot hide what was sent meanwhile.
constexpr base::TimeMs kPromptFirstPassMs = 10000;
constexpr base::TimeMs kFirstStartLookBackMs = 60LL * 60 * 1000;

bool NeedsTag(const domain::ChainInfo& chain, domain::ConfirmationPolicy::Kind kind) {
  return chain.confirmations.kind == kind;
}

}  // namespace

ChainWatcher::ChainWatcher(const domain::ChainInfo& chain, domain::Store& store,
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
      if (!Lead()) {
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

void ChainWatcher::MaybeRefreshPrices() {
  auto now = std::chrono::steady_clock::now();
  if (now < next_price_refresh_) return;
  next_price_refresh_ = now + options_.price_refresh;
  bool any = std::any_of(chain_.tokens.begin(), chain_.tokens.end(),
                         [](const auto& t) { return t.price_feed; }) ||
             chain_.native.price_feed.has_value();
  if (any) RefreshPrices(*rpc_, chain_, prices_);
}

domain::BlockHeader ChainWatcher::Base(std::int64_t latest) {
  if (!cursor_) {
    std::int64_t start = chain_.start_block.value_or(FirstStartBlock(latest));
    if (start == 0) return domain::BlockHeader{-1, "", "", 0};
    return source_->Headers({start - 1}).front();
  }
  // A node whose head is below the cursor is behind (a lagging backend, a
  // failover): a reorganisation shows itself by a changed hash, once the node
  // has caught up to the cursor.
  if (cursor_->number > latest) {
    throw RpcError(RpcError::Kind::kNotReady, "head " + std::to_string(latest) +
                                                  " is below the cursor " +
                                                  std::to_string(cursor_->number));
  }
  bool gone = source_->Headers({cursor_->number}).front().hash != cursor_->hash;
  return gone ? FindAncestor(latest) : *cursor_;
}

std::int64_t ChainWatcher::FirstStartBlock(std::int64_t latest) {
  auto first_intent = store_.FirstIntentCreatedAt(chain_.id);
  // A prompt first pass of the process that set out to watch starts at the head.
  bool prompt = watch_started_here_ && base::NowMs() - watch_started_ < kPromptFirstPassMs;
  if (!first_intent && prompt) return latest;
  // The node was unreachable when payd first set out to watch, or a payd that
  // set out to watch was killed before a pass completed (however soon it was
  // started again: harness seed 201): start at the first block that can hold
  // what was sent since, found by timestamp (block times only grow).
  base::TimeMs since =
      std::min(watch_started_, first_intent.value_or(watch_started_)) - kFirstStartLookBackMs;
  std::int64_t low = 0, high = latest;
  while (low < high) {
    std::int64_t mid = low + (high - low) / 2;
    if (source_->Headers({mid}).front().time >= since) {
      high = mid;
    } else {
      low = mid + 1;
    }
  }
  base::LogInfo("first start: scanning back to when payd began watching",
                {{"chainId", chain_.id}, {"fromBlock", low}, {"head", latest}});
  return low;
}

domain::BlockHeader ChainWatcher::FindAncestor(std::int64_t latest) {
  auto kept = store_.RecentBlocks(chain_.id, static_cast<int>(domain::kKeptBlocks));
  std::vector<std::int64_t> numbers;
  for (const auto& b : kept) {
    if (b.number <= latest) numbers.push_back(b.number);
  }
  auto canonical = source_->Headers(numbers);
  std::map<std::int64_t, std::string> node;
  for (const auto& h : canonical) node[h.number] = h.hash;
  for (const auto& b : kept) {  // highest first
    if (node.contains(b.number) && node[b.number] == b.hash) {
      base::LogWarn("chain reorganisation", {{"chainId", chain_.id},
                                             {"from", cursor_->number},
                                             {"commonAncestor", b.number},
                                             {"depth", cursor_->number - b.number}});
      return b;
    }
  }
  base::LogError("reorganisation deeper than the kept headers; resuming below them",
                 {{"chainId", chain_.id}, {"keptBlocks", kept.size()}});
  std::int64_t below = kept.empty() ? cursor_->number - 1 : kept.back().number - 1;
  return below < 0 ? domain::BlockHeader{-1, "", "", 0} : source_->Headers({below}).front();
}

std::vector<domain::BlockHeader> ChainWatcher::RescanBlocks(const domain::BlockHeader& base,
                                                            bool new_blocks) {
  auto now = std::chrono::steady_clock::now();
  if (new_blocks) {
    rescan_until_ = now + kRescanWallTime;
  } else if (now >= rescan_until_) {
    return {};
  }
  // Stored blocks above the base are the ones a rewind is about to drop.
  std::int64_t stale = cursor_ ? std::max<std::int64_t>(0, cursor_->number - base.number) : 0;
  auto kept = store_.RecentBlocks(chain_.id, static_cast<int>(kMaxRescanBlocks + stale));
  std::vector<domain::BlockHeader> out;
  std::int64_t number = base.number;
  std::string hash = base.hash;
  for (const auto& b : kept) {  // highest first
    if (b.number > base.number) continue;
    if (b.number != number || b.hash != hash || out.size() >= kMaxRescanBlocks) break;
    if (out.size() >= kMinRescanBlocks && b.time < base.time - kRescanChainMs) break;
    out.push_back(b);
    --number;
    hash = b.parent_hash;
  }
  std::reverse(out.begin(), out.end());
  return out;
}

bool ChainWatcher::Pass() {
  BlockSource& source = *source_;
  domain::ChainUpdate update;
  update.chain_id = chain_.id;
  // The tags before the head: a block mined between the two reads then
  // raises the head, never a tag past it (a payment PAID at "finalized" would
  // show fewer confirmations than finality takes). A tag above the head (a
  // node behind the one that answered the tag) waits for the head.
  if (NeedsTag(chain_, domain::ConfirmationPolicy::Kind::kSafe))
    update.head.safe = source.Tagged("safe");
  if (NeedsTag(chain_, domain::ConfirmationPolicy::Kind::kFinalized)) {
    update.head.finalized = source.Tagged("finalized");
  }
  update.head.latest = source.Latest();
  metrics::ChainHead(chain_.id, update.head.latest);
  NoteHead(chain_.id, update.head.latest);
  for (auto* tag : {&update.head.safe, &update.head.finalized}) {
    if (*tag && **tag > update.head.latest) *tag = update.head.latest;
  }
  domain::BlockHeader base = Base(update.head.latest);
  if (cursor_ && base.number < cursor_->number) update.rewind_to = base.number;

  std::int64_t from = base.number + 1;
  std::int64_t to = std::min(update.head.latest, from + options_.max_blocks_per_pass - 1);
  bool new_blocks = from <= to;
  update.head.time = base.time;
  auto rescan = RescanBlocks(base, new_blocks);
  if (new_blocks || !rescan.empty()) {
    update.watched = store_.WatchedAddresses(chain_.id, base::NowMs());
    std::set<std::string> recipients, native_recipients;
    for (const auto& w : update.watched) {
      recipients.insert(w.address);
      if (std::find(w.tokens.begin(), w.tokens.end(), chain_.native.symbol) != w.tokens.end()) {
        native_recipients.insert(w.address);
      }
    }
    std::int64_t logs_from = rescan.empty() ? from : rescan.front().number;
    update.transfers = source.TokenTransfers(logs_from, new_blocks ? to : base.number, recipients);
    std::vector<domain::BlockHeader> bodies;  // the blocks read whole, for native transfers
    if (new_blocks) {
      auto native = source.NativeTransfers(from, to, native_recipients, bodies);
      update.transfers.insert(update.transfers.end(), native.begin(), native.end());
    }

    // Headers: every new block near the head (to follow reorgs), and the new
    // blocks holding transfers (for their times), those read whole taken as
    // read; rescanned blocks are stored.
    std::vector<domain::BlockHeader> headers;
    if (new_blocks) {
      std::set<std::int64_t> numbers{to};
      for (std::int64_t n = std::max(from, to - domain::kKeptBlocks + 1); n <= to; ++n)
        numbers.insert(n);
      for (const auto& t : update.transfers) {
        if (t.block_number >= from) numbers.insert(t.block_number);
      }
      headers = source.Headers(std::vector<std::int64_t>(numbers.begin(), numbers.end()), bodies);
    }
    std::map<std::int64_t, const domain::BlockHeader*> by_number;
    for (const auto& h : rescan) by_number[h.number] = &h;
    for (const auto& h : headers) by_number[h.number] = &h;
    // The headers and the blocks read whole must be the same blocks and chain
    // onto each other and onto the base, and the transfers must come from
    // those very blocks; otherwise the chain moved under us (or the
    // provider's backends disagree) and the pass starts over.
    for (const auto& b : bodies) {
      // Proving blocks free of native transfers reads the block below the new
      // ones, which must be the base.
      if (b.number <= base.number) {
        if (b.number == base.number && b.hash != base.hash) throw ChainMoved{};
        continue;
      }
      auto [it, added] = by_number.emplace(b.number, &b);
      if (!added && it->second->hash != b.hash) throw ChainMoved{};
    }
    for (const auto& [number, h] : by_number) {
      if (number <= base.number) continue;
      auto prev = by_number.find(number - 1);
      const std::string* parent = prev != by_number.end()
                                      ? &prev->second->hash
                                      : (number == base.number + 1 ? &base.hash : nullptr);
      if (parent && !parent->empty() && *parent != h->parent_hash) throw ChainMoved{};
    }
    for (auto& t : update.transfers) {
      auto h = by_number.find(t.block_number);
      if (h == by_number.end() || h->second->hash != t.block_hash) throw ChainMoved{};
      t.block_time = h->second->time;
    }
    if (new_blocks) {
      update.blocks = headers;
      // The first pass keeps the block it started above too: a reorganisation
      // that replaces it (and may move a payer's transfer into it) is then
      // seen as one to rescan from below it, not taken for the common ancestor.
      if (!cursor_ && base.number >= 0) update.blocks.insert(update.blocks.begin(), base);
      update.cursor = *by_number.at(to);
      update.head.time = update.cursor->time;
    }
  } else if (update.rewind_to) {
    update.cursor = base;
  }
  update.cursor_before = cursor_;
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
  return to < update.head.latest;
}

}  // namespace payd::chain
