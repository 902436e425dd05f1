// A payout (issue 37 item 5; docs/api-reference.md "Payouts"): a batch of
// transfers out of one of the merchant's payout addresses to any recipients
// (suppliers, affiliates, marketplace sellers), in one token on one chain.
// payd holds no funds and no keys: each line is prepared for the merchant's
// wallet (one transfer each, or the whole batch as one Safe MultiSend) and
// proven on chain like a refund, by the same ledger pass
// (domain/refunds/refund_ledger.h): a line is a Refund record with
// `payout_id` set, born `ready`, then `sent`, `confirmed`, `canceled` or
// `reversed`. The payout's own status follows from its lines.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/time.h"
#include "domain/refunds/refund.h"

namespace payd::domain {

// A batch holds at most this many lines: a Safe MultiSend of 500 ERC-20
// transfers is about 15 million gas, within one block of the chains payd knows.
constexpr std::size_t kMaxPayoutLines = 500;

enum class PayoutStatus {
  kOpen,       // a line waits for its transfer, or is sent and not yet confirmed
  kCompleted,  // every line confirmed or canceled, one at least confirmed
  kCanceled,   // every line canceled
};
std::string_view PayoutStatusName(PayoutStatus status);
std::optional<PayoutStatus> ParsePayoutStatus(std::string_view text);

struct Payout {
  std::string id;  // "po_..."
  std::string tenant_id;
  std::string name;
  std::int64_t chain_id = 0;
  std::string token_symbol;
  std::optional<std::string> token_address;  // EIP-55; none for the native coin
  unsigned decimals = 0;
  std::string from_address;  // a payout address of the tenant's integrations
  std::string metadata_json = "{}";
  base::TimeMs created_at = 0;
  base::TimeMs updated_at = 0;
  // When its last line confirmed (cleared if a reorg reverses one).
  std::optional<base::TimeMs> completed_at;
  std::optional<base::TimeMs> canceled_at;
  std::vector<Refund> lines;  // in the order given

  PayoutStatus Status() const;
  Uint256 Total() const;  // what its lines come to, canceled ones aside
  std::size_t ConfirmedCount() const;
  // A line is left to cancel: nothing went out for it yet.
  bool Cancelable() const;
};

struct PayoutQuery {
  int limit = 20;
  int offset = 0;
};

// What the surfaces read of payouts; Store implements it. Writes go through
// the management transaction (domain/management/payouts.h) and the ledger's.
class PayoutReads {
 public:
  virtual ~PayoutReads() = default;
  // With its lines.
  virtual std::optional<Payout> FindPayout(const std::string& tenant_id, const std::string& id) = 0;
  // Newest first, each with its lines.
  virtual std::vector<Payout> ListPayouts(const std::string& tenant_id,
                                          const PayoutQuery& query) = 0;
};

}  // namespace payd::domain
