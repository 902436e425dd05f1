#include "domain/management/payment_exceptions.h"

#include "domain/error.h"
#include "domain/ledger/ledger.h"
#include "domain/money/address.h"
#include "domain/store.h"

namespace payd::domain {

namespace {

constexpr std::size_t kMaxNoteLength = 1000;

// The time the ledger has reached on the chain: its last processed block's
// (the wall clock before the chain was ever read).
base::TimeMs ChainTime(Store& store, std::int64_t chain_id, base::TimeMs now) {
  auto cursor = store.LoadCursor(chain_id);
  return cursor ? cursor->time : now;
}

// The lifecycle event of a status the merchant's decision gave the intent.
std::optional<std::string_view> MoveOf(IntentStatus before, IntentStatus after) {
  if (after == before) return std::nullopt;
  if (after == IntentStatus::kPaid) return event_type::kPaymentConfirmed;
  if (after == IntentStatus::kFailed) return event_type::kPaymentFailed;
  if (after == IntentStatus::kExpired) return event_type::kPaymentExpired;
  return std::nullopt;
}

}  // namespace

std::optional<Payment> AttachPayment(const Change& change, const Representation& representation,
                                     const std::string& payment_id, const std::string& intent_id) {
  Require(change, Operation::kAttachTransfer);
  auto found = change.store.FindPayment(change.tenant_id, payment_id);
  if (!found) return std::nullopt;
  base::TimeMs chain_time = ChainTime(change.store, found->transfer.chain_id, change.now);
  std::optional<Payment> out;
  change.store.WithManagement([&](ManagementTx& tx) {
    out = tx.FindPayment(change.tenant_id, payment_id);
    if (!out) return;
    if (out->intent_id)
      ThrowInvalid("id", "Payment {1} already pays intent {2}.", payment_id, *out->intent_id);
    if (out->status == PaymentStatus::kReorged)
      ThrowInvalid("id", "Payment {1} was taken off the chain by a reorganisation.", payment_id);
    auto intent = TenantIntent(tx, change, intent_id);
    if (!intent) ThrowInvalid("intentId", "No such payment intent: {1}.", intent_id);
    if (!intent->IsChosen())
      ThrowInvalid("intentId", "The payer has not chosen a chain and token for {1}.", intent_id);
    if (intent->chain_id != out->transfer.chain_id ||
        intent->token_symbol != out->transfer.token_symbol) {
      ThrowInvalid("intentId",
                   "Intent {1} asks for {2} on chain {3}; the payment is {4} on chain {5}.",
                   intent_id, intent->token_symbol, std::to_string(intent->chain_id),
                   out->transfer.token_symbol, std::to_string(out->transfer.chain_id));
    }
    if (intent->resolution)
      ThrowInvalid("intentId", "Intent {1} was resolved: it takes no more payments.", intent_id);
    std::string before = IntentSnapshot(representation, *intent);
    AttachInLedger(tx.Ledger(), representation, *out, intent_id, chain_time, change.now);
    out->intent_id = intent_id;
    RecordChange(tx, change, "payment.attach", payment_id, before,
                 IntentSnapshot(representation, *TenantIntent(tx, change, intent_id)));
  });
  return out;
}

std::optional<PaymentIntent> ResolveIntent(const Change& change,
                                           const Representation& representation,
                                           const std::string& intent_id, bool paid,
                                           const std::string& note) {
  Require(change, Operation::kResolveIntent);
  if (note.size() > kMaxNoteLength) ThrowInvalid("note", "note is at most 1000 characters.");
  std::optional<PaymentIntent> out;
  change.store.WithManagement([&](ManagementTx& tx) {
    out = TenantIntent(tx, change, intent_id);
    if (!out) return;
    if (out->resolution) {
      if (out->resolution->paid == paid) return;  // decided so already: as it is
      if (out->resolution->paid)
        ThrowInvalid("outcome", "Intent {1} was resolved as paid already.", intent_id);
      ThrowInvalid("outcome", "Intent {1} was resolved as not paid already.", intent_id);
    }
    if (out->exception == IntentException::kNone) {
      ThrowInvalid("id",
                   "Intent {1} has nothing irregular to resolve (no exception): it follows the "
                   "chain.",
                   intent_id);
    }
    const PaymentIntent before = *out;
    if (paid) {
      out->status = IntentStatus::kPaid;
      if (!out->confirmed_at) out->confirmed_at = change.now;
    } else {
      // Refusing a late payment leaves the intent as it was when it expired.
      out->status = out->exception == IntentException::kPaidLate ? IntentStatus::kExpired
                                                                 : IntentStatus::kFailed;
      out->confirmed_at.reset();
    }
    out->resolution = Resolution{paid, note, change.actor.id, change.now};
    tx.ResolveIntent(*out);
    if (auto move = MoveOf(before.status, out->status))
      tx.InsertEvent(representation.IntentEvent(*move, *out, change.now));
    if (out->status == IntentStatus::kPaid && before.status != IntentStatus::kPaid &&
        out->payment_link_id) {
      tx.Ledger().CountLinkPayment(*out->payment_link_id);
    }
    tx.InsertEvent(representation.IntentEvent(event_type::kPaymentResolved, *out, change.now));
    RecordChange(tx, change, "payment_intent.resolve", intent_id,
                 IntentSnapshot(representation, before), IntentSnapshot(representation, *out));
  });
  return out;
}

std::optional<PaymentIntent> SetMerchantSenderHint(const Change& change,
                                                   const Representation& representation,
                                                   const std::string& intent_id,
                                                   const std::string& address) {
  Require(change, Operation::kTrustSender);
  auto sender = ParseAddress(address);
  if (!sender) {
    ThrowInvalid("address",
                 "address must be a 0x-prefixed 20-byte address with a valid EIP-55 checksum.");
  }
  auto found = change.store.FindIntent(change.tenant_id, intent_id);
  if (!found) return std::nullopt;
  base::TimeMs chain_time = ChainTime(change.store, found->chain_id, change.now);
  std::optional<PaymentIntent> out;
  change.store.WithManagement([&](ManagementTx& tx) {
    out = TenantIntent(tx, change, intent_id);
    if (!out) return;
    if (!out->IsChosen())
      ThrowInvalid("id", "The payer has not chosen a chain and token for {1} yet.", intent_id);
    if (!out->WaitsForPayment(change.now)) {
      Message message =
          Say("Intent {1} no longer waits for payment ({2}); attach a payment instead.", intent_id,
              IntentStatusName(out->status));
      throw Error(ErrorKind::kNotWaiting, std::move(message));
    }
    std::string before = IntentSnapshot(representation, *out);
    out->sender_hint = *sender;
    out->sender_hint_source = HintSource::kMerchant;
    tx.SetSenderHint(*out);
    MatchTrustedSenderInLedger(tx.Ledger(), representation, out->chain_id, intent_id, chain_time,
                               change.now);
    out = TenantIntent(tx, change, intent_id);
    RecordChange(tx, change, "payment_intent.sender_hint", intent_id, before,
                 IntentSnapshot(representation, *out));
  });
  return out;
}

}  // namespace payd::domain
