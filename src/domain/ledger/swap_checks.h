// What the receipts of swaps said (DECISIONS §16), applied in the ledger's
// transaction: a payment that a swap in the payer's transaction paid records
// what the payer spent, and the payer's wallet becomes its sender (and its
// intent's, when it completed the intent): the pool that sent the tokens is
// nobody to refund. The watcher reads the receipts (chain/swap_receipt.h).
#pragma once

#include <vector>

#include "domain/ledger/ledger.h"

namespace payd::domain {

class LedgerTx;

// How many intents it updated.
int ApplySwapChecks(LedgerTx& tx, const std::vector<ChainUpdate::SwapCheck>& checks);

}  // namespace payd::domain
