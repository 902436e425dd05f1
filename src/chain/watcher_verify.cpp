// ChainWatcher, the checking half for chains with several independent
// providers (issue 41): a pass is read from one provider, the reader, and
// counts only once the others back it. Block hashes go by quorum
// (chain/quorum.h); a token transfer's content by proof from its block's
// receipts (chain/proven_transfers.h), so that one honest answer settles a
// dispute and names who lied; a transfer left out by the reader is found by
// comparing the logs of a quorum of providers.
#include <algorithm>

#include "base/log.h"
#include "chain/chain_status.h"
#include "chain/evm.h"
#include "chain/quorum.h"
#include "chain/watcher.h"
#include "metrics/metrics.h"

namespace payd::chain {

namespace {

constexpr auto kWrongLogEvery = std::chrono::minutes(1);

using Transfers = std::vector<domain::ObservedTransfer>;

// What proves a token transfer: its place and everything payd reads of it.
bool SameTransfer(const domain::ObservedTransfer& a, const domain::ObservedTransfer& b) {
  return a.block_number == b.block_number && LowerHex(a.block_hash) == LowerHex(b.block_hash) &&
         a.log_index == b.log_index && LowerHex(a.tx_hash) == LowerHex(b.tx_hash) &&
         a.token_address == b.token_address && a.amount == b.amount && a.sender == b.sender &&
         a.recipient == b.recipient;
}

bool Holds(const Transfers& list, const domain::ObservedTransfer& t) {
  return std::any_of(list.begin(), list.end(),
                     [&](const auto& other) { return SameTransfer(other, t); });
}

bool IsToken(const domain::ObservedTransfer& t) {
  return t.token_address.has_value();
}

// "block 12: 0xab.. from 2 (a.example, b.example), 0xcd.. from c.example, none from d.example"
std::string Answers(std::int64_t number, const std::vector<std::optional<std::string>>& column,
                    const ProviderQuorum& providers) {
  std::map<std::string, std::vector<std::string>> by_answer;
  for (std::size_t p = 0; p < column.size(); ++p)
    by_answer[column[p].value_or("none")].push_back(providers.Name(p));
  std::string out = "block " + std::to_string(number) + ":";
  bool first = true;
  for (const auto& [answer, names] : by_answer) {
    out += (first ? " " : "; ") + answer + " from";
    for (const auto& n : names) out += " " + n;
    first = false;
  }
  return out;
}

}  // namespace

std::optional<std::int64_t> ChainWatcher::AgreedTag(const char* tag) {
  return QuorumHead(quorum_->Heads(tag), quorum_->quorum());
}

std::int64_t ChainWatcher::QuorumLatest() {
  auto heads = quorum_->Heads();
  auto agreed = QuorumHead(heads, quorum_->quorum());
  if (!agreed)
    throw RpcError(RpcError::Kind::kNotReady, "fewer than " + std::to_string(quorum_->quorum()) +
                                                  " of the " + std::to_string(quorum_->size()) +
                                                  " providers answered their head");
  // Each pass starts from the provider payd reads by choice (the first of
  // the list, or the one it moved to after finding another wrong); one set
  // aside meanwhile gives way to the first that is not.
  if (rpc_->IsAside(reader_)) {
    for (std::size_t p = 0; p < quorum_->size(); ++p) {
      if (rpc_->IsAside(p)) continue;
      reader_ = p;
      break;
    }
  }
  std::size_t reader = reader_;
  // A block or two behind is how heads are sampled (one answered just before
  // a block came): the reader reads on, up to its own head. Further behind
  // (lagging, or on a shorter fork), this pass is read from one that has the
  // head, and the next starts from the chosen one again.
  if (heads[reader] && *heads[reader] >= *agreed - kReaderLagBlocks) {
    rpc_->UseEndpoint(reader);
    return std::min(*agreed, *heads[reader]);
  }
  // The first that has the head, not set aside if one is left (the quorum-th highest has it).
  std::optional<std::size_t> to;
  for (std::size_t p = 0; p < heads.size(); ++p) {
    if (!heads[p] || *heads[p] < *agreed) continue;
    if (!to || (rpc_->IsAside(*to) && !rpc_->IsAside(p))) to = p;
  }
  metrics::ProviderWrong(chain_.id, reader, "behind");
  rpc_->UseEndpoint(*to);
  return *agreed;
}

void ChainWatcher::NoteProviderWrong(std::size_t provider, const char* kind,
                                     const std::string& what) {
  metrics::ProviderWrong(chain_.id, provider, kind);
  auto now = std::chrono::steady_clock::now();
  auto& logged = wrong_logged_[provider];
  if (logged != std::chrono::steady_clock::time_point{} && now - logged < kWrongLogEvery) return;
  logged = now;
  std::string_view k(kind);
  base::LogWarn(k == "outvoted"   ? "a provider's answer differs from a quorum of the others'"
                : k == "left_out" ? "a provider left out a transfer its block's receipts hold"
                                  : "a provider's answer is proven wrong by the block it names",
                {{"chainId", chain_.id},
                 {"provider", quorum_->Name(provider)},
                 {"providerIndex", provider},
                 {"kind", kind},
                 {"what", what}});
}

void ChainWatcher::ReadFrom(std::size_t to, const std::string& why, bool set_aside) {
  std::size_t from = rpc_->current_index();
  base::LogWarn("reading this chain from another provider",
                {{"chainId", chain_.id},
                 {"from", quorum_->Name(from)},
                 {"to", quorum_->Name(to)},
                 {"why", why},
                 {"setAsideForS", set_aside ? std::chrono::seconds(kSetAside).count() : 0}});
  // Still asked in every vote, where it counts again as soon as it agrees;
  // read from again only when the others fail, or once the time is up.
  if (set_aside) rpc_->SetAside(from, std::chrono::steady_clock::now() + kSetAside);
  reader_ = to;
  rpc_->UseEndpoint(to);
  throw ChainMoved{};
}

ChainWatcher::Agreement ChainWatcher::Agree(const std::vector<std::int64_t>& numbers) {
  Agreement out;
  out.answers = quorum_->Hashes(numbers);
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    std::vector<std::optional<std::string>> column;
    for (const auto& answers : out.answers)
      column.push_back(answers[i] ? std::optional(LowerHex(*answers[i])) : std::nullopt);
    auto agreement = AgreeOnHash(column, quorum_->quorum());
    if (!agreement.hash) {
      if (agreement.Disagreement())
        throw ProvidersDisagree{"no quorum of " + std::to_string(quorum_->quorum()) +
                                " agrees on " + Answers(numbers[i], column, *quorum_)};
      throw RpcError(RpcError::Kind::kNotReady, "fewer than " + std::to_string(quorum_->quorum()) +
                                                    " providers serve block " +
                                                    std::to_string(numbers[i]) + " yet");
    }
    for (std::size_t p : agreement.others)
      NoteProviderWrong(p, "outvoted", Answers(numbers[i], column, *quorum_));
    out.hash[numbers[i]] = *agreement.hash;
  }
  return out;
}

