// One ChainWatcher per configured chain, each on its own thread: among the
// payd processes sharing a database, the one holding the chain's lock
// (Store::LeadChain) watches it, the others stand by and take over when it
// ends. The watching one polls the
// node, follows the canonical chain from the persisted cursor (detecting
// reorganisations by block hash and parentHash, never by `removed` flags),
// collects transfers to watched payout addresses and hands each poll to the
// Ledger as one transaction. Node errors and time-outs are logged and retried
// with exponential backoff; nothing is skipped, since the cursor only moves
// in the transaction that records what it covers.
//
// Passes run every poll interval and, with a ws_url, as soon as the node
// pushes a new head (HeadSubscription), by the same rules either way.
//
// Hosted providers are load-balanced and index lazily, so:
//  - a head below payd's cursor, a null block or a null receipt means the
//    node is behind: wait and ask again, never rewind or skip;
//  - every block a pass reads (headers, blocks read whole, the blocks of the
//    transfers found) must be one chain onto the cursor, or the pass is redone:
//    a reorganisation in the middle of a pass cannot hide a block;
//  - the logs of the last few blocks (the last 30 s of them, at least 4, at
//    most 64) are read again on every poll for 30 s after a new block, since
//    eth_getLogs may answer before a block's logs are indexed.
//
// Catching up, a pass covers at most 500 blocks, and while the ledger records
// one pass the next is read from the node on a helper thread (the node's round
// trips and the database's writes overlap). What was read ahead is used only
// if the pass before it saved the cursor it started from, the watched
// addresses are the same and it is fresh; otherwise the pass reads again.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>

#include "chain/block_source.h"
#include "chain/head_subscription.h"
#include "chain/price_book.h"
#include "chain/provider_quorum.h"
#include "chain/rpc_client.h"
#include "domain/ledger/ledger.h"
#include "domain/store.h"

namespace payd::chain {

struct WatcherOptions {
  std::int64_t max_blocks_per_pass = 500;
  std::chrono::milliseconds price_refresh{std::chrono::seconds(domain::kPriceRefreshS)};
  std::chrono::milliseconds max_backoff{30000};
  RpcOptions rpc;
  // The node's WebSocket: pushed heads start a pass at once (HeadSubscription).
  std::optional<std::string> ws_url;
};

class ChainWatcher {
 public:
  ChainWatcher(const domain::ChainInfo& chain, domain::ChainWatchStore& store,
               domain::Ledger& ledger, PriceBook& prices, WatcherOptions options = {});
  ~ChainWatcher();
  ChainWatcher(const ChainWatcher&) = delete;
  ChainWatcher& operator=(const ChainWatcher&) = delete;

  void Start();
  // Finishes the pass under way (its transaction commits or not, whole) and joins.
  void Stop();

