#include "domain/refunds/refund_view.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "domain/views/json_or_null.h"
#include "domain/views/representation.h"

namespace payd::domain {

std::optional<PreparedTransfer> RefundTransferOf(const Refund& r) {
  if (!r.to_address) return std::nullopt;
  return PrepareTransfer({r.chain_id, r.from_address, r.token_address, *r.to_address, r.amount});
}

boost::json::object RefundView(const Refund& r) {
  boost::json::object price;
  if (r.price) price = {{"amount", r.price->amount}, {"currency", r.price->currency}};
  auto prepared = RefundTransferOf(r);
  const auto& t = r.transfer;
  return {
      {"id", r.id},
      {"paymentId", r.payment_id},
      {"intentId", JsonOrNull(r.intent_id)},
      {"status", RefundStatusName(r.status)},
      {"chainId", r.chain_id},
      {"token", r.token_symbol},
      {"tokenAddress", JsonOrNull(r.token_address)},
      {"decimals", r.decimals},
      {"amount", FormatUnits(r.amount)},
      {"amountFormatted", UnitsToDecimal(r.amount, r.decimals)},
      {"price", r.price ? boost::json::value(std::move(price)) : boost::json::value(nullptr)},
      {"rate", r.rate ? boost::json::value(RateView(*r.rate)) : boost::json::value(nullptr)},
      {"from", r.from_address},
      {"to", JsonOrNull(r.to_address)},
      {"addressSource", JsonOrNull(r.address_source)},
      {"addressPageExpiresAt", r.status == RefundStatus::kAddressNeeded
                                   ? JsonTimeOrNull(r.page_expires_at)
                                   : boost::json::value(nullptr)},
      {"transfer", prepared ? boost::json::value(PreparedTransferView(*prepared))
                            : boost::json::value(nullptr)},
      {"txHash", t ? boost::json::value(t->tx_hash) : boost::json::value(nullptr)},
      {"blockNumber", t ? boost::json::value(t->block_number) : boost::json::value(nullptr)},
      {"confirmations", r.confirmations},
      {"reason", r.reason},
      {"metadata", boost::json::parse(r.metadata_json)},
      {"createdAt", base::FormatTimestamp(r.created_at)},
      {"updatedAt", base::FormatTimestamp(r.updated_at)},
      {"sentAt", JsonTimeOrNull(r.sent_at)},
      {"confirmedAt", JsonTimeOrNull(r.confirmed_at)},
      {"canceledAt", JsonTimeOrNull(r.canceled_at)},
  };
}

boost::json::object RefundViewV1(const Refund& r) {
  auto prepared = RefundTransferOf(r);
  return {
      {"id", r.id},
      {"status", RefundStatusName(r.status)},
      {"amount", r.price ? r.price->amount : UnitsToDecimal(r.amount, r.decimals)},
      {"currency", r.price ? r.price->currency : r.token_symbol},
      {"token", r.token_symbol},
      {"tokenAmount", UnitsToDecimal(r.amount, r.decimals)},
      {"paymentIntent", JsonOrNull(r.intent_id)},
      {"payment", r.payment_id},
      {"reason", r.reason},
      {"metadata", boost::json::parse(r.metadata_json)},
      {"to", JsonOrNull(r.to_address)},
      {"transfer", prepared ? boost::json::value(PreparedTransferView(*prepared))
                            : boost::json::value(nullptr)},
      {"txHash",
       r.transfer ? boost::json::value(r.transfer->tx_hash) : boost::json::value(nullptr)},
      {"createdAt", base::FormatTimestamp(r.created_at)},
      {"confirmedAt", JsonTimeOrNull(r.confirmed_at)},
      {"canceledAt", JsonTimeOrNull(r.canceled_at)},
  };
}

std::optional<boost::json::object> RefundSafeBatch(const Refund& r, base::TimeMs now) {
  auto prepared = RefundTransferOf(r);
  if (!prepared || !r.AwaitsTransfer()) return std::nullopt;
  return SafeBatchFile({*prepared}, "payd refund " + r.id,
                       "Refund of payment " + r.payment_id + ": " +
                           UnitsToDecimal(r.amount, r.decimals) + " " + r.token_symbol + " to " +
                           *r.to_address,
                       now);
}

Event RefundEvent(std::string_view type, const Refund& refund, base::TimeMs now) {
  Event e = NewEvent(refund.tenant_id, type, boost::json::serialize(RefundView(refund)), now);
  e.data_v1_json = boost::json::serialize(RefundViewV1(refund));
  e.object_id = refund.id;
  return e;
}

}  // namespace payd::domain