std::vector<domain::ObservedTransfer> ChainWatcher::ProvenTransfers(std::int64_t number,
                                                                    const std::string& agreed_hash,
                                                                    const BlockEvidence& evidence) {
  auto proven = ProvenTokenTransfers(evidence, agreed_hash, chain_);
  if (proven) return *proven;
  // Before the reader is called wrong, another provider's answer must prove
  // itself: when none does, the encoding is one payd cannot check (or every
  // provider lies), and the chain waits rather than blaming the reader.
  std::size_t reader = rpc_->current_index();
  for (std::size_t p = 0; p < quorum_->size(); ++p) {
    if (p == reader) continue;
    try {
      if (!ProvenTokenTransfers(quorum_->Evidence(p, number), agreed_hash, chain_)) continue;
    } catch (const RpcError&) {
      continue;  // silent: not asked again this pass
    }
    std::string what = "block " + std::to_string(number) +
                       ": its header or receipts do not hash to the agreed " + agreed_hash;
    NoteProviderWrong(reader, "proven_wrong", what);
    ReadFrom(p, what);
  }
  throw ProvidersDisagree{"block " + std::to_string(number) +
                          ": no provider's header and receipts hash to the hash a quorum agreed, " +
                          agreed_hash +
                          " (a receipt encoding payd does not know, or every "
                          "provider altered them)"};
}

