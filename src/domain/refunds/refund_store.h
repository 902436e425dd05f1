// What the surfaces read of refunds (the API's lists, the payer's refund
// page); Store implements it. Writes go through the management transaction
// (domain/management/refunds.h) and the ledger's (refund_ledger.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/refunds/refund.h"

namespace payd::domain {

struct RefundQuery {
  std::optional<RefundStatus> status;
  std::optional<std::string> payment_id;
  int limit = 20;
  int offset = 0;
};

class RefundReads {
 public:
  virtual ~RefundReads() = default;
  virtual std::optional<Refund> FindRefund(const std::string& tenant_id, const std::string& id) = 0;
  // Newest first.
  virtual std::vector<Refund> ListRefunds(const std::string& tenant_id,
                                          const RefundQuery& query) = 0;
  // The refund whose payer page has this token digest, whoever's it is.
  virtual std::optional<Refund> FindRefundByPage(const std::string& digest) = 0;
};

}  // namespace payd::domain
