// A refund (DECISIONS §15): money a merchant gives back for a confirmed
// payment, sent by the merchant's own wallet from the payout address that
// received it. payd holds no funds and no keys: it works out the amount and
// where it goes, prepares the transfer for the merchant's wallet
// (refund_transfer.h) and proves on chain that it went out (refund_ledger.h).
//
// Its life: created `address_needed` when payd does not know the payer's
// wallet for sure (the payer gives one on the refund page) or `ready` when it
// does; `sent` once a transfer out of the payout address of exactly its token,
// recipient and amount is on chain, `confirmed` at the chain's depth. A
// reorganisation that removes the transfer makes a sent refund `ready` again
// and a confirmed one `reversed` (it waits for its transfer again, as `ready`
// does). The merchant may cancel it until it is sent. `requested` is the state
// a refund is made in, for the moment its address is worked out; no refund
// stays in it.
//
// A payout's line (domain/payouts/payout.h) is the same record with
// `payout_id` set and no payment: a transfer out prepared for the merchant's
// wallet and matched on chain by the same pass, ready from the start.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "base/time.h"
#include "domain/money/amount.h"
#include "domain/money/currency.h"

namespace payd::domain {

enum class RefundStatus {
  kRequested,
  kAddressNeeded,
  kReady,
  kSent,
  kConfirmed,
  kCanceled,
  kReversed,
};
std::string_view RefundStatusName(RefundStatus status);
// Every status, in the order of a refund's life.
std::span<const RefundStatus> RefundStatuses();
std::optional<RefundStatus> ParseRefundStatus(std::string_view text);

// Why the merchant gives the money back (Stripe's reasons, and "other").
bool IsRefundReason(std::string_view text);

// Where a refund's address came from: the wallet that proved it sent the
// payment (the hosted page's signature, HintSource::kWallet), or the payer on
// the refund page.
inline constexpr std::string_view kAddressFromWallet = "payment_wallet";
inline constexpr std::string_view kAddressFromPayer = "payer";

// The transfer that sent a refund, as the chain shows it.
struct RefundTransfer {
  std::string tx_hash;
  std::string position;  // "log:<index>" or "tx", as ObservedTransfer::position
  std::int64_t block_number = 0;
  std::string block_hash;
  base::TimeMs block_time = 0;
};

struct Refund {
  std::string id;  // "re_...", or "pol_..." for a payout's line
  std::string tenant_id;
  std::string payment_id;                // "" for a payout's line
  std::optional<std::string> intent_id;  // the payment's, when it paid one

  std::int64_t chain_id = 0;
  std::string token_symbol;
  std::optional<std::string> token_address;  // EIP-55; none for the native coin
  unsigned decimals = 0;
  std::string from_address;                   // the payout address the payment reached
  std::optional<std::string> to_address;      // EIP-55; none while address_needed
  std::optional<std::string> address_source;  // kAddressFrom*

  Uint256 amount = 0;  // smallest units of the token
  // When asked in the intent's price currency: that price, and the rate of
  // the moment that converted it.
  std::optional<Price> price;
  std::optional<CurrencyRate> rate;
  std::string reason;
  std::string metadata_json = "{}";

  RefundStatus status = RefundStatus::kRequested;
  std::optional<RefundTransfer> transfer;
  std::int64_t confirmations = 0;
  // The payer's refund page: the digest of its token, and when it stops working.
  std::optional<std::string> page_digest;
  std::optional<base::TimeMs> page_expires_at;

  // A payout's line: its payout, and the merchant's own text for it.
  std::optional<std::string> payout_id;
  std::optional<std::string> reference;
  std::int64_t line_number = 0;  // its place in the payout, from 1

  base::TimeMs created_at = 0;
  base::TimeMs updated_at = 0;
  std::optional<base::TimeMs> sent_at;
  std::optional<base::TimeMs> confirmed_at;
  std::optional<base::TimeMs> canceled_at;

  bool IsNative() const { return !token_address.has_value(); }
  bool IsPayoutLine() const { return payout_id.has_value(); }
  // "native" or the lowercase token address (ObservedTransfer::TokenKey).
  std::string TokenKey() const;
  // Still counted against what the payment received: all but canceled ones.
  bool Counts() const { return status != RefundStatus::kCanceled; }
  // Waiting for its transfer: a transfer out that fits may match it.
  bool AwaitsTransfer() const {
    return status == RefundStatus::kReady || status == RefundStatus::kReversed;
  }
  // The merchant may still cancel it: nothing went out for it.
  bool Cancelable() const {
    return status == RefundStatus::kRequested || status == RefundStatus::kAddressNeeded ||
           status == RefundStatus::kReady || status == RefundStatus::kReversed;
  }
};

// How long the payer's refund page works after the merchant makes its link.
constexpr base::TimeMs kRefundPageLifetimeMs = 14LL * 24 * 60 * 60 * 1000;

}  // namespace payd::domain
