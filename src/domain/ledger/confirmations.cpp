// IsConfirmed (ledger.h): when a transfer counts as paid, by the chain's policy.
#include <algorithm>

#include "domain/ledger/ledger.h"

namespace payd::domain {

bool IsConfirmed(const ConfirmationPolicy& policy, std::int64_t number, const ChainHead& head) {
  switch (policy.kind) {
    case ConfirmationPolicy::Kind::kBlocks:
      return head.latest - number + 1 >= std::max<std::int64_t>(1, policy.blocks);
    case ConfirmationPolicy::Kind::kSafe:
      return head.safe && number <= *head.safe;
    case ConfirmationPolicy::Kind::kFinalized:
      return head.finalized && number <= *head.finalized;
  }
  return false;
}

}  // namespace payd::domain