void ChainWatcher::VerifyPass(const domain::ChainUpdate& update, const PassScope& scope) {
  std::int64_t logs_from = scope.logs_from, logs_to = scope.logs_to;
  const auto& recipients = scope.recipients;
  const auto& senders = scope.senders;
  // The reader's hash of each block the pass rests on: its last one and every transfer's.
  std::map<std::int64_t, std::string> claimed;
  if (update.cursor) claimed[update.cursor->number] = LowerHex(update.cursor->hash);
  for (const auto& t : update.transfers) claimed.emplace(t.block_number, LowerHex(t.block_hash));
  for (const auto& b : update.blocks)
    if (scope.pending_blocks.contains(b.number)) claimed.emplace(b.number, LowerHex(b.hash));
  std::vector<std::int64_t> numbers;
  for (const auto& [n, hash] : claimed) numbers.push_back(n);
  Agreement agreed = Agree(numbers);
  std::size_t reader = rpc_->current_index();
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    const std::string& hash = agreed.hash.at(numbers[i]);
    if (claimed[numbers[i]] == hash) continue;
    const auto& own = agreed.answers[reader][i];
    // The reader itself now returns the agreed block: the chain moved under the pass.
    if (own && LowerHex(*own) == hash) throw ChainMoved{};
    std::size_t to = 0;
    while (!agreed.answers[to][i] || LowerHex(*agreed.answers[to][i]) != hash) ++to;
    ReadFrom(to, "block " + std::to_string(numbers[i]) + ": it said " + claimed[numbers[i]] +
                     ", a quorum says " + hash);
  }

  // Token transfers. The others' logs first: what a quorum of providers
  // (the reader and quorum-1 others that agree on the last block) returns.
  Transfers mine;
  for (const auto& t : update.transfers)
    if (IsToken(t)) mine.push_back(t);
  std::vector<std::size_t> others;
  auto backs_last = [&](std::size_t p) {
    if (!update.cursor) return true;
    std::size_t i =
        std::find(numbers.begin(), numbers.end(), update.cursor->number) - numbers.begin();
    const auto& answer = agreed.answers[p][i];
    return answer && LowerHex(*answer) == agreed.hash.at(update.cursor->number);
  };
  for (std::size_t p = 0; p < quorum_->size() && others.size() + 1 < quorum_->quorum(); ++p) {
    if (p != reader && backs_last(p)) others.push_back(p);
  }
  std::vector<std::optional<Transfers>> theirs;
  bool logs =
      logs_from <= logs_to && !chain_.tokens.empty() && (!recipients.empty() || !senders.empty());
  if (logs) {
    theirs = quorum_->TokenTransfers(others, logs_from, logs_to, recipients, senders);
    auto answered =
        std::count_if(theirs.begin(), theirs.end(), [](auto& t) { return t.has_value(); });
    if (static_cast<std::size_t>(answered) + 1 < quorum_->quorum())
      throw RpcError(RpcError::Kind::kNotReady, "fewer than " + std::to_string(quorum_->quorum()) +
                                                    " providers answered for the logs of blocks " +
                                                    std::to_string(logs_from) + " to " +
                                                    std::to_string(logs_to));
  }
  // Every block where the answers name a transfer is settled by its receipts.
  std::set<std::int64_t> blocks;
  for (const auto& t : mine) blocks.insert(t.block_number);
  for (const auto& answer : theirs) {
    if (!answer) continue;
    for (const auto& t : *answer)
      if (!Holds(mine, t)) blocks.insert(t.block_number);
  }
  std::vector<std::int64_t> unsettled;
  for (auto n : blocks)
    if (!agreed.hash.contains(n)) unsettled.push_back(n);
  if (!unsettled.empty()) {
    auto more = Agree(unsettled);
    agreed.hash.insert(more.hash.begin(), more.hash.end());
  }
  auto wanted = [&](const domain::ObservedTransfer& t) {
    return recipients.contains(t.recipient) || senders.contains(t.sender);
  };
  std::vector<std::int64_t> settle(blocks.begin(), blocks.end());
  auto evidence = source_->Evidence(settle);  // one batch for the pass
  for (std::size_t b = 0; b < settle.size(); ++b) {
    std::int64_t n = settle[b];
    Transfers proven;
    for (auto& t : ProvenTransfers(n, agreed.hash.at(n), evidence[b]))
      if (wanted(t)) proven.push_back(std::move(t));
    for (std::size_t k = 0; k < others.size(); ++k) {
      if (!theirs[k]) continue;
      // One that left a log out may only be slow to index it: not counted wrong.
      for (const auto& t : *theirs[k]) {
        if (t.block_number != n || Holds(proven, t)) continue;
        NoteProviderWrong(others[k], "proven_wrong",
                          "block " + std::to_string(n) + ": a transfer in " + t.tx_hash +
                              " that the block's receipts do not hold");
        break;
      }
    }
    std::string what;
    const char* kind = "proven_wrong";
    for (const auto& t : mine)
      if (t.block_number == n && !Holds(proven, t))
        what = "a transfer in " + t.tx_hash + " that the block's receipts do not hold";
    if (what.empty()) {
      kind = "left_out";
      for (const auto& t : proven)
        if (!Holds(mine, t)) what = "it left out the transfer in " + t.tx_hash;
    }
    if (what.empty()) continue;
    what = "block " + std::to_string(n) + ": " + what;
    NoteProviderWrong(reader, kind, what);
    ReadFrom(others.empty() ? (reader + 1) % quorum_->size() : others.front(), what,
             std::string_view(kind) != "left_out");
  }
  VerifyNative(update, scope);
}

