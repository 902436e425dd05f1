// Refund rows (domain/refunds/refund.h), for the management transaction, the
// ledger's and the store's reads alike.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domain/refunds/refund.h"
#include "domain/refunds/refund_store.h"
#include "store/sql/sql.h"

namespace payd::store::sql {

void InsertRefundRow(Connection& c, const domain::Refund& refund);
// Writes every field but id, tenant, payment and creation time.
void UpdateRefundRow(Connection& c, const domain::Refund& refund);
std::optional<domain::Refund> RefundRow(Connection& c, const std::string& tenant_id,
                                        const std::string& id);
std::optional<domain::Refund> RefundRowByPage(Connection& c, const std::string& digest);
std::vector<domain::Refund> RefundRowsOfPayment(Connection& c, const std::string& tenant_id,
                                                const std::string& payment_id);
std::vector<domain::Refund> RefundRows(Connection& c, const std::string& tenant_id,
                                       const domain::RefundQuery& query);
std::vector<domain::Refund> RefundRowsSentAbove(Connection& c, std::int64_t chain_id,
                                                std::int64_t number);
std::vector<domain::Refund> SentRefundRows(Connection& c, std::int64_t chain_id);
std::optional<domain::Refund> RefundRowAwaiting(Connection& c, std::int64_t chain_id,
                                                const std::string& token_key,
                                                const std::string& from, const std::string& to,
                                                const domain::Uint256& amount);
bool RefundTransferTakenRow(Connection& c, std::int64_t chain_id, const std::string& tx_hash,
                            const std::string& position, const std::string& block_hash);
void RecountRefundedRow(Connection& c, const std::string& payment_id);
// A payout's lines, in their order.
std::vector<domain::Refund> PayoutLineRows(Connection& c, const std::string& payout_id);
std::vector<std::string> RefundSenderRows(Connection& c, std::int64_t chain_id);

}  // namespace payd::store::sql