 private:
  void Run();
  void RunPasses();
  // Whether this process watches the chain now (Store::LeadChain); on taking
  // over, the cursor is read again: another process may have moved it.
  bool Lead();
  // How long after a new block (or a start) the last blocks' logs are read again.
  static constexpr auto kRescanWallTime = std::chrono::seconds(30);
  // How long a provider found wrong is not read from (while another is left).
  static constexpr auto kSetAside = std::chrono::minutes(5);
  // Thrown when the chain moved while a pass was reading it; the pass is redone.
  struct ChainMoved {};
  // Thrown when the providers disagree on a block and no quorum settles it
  // (watcher_verify.cpp): the cursor stays and confirmations wait.
  struct ProvidersDisagree {
    std::string what;  // the block and every provider's answer
    // The payments the reader saw in the new blocks, each proven from its
    // block's receipts against the reader's own header (a false one needs a
    // whole forged block): recorded as pending (ChainUpdate::provisional)
    // until a verified pass covers their blocks.
    std::optional<domain::ChainUpdate> pending = std::nullopt;
  };
  // What one pass read from the node, for the ledger.
  struct PassRead {
    domain::ChainUpdate update;
    bool more = false;  // it stops short of the head
    std::chrono::steady_clock::time_point read_at;
  };
  // One poll; true when there is more to do at once (catching up).
  bool Pass();
  // Reads the pass that starts at `cursor`. `recording`: the update the
  // ledger is recording meanwhile (reading ahead), whose blocks are not stored yet.
  PassRead Read(const std::optional<domain::BlockHeader>& cursor,
                const domain::ChainUpdate* recording);
  // Read() of the pass after `recording`, on a helper thread; none if it failed.
  std::optional<PassRead> ReadAhead(const domain::ChainUpdate& recording);
  // What was read ahead, if it still holds (see the top of this file).
  std::optional<PassRead> TakeReadAhead();
  // Hands a pass to the ledger and moves the cursor.
  void Record(const domain::ChainUpdate& update);
  // Hands the ledger what ProvidersDisagree::pending holds (the cursor stays).
  void RecordPending(const domain::ChainUpdate& update);
  // The block from which to resume: the cursor, or where a first start begins.
  domain::BlockHeader Base(std::int64_t latest, const std::optional<domain::BlockHeader>& cursor,
                           bool reading_ahead);
  // Where a first start scans from: the head, or earlier when the first pass
  // came late (the node was unreachable, or payd was killed, before a pass
  // stored a cursor) or intents were already taken.
  std::int64_t FirstStartBlock(std::int64_t latest);
  // Where the stored chain and the node's agree, after a reorganisation.
  domain::BlockHeader FindAncestor(std::int64_t latest, const domain::BlockHeader& cursor);
  // The stored blocks (and those of `recording`) up to `base` whose logs are
  // read again, ascending.
  std::vector<domain::BlockHeader> RescanBlocks(const domain::BlockHeader& base, bool new_blocks,
                                                const std::optional<domain::BlockHeader>& cursor,
                                                const domain::ChainUpdate* recording);
  // With several providers (chain.quorum, watcher_verify.cpp): the highest
  // block a quorum has reached, for a tag ("safe", "finalized"); none when
  // fewer than a quorum have one.
  std::optional<std::int64_t> AgreedTag(const char* tag);
  // The quorum's head (kNotReady when fewer than a quorum answer), or the
  // reader's when it is at most kReaderLagBlocks behind it; a reader further
  // behind (lagging, or on a shorter fork) is left for this pass for the
  // first provider that has the head, and counted "behind".
  std::int64_t QuorumLatest();
  static constexpr std::int64_t kReaderLagBlocks = 2;
  // Checks what a pass read from the reader against the other providers:
  // the hash of its last block and of every transfer's block agreed by a
  // quorum, each token transfer proven from its block's receipts, and the
  // transfers a quorum of providers' eth_getLogs return in [logs_from,
  // logs_to] the same; native transfers as VerifyNative says. The reader outvoted or proven wrong:
  // reading moves to a provider that agrees and the pass is redone (ChainMoved). No quorum:
  // ProvidersDisagree, or kNotReady while providers are only behind.
  struct PassScope {
    std::int64_t logs_from = 0, logs_to = -1;  // the logs read (rescanned blocks too)
    std::int64_t from = 0, to = -1;            // the new blocks, read whole for native transfers
    std::set<std::string> recipients, senders, native_recipients, native_senders;
    std::set<std::int64_t> pending_blocks;  // of payments recorded while no quorum agreed
  };
  void VerifyPass(const domain::ChainUpdate& update, const PassScope& scope);
  // ProvidersDisagree::pending for a pass read above `cursor` (`payout`: the
  // watched payout addresses, PassScope::recipients); none on a
  // first start (no cursor yet) or when nothing proves.
  std::optional<domain::ChainUpdate> PendingWhileDisagreeing(
      const domain::ChainUpdate& update, const std::optional<domain::BlockHeader>& cursor,
      const std::set<std::string>& payout);
  // Native transfers count when a quorum of providers report them alike
  // (nothing in a header commits to traces): the reader's and the others'
  // over the new blocks; the reader outvoted is left, no quorum is ProvidersDisagree.
  void VerifyNative(const domain::ChainUpdate& update, const PassScope& scope);
  // The hash a quorum returns for each of `numbers`, as above.
  struct Agreement {
    std::map<std::int64_t, std::string> hash;
    std::vector<std::vector<std::optional<std::string>>> answers;  // [provider][i]
  };
  Agreement Agree(const std::vector<std::int64_t>& numbers);
  // The token transfers of block `number` proven from the reader's
  // `evidence` against `agreed_hash`; the reader is proven wrong (ReadFrom)
  // if they do not hold and another provider's do.
  std::vector<domain::ObservedTransfer> ProvenTransfers(std::int64_t number,
                                                        const std::string& agreed_hash,
                                                        const BlockEvidence& evidence);
  // Moves reading off the reader, which `why`, to provider `to`; throws
  // ChainMoved. `set_aside`: the reader was found wrong, not merely missing
  // something it may only be slow to index (left_out).
  [[noreturn]] void ReadFrom(std::size_t to, const std::string& why, bool set_aside = true);
  // Counts and logs (once a minute per provider) a provider outvoted or proven wrong.
  void NoteProviderWrong(std::size_t provider, const char* kind, const std::string& what);
  // Logs the first time the node is found behind (and every minute it stays so).
  void NoteNodeBehind(const std::string& why);
  void MaybeRefreshPrices();
  // Whether the tokens' contracts match the configuration (token_check.h),
  // asked by the process that leads the chain, when it first leads and every
  // kTokenCheckEvery; one whose do not stops leading it and does not watch it
  // (the cursor stays, so nothing is lost once the configuration is fixed).
  bool TokensMatch();
  // Whether the chain's Uniswap contracts are there (swap_quoter.h): logged
  // when that changes; conversion is refused while they are not.
  void CheckSwap();
  // The receipts of payments waiting for their swap check (swap_receipt.h),
  // for the ledger's next pass; one the node cannot give yet waits for the next.
  std::vector<domain::ChainUpdate::SwapCheck> SwapChecks();
  static constexpr auto kTokenCheckEvery = std::chrono::minutes(5);
  // Sleeps unless stopped (or, if `head_wakes`, a new head was pushed); false once stopping.
  bool Wait(std::chrono::milliseconds duration, bool head_wakes = false);
  // Called by the head subscription's thread.
  void OnHead();

