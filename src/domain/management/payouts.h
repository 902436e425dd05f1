// Preparing and canceling payouts (domain/payouts/payout.h, issue 37 item 5),
// for /api/v1 and the dashboard alike: each runs in one transaction with its
// event and audit row. payd sends nothing: every line is prepared for the
// merchant's wallet and confirmed on chain by the ledger.
//
// Rules (written in docs/api-reference.md "Payouts"):
//  - one chain and one token the catalog knows, sent from a payout address of
//    one of the tenant's enabled integrations that allows both (the watcher
//    reads those addresses' transfers out); when `from` is not given and
//    exactly one such address exists, that one;
//  - 1 to kMaxPayoutLines lines, each to an EIP-55 address (not the zero
//    address, the sender itself or the token's contract) for a positive
//    amount; the same recipient and amount may repeat (each line takes a
//    transfer of its own, oldest first).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/management/change.h"
#include "domain/money/chain_catalog.h"
#include "domain/payouts/payout.h"

namespace payd::domain {

struct PayoutLineRequest {
  std::string to;
  std::string amount;
  std::optional<std::string> reference;
};

struct PayoutRequest {
  std::string name;
  std::int64_t chain_id = 0;
  std::string token;
  std::optional<std::string> from;
  std::vector<PayoutLineRequest> lines;
  // The lines' amounts: smallest units (the API), or the token's decimal
  // units ("12.50", the dashboard's CSV).
  bool amounts_in_units = true;
  std::string metadata_json = "{}";
};

// How errors name a line's field: "lines[<index>].<field>" (index from 0).
std::string PayoutLineField(std::size_t index, std::string_view field);

// The new payout, its lines ready, with PAYOUT_CREATED and a `payout.create`
// audit row; 400 naming the field for a rule broken. A replay of the
// change's Idempotency-Key answers the earlier outcome.
Creation<Payout> CreatePayout(const Change& change, const ChainCatalog& catalog,
                              const PayoutRequest& request);

// Cancels the lines not yet sent (PAYOUT_CANCELED, `payout.cancel`); as it
// is when no line is left to cancel and it was canceled before; 400 when
// every line's transfer is on chain already. None: no such payout.
std::optional<Payout> CancelPayout(const Change& change, const std::string& id);

}  // namespace payd::domain
