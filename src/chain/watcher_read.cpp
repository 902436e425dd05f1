// ChainWatcher, the reading half: what one pass reads from the node (the base
// it resumes from, the logs, blocks and headers above it) and the reading
// ahead of a catch-up's next pass. The other half is chain/watcher.cpp.
#include <algorithm>
#include <map>
#include <set>

#include "base/log.h"
#include "base/time.h"
#include "chain/chain_status.h"
#include "chain/watcher.h"
#include "metrics/metrics.h"

namespace payd::chain {

namespace {

// Logs may be indexed a moment after their block is served: blocks this
// young (in chain time), or at least the last few, are read again for
// kRescanWallTime after a new block.
constexpr base::TimeMs kRescanChainMs = 30000;
constexpr std::size_t kMinRescanBlocks = 4;
constexpr std::size_t kMaxRescanBlocks = 64;
// A first start whose first pass comes this soon after the watcher first
// started begins at the head; a later one scans back by block time, this much
// before the watch began, so that a chain clock behind payd's (or a host clock
// ahead) cannot hide what was sent meanwhile.
constexpr base::TimeMs kPromptFirstPassMs = 10000;
constexpr base::TimeMs kFirstStartLookBackMs = 60LL * 60 * 1000;
// A pass read ahead this long ago is read again (its head is old news).
constexpr auto kReadAheadFreshFor = std::chrono::seconds(5);

bool NeedsTag(const domain::ChainInfo& chain, domain::ConfirmationPolicy::Kind kind) {
  return chain.confirmations.kind == kind;
}

bool SameBlock(const std::optional<domain::BlockHeader>& a,
               const std::optional<domain::BlockHeader>& b) {
  return a && b && a->number == b->number && a->hash == b->hash;
}

}  // namespace

std::optional<ChainWatcher::PassRead> ChainWatcher::ReadAhead(
    const domain::ChainUpdate& recording) {
  try {
    return Read(recording.cursor, &recording);
  } catch (...) {
    // The pass reads again in its turn, and reports what fails then.
    return std::nullopt;
  }
}

std::optional<ChainWatcher::PassRead> ChainWatcher::TakeReadAhead() {
  auto ahead = std::exchange(read_ahead_, std::nullopt);
  if (!ahead || !SameBlock(ahead->update.cursor_before, cursor_) ||
      std::chrono::steady_clock::now() - ahead->read_at > kReadAheadFreshFor) {
    return std::nullopt;
  }
  // An address watched since would have to be looked for from the start of the range.
  if (store_.WatchedAddresses(chain_.id, base::NowMs()) != ahead->update.watched ||
      store_.RefundSenders(chain_.id) != ahead->update.senders)
    return std::nullopt;
  return ahead;
}

domain::BlockHeader ChainWatcher::Base(std::int64_t latest,
                                       const std::optional<domain::BlockHeader>& cursor,
                                       bool reading_ahead) {
  if (!cursor) {
    std::int64_t start = chain_.start_block.value_or(FirstStartBlock(latest));
    if (start == 0) return domain::BlockHeader{-1, "", "", 0};
    return source_->Headers({start - 1}).front();
  }
  // A node whose head is below the cursor is behind (a lagging backend, a
  // failover): a reorganisation shows itself by a changed hash, once the node
  // has caught up to the cursor.
  if (cursor->number > latest) {
    throw RpcError(RpcError::Kind::kNotReady, "head " + std::to_string(latest) +
                                                  " is below the cursor " +
                                                  std::to_string(cursor->number));
  }
  bool gone = source_->Headers({cursor->number}).front().hash != cursor->hash;
  // Reading ahead, the stored blocks are not yet those a rewind would search.
  if (gone && reading_ahead) throw ChainMoved{};
  return gone ? FindAncestor(latest, *cursor) : *cursor;
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
  // Once: a first pass that keeps failing (a node down, providers that
  // disagree) comes back here at the poll pace.
  if (first_start_logged_ != low) {
    base::LogInfo("first start: scanning back to when payd began watching",
                  {{"chainId", chain_.id}, {"fromBlock", low}, {"head", latest}});
    first_start_logged_ = low;
  }
  return low;
}

domain::BlockHeader ChainWatcher::FindAncestor(std::int64_t latest,
                                               const domain::BlockHeader& cursor) {
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
                                             {"from", cursor.number},
                                             {"commonAncestor", b.number},
                                             {"depth", cursor.number - b.number}});
      return b;
    }
  }
  base::LogError("reorganisation deeper than the kept headers; resuming below them",
                 {{"chainId", chain_.id}, {"keptBlocks", kept.size()}});
  std::int64_t below = kept.empty() ? cursor.number - 1 : kept.back().number - 1;
  return below < 0 ? domain::BlockHeader{-1, "", "", 0} : source_->Headers({below}).front();
}