  const domain::ChainInfo& chain_;
  domain::ChainWatchStore& store_;
  domain::Ledger& ledger_;
  PriceBook& prices_;
  WatcherOptions options_;
  std::optional<RpcClient> rpc_;           // made on the watcher's thread, which owns it
  std::optional<BlockSource> source_;      // keeps what it learnt of the provider's limits
  std::optional<HeadSubscription> heads_;  // with a ws_url
  std::optional<ProviderQuorum> quorum_;   // with several providers (chain.quorum)
  std::size_t reader_ = 0;  // the provider each pass starts from (watcher_verify.cpp)
  std::map<std::size_t, std::chrono::steady_clock::time_point> wrong_logged_;  // by provider
  std::optional<std::string> disagreement_;  // since the last pass that passed
  std::chrono::steady_clock::time_point disagreement_logged_{};
  std::optional<domain::BlockHeader> cursor_;
  std::optional<PassRead> read_ahead_;
  base::TimeMs watch_started_ = 0;   // when this chain was first watched (no cursor yet)
  bool watch_started_here_ = false;  // by this process (not by one killed before a pass)
  std::optional<std::int64_t> first_start_logged_;  // the first start's block, once logged
  std::chrono::steady_clock::time_point next_price_refresh_{};
  std::chrono::steady_clock::time_point next_token_check_{};
  std::vector<std::string> token_mismatches_;  // as last found; empty: they match
  std::vector<std::string> token_notes_logged_;
  std::optional<std::vector<std::string>> swap_problems_;
  std::chrono::steady_clock::time_point rescan_until_{};
  std::optional<std::chrono::steady_clock::time_point> behind_since_;
  std::chrono::steady_clock::time_point behind_logged_{};
  int moved_in_a_row_ = 0;
  std::optional<bool> leading_;  // unknown until first asked

  std::thread thread_;
  std::mutex mu_;
  std::condition_variable wake_;
  bool stopping_ = false;
  bool head_pushed_ = false;  // since the last pass began
};

}  // namespace payd::chain
