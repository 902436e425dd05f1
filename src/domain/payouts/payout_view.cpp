#include "domain/payouts/payout_view.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "domain/refunds/refund_view.h"
#include "domain/views/json_or_null.h"

namespace payd::domain {

namespace {

boost::json::object LineView(const Refund& line, bool with_transfer) {
  auto prepared = RefundTransferOf(line);
  const auto& t = line.transfer;
  boost::json::object view = {
      {"id", line.id},
      {"payoutId", JsonOrNull(line.payout_id)},
      {"status", RefundStatusName(line.status)},
      {"chainId", line.chain_id},
      {"token", line.token_symbol},
      {"from", line.from_address},
      {"to", JsonOrNull(line.to_address)},
      {"amount", FormatUnits(line.amount)},
      {"amountFormatted", UnitsToDecimal(line.amount, line.decimals)},
      {"reference", JsonOrNull(line.reference)},
      {"txHash", t ? boost::json::value(t->tx_hash) : boost::json::value(nullptr)},
      {"blockNumber", t ? boost::json::value(t->block_number) : boost::json::value(nullptr)},
      {"confirmations", line.confirmations},
      {"sentAt", JsonTimeOrNull(line.sent_at)},
      {"confirmedAt", JsonTimeOrNull(line.confirmed_at)},
      {"canceledAt", JsonTimeOrNull(line.canceled_at)},
  };
  if (with_transfer) {
    view["transfer"] = prepared && line.AwaitsTransfer()
                           ? boost::json::value(PreparedTransferView(*prepared))
                           : boost::json::value(nullptr);
  }
  return view;
}

// How much of its lines a view of a payout carries.
enum class Lines { kNone, kWithoutTransfers, kWithTransfers };

boost::json::object View(const Payout& p, Lines shown) {
  Uint256 total = p.Total();
  boost::json::object view = {
      {"id", p.id},
      {"name", p.name},
      {"status", PayoutStatusName(p.Status())},
      {"chainId", p.chain_id},
      {"token", p.token_symbol},
      {"tokenAddress", JsonOrNull(p.token_address)},
      {"decimals", p.decimals},
      {"from", p.from_address},
      {"total", FormatUnits(total)},
      {"totalFormatted", UnitsToDecimal(total, p.decimals)},
      {"lineCount", p.lines.size()},
      {"confirmedCount", p.ConfirmedCount()},
      {"metadata", boost::json::parse(p.metadata_json)},
      {"createdAt", base::FormatTimestamp(p.created_at)},
      {"updatedAt", base::FormatTimestamp(p.updated_at)},
      {"completedAt", JsonTimeOrNull(p.completed_at)},
      {"canceledAt", JsonTimeOrNull(p.canceled_at)},
  };
  if (shown != Lines::kNone) {
    boost::json::array lines;
    for (const Refund& line : p.lines)
      lines.push_back(LineView(line, shown == Lines::kWithTransfers));
    view["lines"] = std::move(lines);
  }
  return view;
}

}  // namespace

boost::json::object PayoutLineView(const Refund& line) {
  return LineView(line, true);
}

boost::json::object PayoutView(const Payout& payout) {
  return View(payout, Lines::kWithTransfers);
}

boost::json::object PayoutSummaryView(const Payout& payout) {
  return View(payout, Lines::kNone);
}

boost::json::object PayoutSnapshot(const Payout& payout) {
  return View(payout, Lines::kWithoutTransfers);
}

Event PayoutEvent(std::string_view type, const Payout& payout, base::TimeMs now) {
  Event e =
      NewEvent(payout.tenant_id, type, boost::json::serialize(View(payout, Lines::kNone)), now);
  e.object_id = payout.id;
  return e;
}

Event PayoutLineEvent(std::string_view type, const Refund& line, base::TimeMs now) {
  Event e = NewEvent(line.tenant_id, type, boost::json::serialize(PayoutLineView(line)), now);
  e.object_id = line.id;
  return e;
}

std::optional<boost::json::object> PayoutSafeBatch(const Payout& payout, base::TimeMs now) {
  std::vector<PreparedTransfer> transfers;
  for (const Refund& line : payout.lines) {
    auto prepared = RefundTransferOf(line);
    if (prepared && line.AwaitsTransfer()) transfers.push_back(std::move(*prepared));
  }
  if (transfers.empty()) return std::nullopt;
  return SafeBatchFile(transfers, "payd payout " + payout.id,
                       payout.name + ": " + std::to_string(transfers.size()) + " transfers of " +
                           payout.token_symbol + " from " + payout.from_address,
                       now);
}

}  // namespace payd::domain