std::vector<domain::BlockHeader> ChainWatcher::RescanBlocks(
    const domain::BlockHeader& base, bool new_blocks,
    const std::optional<domain::BlockHeader>& cursor, const domain::ChainUpdate* recording) {
  auto now = std::chrono::steady_clock::now();
  if (new_blocks) {
    rescan_until_ = now + kRescanWallTime;
  } else if (now >= rescan_until_) {
    return {};
  }
  // Stored blocks above the base are the ones a rewind is about to drop.
  std::int64_t stale = cursor ? std::max<std::int64_t>(0, cursor->number - base.number) : 0;
  auto kept = store_.RecentBlocks(chain_.id, static_cast<int>(kMaxRescanBlocks + stale));
  if (recording && !recording->blocks.empty()) {
    // Above the stored ones, highest first, those the ledger is storing now.
    std::vector<domain::BlockHeader> all(recording->blocks.rbegin(), recording->blocks.rend());
    for (auto& b : kept) {
      if (b.number < all.back().number) all.push_back(std::move(b));
    }
    kept = std::move(all);
  }
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

ChainWatcher::PassRead ChainWatcher::Read(const std::optional<domain::BlockHeader>& cursor,
                                          const domain::ChainUpdate* recording) {
  BlockSource& source = *source_;
  PassRead read;
  domain::ChainUpdate& update = read.update;
  update.chain_id = chain_.id;
  // The tags before the head: a block mined between the two reads then
  // raises the head, never a tag past it (a payment PAID at "finalized" would
  // show fewer confirmations than finality takes). A tag above the head (a
  // node behind the one that answered the tag) waits for the head.
  // With several providers, each is what a quorum of them has reached: a
  // provider racing ahead (or lying ahead) confirms nothing.
  auto tagged = [&](const char* tag) { return quorum_ ? AgreedTag(tag) : source.Tagged(tag); };
  if (NeedsTag(chain_, domain::ConfirmationPolicy::Kind::kSafe)) update.head.safe = tagged("safe");
  if (NeedsTag(chain_, domain::ConfirmationPolicy::Kind::kFinalized)) {
    update.head.finalized = tagged("finalized");
  }
  update.head.latest = quorum_ ? QuorumLatest() : source.Latest();
  metrics::ChainHead(chain_.id, update.head.latest);
  NoteHead(chain_.id, update.head.latest);
  for (auto* tag : {&update.head.safe, &update.head.finalized}) {
    if (*tag && **tag > update.head.latest) *tag = update.head.latest;
  }
  domain::BlockHeader base = Base(update.head.latest, cursor, recording != nullptr);
  if (cursor && base.number < cursor->number) update.rewind_to = base.number;

  std::int64_t from = base.number + 1;
  std::int64_t to = std::min(update.head.latest, from + options_.max_blocks_per_pass - 1);
  bool new_blocks = from <= to;
  read.more = to < update.head.latest;
  update.head.time = base.time;
  auto rescan = RescanBlocks(base, new_blocks, cursor, recording);
  if (new_blocks || !rescan.empty()) {
    update.watched = store_.WatchedAddresses(chain_.id, base::NowMs());
    std::set<std::string> recipients, native_recipients;
    for (const auto& w : update.watched) {
      recipients.insert(w.address);
      if (std::find(w.tokens.begin(), w.tokens.end(), chain_.native.symbol) != w.tokens.end()) {
        native_recipients.insert(w.address);
      }
    }
    auto senders_list = store_.RefundSenders(chain_.id);
    update.senders = senders_list;
    std::set<std::string> senders(senders_list.begin(), senders_list.end()), native_senders;
    for (const auto& s : senders) {
      // The native coin goes out of a payout address that takes it (refunds of native payments).
      if (native_recipients.contains(s)) native_senders.insert(s);
    }
    std::int64_t logs_from = rescan.empty() ? from : rescan.front().number;
    std::int64_t logs_to = new_blocks ? to : base.number;
    update.transfers = source.TokenTransfers(logs_from, logs_to, recipients);
    auto out = source.TokenTransfersFrom(logs_from, logs_to, senders);
    update.transfers.insert(update.transfers.end(), out.begin(), out.end());
    std::vector<domain::BlockHeader> bodies;  // the blocks read whole, for native transfers
    if (new_blocks) {
      auto native = source.NativeTransfers(from, to, native_recipients, native_senders, bodies);
      update.transfers.insert(update.transfers.end(), native.begin(), native.end());
    }

    // Headers: the new blocks near the head (to follow reorgs), the last one
    // (the cursor), and the new blocks holding transfers (for their times),
    // those read whole taken as read; rescanned blocks are stored.
    std::vector<domain::BlockHeader> headers;
    // The blocks of payments recorded while the providers disagreed: their
    // headers are read and their hashes agreed, so that the ledger keeps
    // those whose block the quorum holds and reverses the others.
    std::set<std::int64_t> pending_blocks;
    if (quorum_ && new_blocks) {
      for (const auto& p : store_.PaymentsAboveCursor(chain_.id, base.number))
        if (p.transfer.block_number <= to) pending_blocks.insert(p.transfer.block_number);
    }
    if (new_blocks) {
      std::set<std::int64_t> numbers{to};
      numbers.insert(pending_blocks.begin(), pending_blocks.end());
      for (std::int64_t n = std::max(from, update.head.latest - domain::kKeptBlocks + 1); n <= to;
           ++n)
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
      if (!cursor && base.number >= 0) update.blocks.insert(update.blocks.begin(), base);
      update.cursor = *by_number.at(to);
      update.head.time = update.cursor->time;
    }
    if (quorum_) {
      try {
        VerifyPass(update, {logs_from, logs_to, from, new_blocks ? to : from - 1, recipients,
                            senders, native_recipients, native_senders, pending_blocks});
      } catch (ProvidersDisagree& e) {
        if (!recording) e.pending = PendingWhileDisagreeing(update, cursor, recipients);
        throw;
      }
    }
  } else if (update.rewind_to) {
    update.cursor = base;
  }
  update.cursor_before = cursor;
  read.read_at = std::chrono::steady_clock::now();
  return read;
}

}  // namespace payd::chain
