#include "domain/refunds/refund_address.h"

#include <boost/json/serialize.hpp>

#include "base/strings.h"
#include "domain/error.h"
#include "domain/money/address.h"
#include "domain/people/session.h"
#include "domain/refunds/refund_view.h"

namespace payd::domain {

namespace {

constexpr std::string_view kZeroAddress = "0x0000000000000000000000000000000000000000";

bool PageWorks(const Refund& refund, base::TimeMs now) {
  return refund.status == RefundStatus::kAddressNeeded && refund.page_expires_at &&
         now < *refund.page_expires_at;
}

[[noreturn]] void Gone() {
  throw Error(ErrorKind::kNotFound,
              "This refund link no longer works: ask the merchant for a new one.");
}

}  // namespace

std::optional<Refund> RefundOfPage(RefundReads& store, const std::string& token, base::TimeMs now) {
  if (token.empty()) return std::nullopt;
  auto refund = store.FindRefundByPage(SessionDigest(token));
  if (!refund || !PageWorks(*refund, now)) return std::nullopt;
  return refund;
}

Refund GiveRefundAddress(Store& store, const std::string& token, std::string_view address,
                         std::string_view address_again, base::TimeMs now) {
  auto parsed = ParseAddress(base::TrimBlanks(address));
  if (!parsed) {
    ThrowInvalid("address",
                 "Enter an address of 0x and 40 hexadecimal characters, copied from your "
                 "wallet (in mixed case, its checksum must match).");
  }
  auto again = ParseAddress(base::TrimBlanks(address_again));
  if (!again || *again != *parsed)
    ThrowInvalid("address_again", "The two addresses differ: copy the same address into both.");
  if (*parsed == kZeroAddress)
    ThrowInvalid("address", "That is the zero address: nothing sent there arrives.");
  std::optional<Refund> out;
  store.WithManagement([&](ManagementTx& tx) {
    out = tx.FindRefundByPage(SessionDigest(token));
    if (!out || !PageWorks(*out, now)) Gone();
    if (base::AsciiLower(*parsed) == base::AsciiLower(out->from_address))
      ThrowInvalid("address",
                   "That is the merchant's own address: enter the wallet the refund goes to.");
    if (out->token_address && base::AsciiLower(*parsed) == base::AsciiLower(*out->token_address))
      ThrowInvalid("address",
                   "That is the {1} contract itself: tokens sent there are lost. Enter your "
                   "wallet's address.",
                   out->token_symbol);
    std::string before = boost::json::serialize(RefundView(*out));
    out->to_address = *parsed;
    out->address_source = std::string(kAddressFromPayer);
    out->status = RefundStatus::kReady;
    out->page_digest.reset();
    out->page_expires_at.reset();
    out->updated_at = now;
    tx.Ledger().UpdateRefund(*out);
    tx.InsertEvent(RefundEvent(event_type::kRefundReady, *out, now));
    tx.Audit(NewAuditEntry(out->tenant_id, Actor::OnBehalfOf("payer"), "refund.address", out->id,
                           before, boost::json::serialize(RefundView(*out)), now));
  });
  return *out;
}

}  // namespace payd::domain
