// Refunds on chain (DECISIONS §15), inside the ledger's transaction of one
// pass (domain/ledger/ledger.h): a transfer out of a payout address matches
// the oldest refund waiting for exactly it (chain, token, from, to, amount)
// and makes it `sent`, then `confirmed` at the chain's confirmation policy,
// each move an event. A reorganisation that removes its transfer makes a
// sent refund `ready` again and a confirmed one `reversed`, with
// REFUND_REVERSED; either is matched again by its transfer's next
// appearance. A transfer out that matches no refund is the merchant's own
// business: nothing is recorded of it. A payout's lines (domain/payouts/)
// are matched the same way, oldest first among refunds and lines alike, with
// PAYOUT_LINE_* events and PAYOUT_COMPLETED once the last line confirms.
#pragma once

#include <set>
#include <string>

#include "domain/ledger/ledger.h"
#include "domain/ledger/ledger_tx.h"

namespace payd::domain {

class RefundPass {
 public:
  // `updated` counts the refunds written (LedgerSummary::refunds_updated).
  RefundPass(LedgerTx& tx, const ChainUpdate& update, const ChainInfo& chain, base::TimeMs now,
             int& updated)
      : tx_(tx), update_(update), chain_(chain), now_(now), updated_(updated) {}

  // Before the new blocks: what the rewind removed goes back to waiting.
  void Rewind();
  // The update's transfers out of payout addresses.
  void Record();
  // Sent refunds deep enough become confirmed.
  void Confirm();
  // Last: each payout whose lines moved completes with its last line
  // confirmed, and opens again when a reorg reversed one (PAYOUT_COMPLETED).
  void SettlePayouts();

  // What happened to a refund or payout line, for its event.
  enum class Move { kNone, kSent, kConfirmed, kReversed };

 private:
  void Save(Refund& refund, Move move);

  LedgerTx& tx_;
  const ChainUpdate& update_;
  const ChainInfo& chain_;
  base::TimeMs now_;
  int& updated_;
  std::set<std::string> payouts_moved_;
};

}  // namespace payd::domain
