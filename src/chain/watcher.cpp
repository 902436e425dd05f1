#include "chain/watcher.h"

#include <algorithm>
#include <map>
#include <set>

#include "base/log.h"

namespace payd::chain {

namespace {

// Thrown when the chain moved while a pass was reading it; the pass is redone.
struct ChainMoved {};

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

bool ChainWatcher::Wait(std::chrono::milliseconds duration) {
  std::unique_lock lock(mu_);
  wake_.wait_for(lock, duration, [this] { return stopping_; });
  return !stopping_;
}

void ChainWatcher::Run() {
  rpc_.emplace(chain_.rpc_urls, options_.rpc);
  cursor_ = store_.LoadCursor(chain_.id);
  base::LogInfo("watching chain",
                {{"chainId", chain_.id},
                 {"chain", chain_.name},
                 {"rpc", rpc_->current_endpoint()},
                 {"confirmations", chain_.confirmations.ToString()},
                 {"cursor", cursor_ ? boost::json::value(cursor_->number) : nullptr}});
  auto backoff = std::chrono::milliseconds(500);
  bool failing = false;
  for (;;) {
    bool more = false;
    try {
      MaybeRefreshPrices();
      more = Pass();
      if (failing) base::LogInfo("chain reachable again", {{"chainId", chain_.id}});
      failing = false;
      backoff = std::chrono::milliseconds(500);
    } catch (const ChainMoved&) {
      more = true;
    } catch (const std::exception& e) {
      // The node, the network or the database failed; nothing was recorded
      // for this pass, so retrying it later loses and repeats nothing.
      base::LogWarn("chain pass failed; retrying", {{"chainId", chain_.id},
                                                    {"rpc", rpc_->current_endpoint()},
                                                    {"error", e.what()},
                                                    {"retryInMs", backoff.count()}});
      failing = true;
      if (!Wait(backoff)) return;
      backoff = std::min(options_.max_backoff, backoff * 2);
      continue;
    }
    if (!Wait(more ? std::chrono::milliseconds(0)
                   : std::chrono::milliseconds(chain_.poll_interval_ms)))
      return;
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

domain::BlockHeader ChainWatcher::Base(BlockSource& source, std::int64_t latest) {
  if (!cursor_) {
    std::int64_t start = chain_.start_block.value_or(latest);
    if (start == 0) return domain::BlockHeader{-1, "", "", 0};
    return source.Headers({start - 1}).front();
  }
  bool gone =
      cursor_->number > latest || source.Headers({cursor_->number}).front().hash != cursor_->hash;
  return gone ? FindAncestor(source, latest) : *cursor_;
}

domain::BlockHeader ChainWatcher::FindAncestor(BlockSource& source, std::int64_t latest) {
  auto kept = store_.RecentBlocks(chain_.id, static_cast<int>(domain::kKeptBlocks));
  std::vector<std::int64_t> numbers;
  for (const auto& b : kept) {
    if (b.number <= latest) numbers.push_back(b.number);
  }
  auto canonical = source.Headers(numbers);
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
  return below < 0 ? domain::BlockHeader{-1, "", "", 0} : source.Headers({below}).front();
}

bool ChainWatcher::Pass() {
  BlockSource source(*rpc_, chain_);
  domain::ChainUpdate update;
  update.chain_id = chain_.id;
  update.head.latest = source.Latest();
  if (NeedsTag(chain_, domain::ConfirmationPolicy::Kind::kSafe))
    update.head.safe = source.Tagged("safe");
  if (NeedsTag(chain_, domain::ConfirmationPolicy::Kind::kFinalized)) {
    update.head.finalized = source.Tagged("finalized");
  }
  domain::BlockHeader base = Base(source, update.head.latest);
  if (cursor_ && base.number < cursor_->number) update.rewind_to = base.number;

  std::int64_t from = base.number + 1;
  std::int64_t to = std::min(update.head.latest, from + options_.max_blocks_per_pass - 1);
  update.head.time = base.time;
  if (from <= to) {
    update.watched = store_.WatchedAddresses(chain_.id);
    std::set<std::string> recipients, native_recipients;
    for (const auto& w : update.watched) {
      recipients.insert(w.address);
      if (std::find(w.tokens.begin(), w.tokens.end(), chain_.native.symbol) != w.tokens.end()) {
        native_recipients.insert(w.address);
      }
    }
    update.transfers = source.TokenTransfers(from, to, recipients);
    auto native = source.NativeTransfers(from, to, native_recipients);
    update.transfers.insert(update.transfers.end(), native.begin(), native.end());

    // Headers: every block near the head (to follow reorgs), and the blocks
    // holding transfers (for their times).
    std::set<std::int64_t> numbers{to};
    for (std::int64_t n = std::max(from, to - domain::kKeptBlocks + 1); n <= to; ++n)
      numbers.insert(n);
    for (const auto& t : update.transfers) numbers.insert(t.block_number);
    auto headers = source.Headers(std::vector<std::int64_t>(numbers.begin(), numbers.end()));
    std::map<std::int64_t, const domain::BlockHeader*> by_number;
    for (const auto& h : headers) by_number[h.number] = &h;
    // The headers must chain onto each other and onto the base, and the
    // transfers must come from those very blocks; otherwise the chain moved
    // under us and the pass starts over.
    for (const auto& h : headers) {
      auto prev = by_number.find(h.number - 1);
      const std::string* parent = prev != by_number.end()
                                      ? &prev->second->hash
                                      : (h.number == base.number + 1 ? &base.hash : nullptr);
      if (parent && !parent->empty() && *parent != h.parent_hash) throw ChainMoved{};
    }
    for (auto& t : update.transfers) {
      const domain::BlockHeader* h = by_number.at(t.block_number);
      if (h->hash != t.block_hash) throw ChainMoved{};
      t.block_time = h->time;
    }
    update.blocks = headers;
    update.cursor = *by_number.at(to);
    update.head.time = update.cursor->time;
  } else if (update.rewind_to) {
    update.cursor = base;
  }
  auto summary = ledger_.Advance(update, base::NowMs());
  if (update.cursor) cursor_ = update.cursor;
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
