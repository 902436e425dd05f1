#include "domain/ledger/swap_checks.h"

#include "domain/ledger/ledger_tx.h"

namespace payd::domain {

int ApplySwapChecks(LedgerTx& tx, const std::vector<ChainUpdate::SwapCheck>& checks) {
  int updated = 0;
  for (const auto& check : checks) {
    auto p = tx.PaymentById(check.payment_id);
    if (!p || !p->swap_check) continue;  // read twice, or by another process first
    p->swap_check = false;
    p->paid_with = check.paid_with;
    if (check.paid_with) p->transfer.sender = check.paid_with->payer;
    tx.RecordSwapCheck(*p);
    if (!p->intent_id || !check.paid_with) continue;
    auto intent = tx.Intent(*p->intent_id);
    if (intent && intent->tx_hash == p->transfer.tx_hash &&
        intent->sender_address != check.paid_with->payer) {
      intent->sender_address = check.paid_with->payer;
      tx.UpdateIntent(*intent);
      ++updated;
    }
  }
  return updated;
}

}  // namespace payd::domain
