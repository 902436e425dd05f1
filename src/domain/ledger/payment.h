// A payment is one on-chain transfer to a watched payout address, in one
// block (DECISIONS §6). If a reorganisation moves the transfer to another
// block, the old payment becomes REORGED and the transfer is recorded again
// in its new block: payments are facts about blocks, never edited into others.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "base/time.h"
#include "domain/money/amount.h"

namespace payd::domain {

enum class PaymentStatus { kPending, kConfirmed, kReorged };
std::string_view PaymentStatusName(PaymentStatus status);
std::optional<PaymentStatus> ParsePaymentStatus(std::string_view text);

// A transfer as the chain shows it, before payd matches it.
struct ObservedTransfer {
  std::int64_t chain_id = 0;
  std::string token_symbol;
  std::optional<std::string> token_address;  // EIP-55; none for the native coin
  unsigned decimals = 0;
  Uint256 amount = 0;
  std::string tx_hash;
  // Where in the transaction: "log:<index>" (ERC-20), "tx" (native value of the
  // transaction itself) or "trace:<n>" (native value sent by a contract).
  std::string position;
  std::optional<std::int64_t> log_index;
  std::int64_t block_number = 0;
  std::string block_hash;
  base::TimeMs block_time = 0;
  std::string sender;     // EIP-55
  std::string recipient;  // EIP-55

  std::string TokenKey() const;  // "native" or the lowercase token address
};

// What a payer spent when a swap paid the intent (DECISIONS §16), read from
// the transaction's receipt: the token that went into the router (the native
// coin through its wrapped form) and the payer's wallet that sent it.
struct PaidWith {
  std::string token;                         // its symbol in the catalog
  std::optional<std::string> token_address;  // none: the native coin
  unsigned decimals = 18;
  Uint256 amount = 0;
  std::string payer;  // EIP-55: the transaction's sender
  bool operator==(const PaidWith&) const = default;
};

struct Payment {
  std::string id;  // "pay_..."
  std::string tenant_id;
  std::optional<std::string> intent_id;  // none: unmatched
  ObservedTransfer transfer;
  PaymentStatus status = PaymentStatus::kPending;
  std::int64_t confirmations = 0;
  base::TimeMs created_at = 0;
  std::optional<base::TimeMs> confirmed_at;
  // What its confirmed refunds sent back (domain/refunds/refund.h).
  Uint256 refunded = 0;
  // DECISIONS §17 (domain/ledger/near_amount.h). Kept unmatched: the one
  // waiting intent its amount nearly fitted when it was seen, for the merchant
  // to attach in one step. Matched by that near amount (the integration opted
  // in, or the merchant attached it to its candidate): how far short of the
  // intent's price it fell, accepted as paid (0: the price exactly).
  std::optional<std::string> candidate_intent_id;
  std::optional<Uint256> near_amount_shortfall;
  // DECISIONS §16: a payment of an intent that payers may pay through a swap
  // waits for its receipt to be read (swap_check); when a swap paid it,
  // paid_with says with what, and transfer.sender is then the payer's wallet
  // (the pool that sent the tokens is nobody's to refund).
  bool swap_check = false;
  std::optional<PaidWith> paid_with;
};

}  // namespace payd::domain
