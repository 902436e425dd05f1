// The ledger applies what a chain watcher saw in one poll, in one store
// transaction: rewinding a reorganisation, recording new transfers as
// payments, matching them to intents (DECISIONS §5: exact amount, then sender
// hint, then unmatched), counting confirmations, expiring intents by chain
// time, and writing an event for every intent whose status changed. Each
// intent's status is recomputed from its payments (intent_rules.h), and events
// compare the status before and after the whole transaction, so a reorg that
// only moves a transfer to another block tells the merchant nothing new.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <vector>

#include "domain/ledger/chain_state.h"
#include "domain/ledger/payment.h"
#include "domain/money/chain_catalog.h"
#include "domain/views/representation.h"

namespace payd::domain {

class LedgerStore;
class LedgerTx;

// The chain's saved cursor is not the one an update was computed from.
class CursorMoved : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ChainUpdate {
  std::int64_t chain_id = 0;
  std::optional<std::int64_t> rewind_to;  // a reorg: drop everything above this block
  std::vector<BlockHeader> blocks;        // new canonical headers, ascending
  std::optional<BlockHeader> cursor;      // the last block this update covers, saved with it
  // The saved cursor this update was computed from (none: there was none).
  // The save is a compare-and-set on it: if another process moved the cursor
  // meanwhile (it took the chain over), the whole update rolls back with
  // CursorMoved, and the cursor never goes backwards.
  std::optional<BlockHeader> cursor_before;
  std::vector<ObservedTransfer> transfers;
  ChainHead head;
  std::vector<WatchedAddress> watched;
  // Payout addresses whose transfers out were read too (refunds waiting for
  // them: Store::RefundSenders); those transfers are among `transfers`.
  std::vector<std::string> senders;
  // The receipts read of payments waiting for their swap check (Payment::
  // swap_check): what paid each, none when no swap did.
  struct SwapCheck {
    std::string payment_id;
    std::optional<PaidWith> paid_with;
  };
  std::vector<SwapCheck> swap_checks;
  // Payments seen while the chain's providers disagree (chain/watcher.h): the
  // transfers are recorded as pending, and nothing else moves (no cursor,
  // blocks, confirmations, expiries or refunds). The verified pass that covers
  // their blocks later keeps those it finds again and drops the others (a
  // reorganisation to the merchant).
  bool provisional = false;
};

struct LedgerSummary {
  int payments_recorded = 0;
  int payments_reorged = 0;
  int payments_confirmed = 0;
  int unmatched = 0;
  int intents_changed = 0;
  int intents_updated = 0;  // rows written: status, amounts, confirmations, transaction
  int refunds_updated = 0;  // refunds sent, confirmed or reversed (refund_ledger.h)
};

class Ledger {
 public:
  Ledger(LedgerStore& store, const ChainCatalog& catalog, Representation representation)
      : store_(store), catalog_(catalog), representation_(std::move(representation)) {}

  LedgerSummary Advance(const ChainUpdate& update, base::TimeMs now);
  // Called after a transaction that updated any intent or refund, events or not (for live views).
  void OnIntentsUpdated(std::function<void()> fn) { on_intents_updated_ = std::move(fn); }

 private:
  std::function<void()> on_intents_updated_;
  LedgerStore& store_;
  const ChainCatalog& catalog_;
  Representation representation_;
};

// Merchants' decisions carried out by the ledger's own rules
// (domain/management/payment_exceptions.h), inside the decision's
// transaction (`tx` is ManagementTx::Ledger()), at `chain_time`, the time of
// the chain's last processed block. Each re-evaluates what it touched and
// writes an event for every move, as a chain pass does; true when it wrote any.
//
// `payment` (unmatched, live) now pays `intent_id` (on the same chain and token).
bool AttachInLedger(LedgerTx& tx, const Representation& representation, Payment payment,
                    const std::string& intent_id, base::TimeMs chain_time, base::TimeMs now);
// The intent's trusted sender hint (just set) takes the unmatched transfers
// from that sender made while it waited, as a transfer seen now would be.
bool MatchTrustedSenderInLedger(LedgerTx& tx, const Representation& representation,
                                std::int64_t chain_id, const std::string& intent_id,
                                base::TimeMs chain_time, base::TimeMs now);

// Whether a transfer in block `number` counts as confirmed under `policy`.
bool IsConfirmed(const ConfirmationPolicy& policy, std::int64_t number, const ChainHead& head);
// Reorganisations deeper than this are not followed (headers kept per chain).
constexpr std::int64_t kKeptBlocks = 512;

}  // namespace payd::domain