void ChainWatcher::VerifyNative(const domain::ChainUpdate& update, const PassScope& scope) {
  if (scope.from > scope.to || (scope.native_recipients.empty() && scope.native_senders.empty()))
    return;
  Transfers mine;
  for (const auto& t : update.transfers)
    if (!IsToken(t) && t.block_number >= scope.from) mine.push_back(t);
  std::size_t reader = rpc_->current_index();
  // First quorum-1 others, enough to make a quorum with the reader; all of
  // them when those do not answer alike.
  std::vector<std::size_t> first, rest;
  for (std::size_t p = 0; p < quorum_->size(); ++p) {
    if (p == reader) continue;
    (first.size() + 1 < quorum_->quorum() ? first : rest).push_back(p);
  }
  auto ask = [&](const std::vector<std::size_t>& which) {
    return quorum_->NativeTransfers(which, scope.from, scope.to, scope.native_recipients,
                                    scope.native_senders);
  };
  auto alike = [&](const Transfers& a, const Transfers& b) {
    return std::all_of(a.begin(), a.end(), [&](auto& t) { return Holds(b, t); }) &&
           std::all_of(b.begin(), b.end(), [&](auto& t) { return Holds(a, t); });
  };
  std::vector<std::size_t> asked = first;
  auto theirs = ask(first);
  bool settled = std::all_of(theirs.begin(), theirs.end(),
                             [&](const auto& t) { return t && alike(*t, mine); });
  if (settled) return;
  auto more = ask(rest);
  asked.insert(asked.end(), rest.begin(), rest.end());
  theirs.insert(theirs.end(), more.begin(), more.end());

  // Every transfer any provider reported, and who reported it.
  std::vector<std::pair<domain::ObservedTransfer, std::vector<std::size_t>>> reports;
  auto report = [&](std::size_t provider, const Transfers& list) {
    for (const auto& t : list) {
      auto it = std::find_if(reports.begin(), reports.end(),
                             [&](const auto& r) { return SameTransfer(r.first, t); });
      if (it == reports.end()) {
        reports.push_back({t, {provider}});
      } else if (std::find(it->second.begin(), it->second.end(), provider) == it->second.end()) {
        it->second.push_back(provider);
      }
    }
  };
  report(reader, mine);
  std::vector<std::size_t> answered{reader};
  for (std::size_t k = 0; k < asked.size(); ++k) {
    if (!theirs[k]) continue;
    answered.push_back(asked[k]);
    report(asked[k], *theirs[k]);
  }
  if (answered.size() < quorum_->quorum())
    throw RpcError(RpcError::Kind::kNotReady,
                   "fewer than " + std::to_string(quorum_->quorum()) +
                       " providers answered for the native transfers of blocks " +
                       std::to_string(scope.from) + " to " + std::to_string(scope.to));
  for (const auto& [t, by] : reports) {
    std::string what = "block " + std::to_string(t.block_number) + ": the native transfer in " +
                       t.tx_hash + " (" + t.position + "), reported by " +
                       std::to_string(by.size()) + " of " + std::to_string(answered.size());
    bool read = std::find(by.begin(), by.end(), reader) != by.end();
    std::size_t without = answered.size() - by.size();
    if (by.size() >= quorum_->quorum()) {
      if (!read) {
        NoteProviderWrong(reader, "left_out", what);
        ReadFrom(by.front(), what, false);
      }
      for (std::size_t p : answered)
        if (std::find(by.begin(), by.end(), p) == by.end()) NoteProviderWrong(p, "outvoted", what);
    } else if (without >= quorum_->quorum()) {
      for (std::size_t p : by) NoteProviderWrong(p, "outvoted", what);
      if (read) {
        auto other = std::find_if(answered.begin(), answered.end(), [&](std::size_t p) {
          return std::find(by.begin(), by.end(), p) == by.end();
        });
        ReadFrom(*other, what);
      }
    } else {
      throw ProvidersDisagree{"no quorum of " + std::to_string(quorum_->quorum()) + " on " + what};
    }
  }
}

