// The payer's side of a refund (issue 37 item 2): the refund page the
// merchant sends them (/refund/<token>, unguessable, expiring) shows what is
// refunded and takes the address to send it to, typed twice (EIP-55 checked
// when written in mixed case). The page then stops working: the refund is
// `ready` (REFUND_READY), audited as done by "payer".
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "domain/refunds/refund.h"
#include "domain/store.h"

namespace payd::domain {

// The refund whose page `token` opens, while it waits for its address and the page has not expired.
std::optional<Refund> RefundOfPage(RefundReads& store, const std::string& token, base::TimeMs now);

// Sets the refund's address. Throws Error kNotFound when the page no longer
// works, and 400 naming `address` or `address_again` for an address that is not
// one, that differs from its repetition, that is the zero address, the payout
// address itself or the token's contract (transfers there are lost).
Refund GiveRefundAddress(Store& store, const std::string& token, std::string_view address,
                         std::string_view address_again, base::TimeMs now);

}  // namespace payd::domain
