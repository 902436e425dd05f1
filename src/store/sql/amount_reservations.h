// Exact amounts on both stores (DECISIONS §5 rule 1): the requested amount
// plus the fewest smallest units, at least one, that no other intent on the
// same (chain, token, recipient) holds, reserved until the intent's late
// window ends. The requested amount itself is never an exact amount: a payer
// who types the round price (a wallet that dropped the amount from the QR)
// then pays nobody's intent, and the transfer is kept unmatched.
//
// amount_reservations holds one row per reserved amount; beside it,
// amount_reservation_blocks counts the reserved amounts of each block of
// 1,000 consecutive amounts. The search walks the block counts and skips
// full blocks, reading the reservations of at most two blocks: with R
// reservations at one price it reads about R/1,000 + 2,000 rows instead of R,
// inside the write lock that every intent creation takes. Both tables change
// together, in the caller's transaction.
#pragma once

#include <cstdint>
#include <string>

#include "base/time.h"
#include "domain/money/amount.h"
#include "store/sql/sql.h"

namespace payd::store::sql {

struct ReservationScope {
  std::int64_t chain_id = 0;
  std::string token_key;  // "native" or the token address, lowercase
  std::string recipient;
};

// Reserves the smallest amount > `requested` that no reservation holds (one
// whose `reserved_until` is at or before `now` counts as free) for
// `intent_id` until `reserved_until`, and returns it. Reservations made
// under the earlier rule (>=) may hold `requested` itself; they keep it.
// Throws domain::Error(kInvalidRequest, param "amount") when every amount
// above `requested` up to 2^256-1 is held (or `requested` is 2^256-1).
domain::Uint256 ReserveExactAmount(Connection& c, const ReservationScope& scope,
                                   const domain::Uint256& requested, const std::string& intent_id,
                                   base::TimeMs reserved_until, base::TimeMs now);

// Frees the chain's reservations that ended at or before `chain_time`.
void ReleaseExactAmounts(Connection& c, std::int64_t chain_id, base::TimeMs chain_time);

}  // namespace payd::store::sql