std::optional<domain::ChainUpdate> ChainWatcher::PendingWhileDisagreeing(
    const domain::ChainUpdate& update, const std::optional<domain::BlockHeader>& cursor,
    const std::set<std::string>& payout) {
  // Only what was sent to a payout address, in blocks above the cursor: those
  // a verified pass reads (and reconciles) later. Native transfers wait: no
  // header commits to them.
  std::map<std::int64_t, Transfers> by_block;
  for (const auto& t : update.transfers) {
    if (cursor && IsToken(t) && t.block_number > cursor->number && payout.contains(t.recipient))
      by_block[t.block_number].push_back(t);
  }
  if (by_block.empty()) return std::nullopt;
  std::vector<std::int64_t> numbers;
  for (const auto& [n, list] : by_block) numbers.push_back(n);
  domain::ChainUpdate pending;
  pending.chain_id = update.chain_id;
  pending.provisional = true;
  pending.cursor_before = cursor;
  pending.watched = update.watched;
  // The chain's time and head as last verified: nothing counts as confirmed or expired.
  pending.head.latest = cursor->number;
  pending.head.time = cursor->time;
  try {
    auto evidence = source_->Evidence(numbers);
    for (std::size_t b = 0; b < numbers.size(); ++b) {
      const Transfers& mine = by_block[numbers[b]];
      auto proven = ProvenTokenTransfers(evidence[b], LowerHex(mine.front().block_hash), chain_);
      if (!proven) continue;
      for (const auto& t : mine)
        if (Holds(*proven, t)) pending.transfers.push_back(t);
    }
  } catch (const RpcError&) {
    return std::nullopt;  // shown once a pass can read them
  }
  if (pending.transfers.empty()) return std::nullopt;
  return pending;
}

}  // namespace payd::chain
