// One store transaction of the ledger: the reads and writes the chain side
// needs to record transfers, match them and move intents, all or nothing.
// Implemented in store/sql/ledger.cpp for both stores; obtained with
// Store::WithLedger.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/intents/payment_intent.h"
#include "domain/ledger/chain_state.h"
#include "domain/ledger/near_amount.h"
#include "domain/ledger/payment.h"
#include "domain/payouts/payout.h"
#include "domain/refunds/refund.h"
#include "domain/webhooks/event.h"

namespace payd::domain {

class LedgerTx {
 public:
  virtual ~LedgerTx() = default;

  // Waits until no other ledger transaction of this chain, in any process,
  // is running, first thing in the transaction: two processes that both
  // believe they watch the chain (for the moment a failover takes) then
  // apply their passes one after the other, the second seeing the first's.
  virtual void LockChain(std::int64_t chain_id) = 0;

  virtual void DeleteBlocksAbove(std::int64_t chain_id, std::int64_t number) = 0;
  virtual void InsertBlocks(std::int64_t chain_id, const std::vector<BlockHeader>& blocks) = 0;
  // Forgets headers too deep for any reorganisation payd would follow.
  virtual void DeleteBlocksBelow(std::int64_t chain_id, std::int64_t number) = 0;
  // Moves the chain's cursor from `expected` (none: no cursor yet) to `block`;
  // throws CursorMoved when the stored cursor is not `expected`: another
  // process led the chain meanwhile, and this pass must not count (a fence,
  // issue 19).
  virtual void SaveCursor(std::int64_t chain_id, const std::optional<BlockHeader>& expected,
                          const BlockHeader& block) = 0;

  // Whether a live (PENDING or CONFIRMED) payment of this transfer exists, for any tenant.
  virtual bool IsRecorded(const ObservedTransfer& transfer) = 0;
  // What InsertPayment wrote: `payment` itself, or the REORGED row of the
  // same transfer brought back (its own id, and whether it paid no intent
  // before, so that it was announced as unmatched when first seen).
  struct InsertedPayment {
    std::string id;
    bool revived = false;
    bool was_unmatched = false;
  };
  // Records the payment, or brings back the REORGED payment of the same
  // transfer (tenant, block, transaction, position) for a transfer that is on
  // the canonical chain again: a reorg that flips back, or a node that only
  // seemed to reorganise. Nothing if that transfer is already live.
  virtual std::optional<InsertedPayment> InsertPayment(const Payment& payment) = 0;
  // Writes status, confirmations, confirmedAt and the intent it pays.
  virtual void UpdatePayment(const Payment& payment) = 0;
  // Any tenant's payment.
  virtual std::optional<Payment> PaymentById(const std::string& id) = 0;
  // Writes its swap check's outcome: swap_check, paid_with, the sender.
  virtual void RecordSwapCheck(const Payment& payment) = 0;
  // Whether the integration lets payers pay through a swap (autoConversion).
  virtual bool Converts(const std::string& integration_id) = 0;
  // Deletes the unmatched payments other tenants hold of the transfer that
  // `matched` records (same chain, transaction, position and block): a
  // matched transfer is its intent's tenant's alone.
  virtual void DeleteOtherTenantsUnmatched(const Payment& matched) = 0;
  // PENDING and CONFIRMED payments in blocks above `number`.
  virtual std::vector<Payment> LivePaymentsAbove(std::int64_t chain_id, std::int64_t number) = 0;
  virtual std::vector<Payment> PendingPayments(std::int64_t chain_id) = 0;
  virtual std::vector<Payment> LivePaymentsOfIntent(const std::string& intent_id) = 0;
  // Live payments of `tenant` to `recipient` in this token matched to no intent,
  // of exactly `amount`, in chain order.
  virtual std::vector<Payment> UnmatchedPayments(const std::string& tenant_id,
                                                 std::int64_t chain_id,
                                                 const std::string& token_symbol,
                                                 const std::string& recipient,
                                                 const Uint256& amount) = 0;
  // The same, of any amount, sent by `sender`.
  virtual std::vector<Payment> UnmatchedPaymentsFrom(const std::string& tenant_id,
                                                     std::int64_t chain_id,
                                                     const std::string& token_symbol,
                                                     const std::string& recipient,
                                                     const std::string& sender) = 0;

  // The unpaid intent (or PAID one that lost its payment to a deep reorg)
  // that reserved exactly this amount and is still watchable at `at` (before
  // the end of its late window).
  virtual std::optional<PaymentIntent> IntentByExactAmount(std::int64_t chain_id,
                                                           const std::string& token_key,
                                                           const std::string& recipient,
                                                           const Uint256& amount,
                                                           base::TimeMs at) = 0;
  // The oldest unpaid, watchable intent that named `sender` as its payer.
  virtual std::optional<PaymentIntent> IntentBySenderHint(std::int64_t chain_id,
                                                          const std::string& token_key,
                                                          const std::string& recipient,
                                                          const std::string& sender,
                                                          base::TimeMs at) = 0;
  // The intents a transfer of another amount could be explained by
  // (near_amount.h): CREATED (or already marked EXPIRED by a newer block's
  // time) with nothing received, chosen, not expired at `at`, neither resolved
  // nor canceled; with their integrations' terms. Whether each was matchable
  // by a transfer's time is the caller's to judge (NearAmountCandidate).
  virtual std::vector<WaitingIntent> IntentsAwaitingNearAmount(std::int64_t chain_id,
                                                               const std::string& token_key,
                                                               const std::string& recipient,
                                                               base::TimeMs at) = 0;
  virtual std::optional<PaymentIntent> Intent(const std::string& id) = 0;
  // CREATED or PENDING intents whose expiresAt is at or before `chain_time`.
  virtual std::vector<std::string> IntentsDue(std::int64_t chain_id, base::TimeMs chain_time) = 0;
  virtual void UpdateIntent(const PaymentIntent& intent) = 0;
  // Frees exact amounts whose intents' late windows ended by `chain_time`.
  virtual void ReleaseReservations(std::int64_t chain_id, base::TimeMs chain_time) = 0;
  virtual void CountLinkPayment(const std::string& payment_link_id) = 0;

  virtual void InsertEvent(const Event& event) = 0;

  // --- Refunds (domain/refunds/refund_ledger.h) -----------------------------
  // Sent or confirmed refunds whose transfer is in a block above `number`.
  virtual std::vector<Refund> RefundsSentAbove(std::int64_t chain_id, std::int64_t number) = 0;
  virtual std::vector<Refund> SentRefunds(std::int64_t chain_id) = 0;
  // The oldest refund waiting for exactly this transfer (ready or reversed).
  virtual std::optional<Refund> RefundAwaiting(std::int64_t chain_id, const std::string& token_key,
                                               const std::string& from, const std::string& to,
                                               const Uint256& amount) = 0;
  // Whether a refund already took this transfer (a log read again).
  virtual bool RefundTransferTaken(std::int64_t chain_id, const std::string& tx_hash,
                                   const std::string& position, const std::string& block_hash) = 0;
  // Writes every field but id, tenant, payment and creation time.
  virtual void UpdateRefund(const Refund& refund) = 0;
  // Sets the payment's `refunded` to the sum of its confirmed refunds.
  virtual void RecountRefunded(const std::string& payment_id) = 0;
  // Any tenant's payout, with its lines (domain/payouts/payout.h).
  virtual std::optional<Payout> PayoutById(const std::string& id) = 0;
  // Writes its updated, completed and canceled times.
  virtual void UpdatePayout(const Payout& payout) = 0;
};

}  // namespace payd::domain
