// What a payer spent when a swap paid an intent (DECISIONS §16), read from
// the payment's transaction and its receipt: the transaction went to the
// chain's SwapRouter02, and its logs hold the payer's own transfer of the
// token it paid with into the pool, or, for the native coin, the router's
// deposit of it into the wrapped native token. The watcher reads it for each
// payment waiting for its swap check (Payment::swap_check) and hands it to
// the ledger in the next pass (ChainUpdate::swap_checks).
#pragma once

#include <optional>

#include "chain/rpc_client.h"
#include "domain/ledger/payment.h"
#include "domain/money/chain_catalog.h"

namespace payd::chain {

// None when no swap through the chain's router paid it (a plain transfer).
// Throws RpcError when the node cannot say yet (asked again next pass).
std::optional<domain::PaidWith> ReadPaidWith(RpcClient& rpc, const domain::ChainInfo& chain,
                                             const domain::Payment& payment);

}  // namespace payd::chain
