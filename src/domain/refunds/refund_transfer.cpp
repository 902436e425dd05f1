#include "domain/refunds/refund_transfer.h"

#include <boost/json/array.hpp>
#include <ios>

#include "base/strings.h"

namespace payd::domain {

namespace {

// ERC-20 transfer(address,uint256): the first 4 bytes of its signature's Keccak-256.
constexpr std::string_view kTransferSelector = "a9059cbb";

std::string Word(std::string hex) {
  return std::string(64 - hex.size(), '0') + hex;
}

std::string AmountWord(const Uint256& amount) {
  return Word(base::AsciiLower(amount.str(0, std::ios_base::hex)));
}

}  // namespace

PreparedTransfer PrepareTransfer(const TransferOut& t) {
  PreparedTransfer p;
  p.chain_id = t.chain_id;
  p.from = t.from;
  std::string chain = std::to_string(t.chain_id);
  std::string amount = FormatUnits(t.amount);
  if (!t.token_address) {
    p.to = t.recipient;
    p.data = "0x";
    p.value = amount;
    p.uri = "ethereum:" + t.recipient + "@" + chain + "?value=" + amount;
    return p;
  }
  p.to = *t.token_address;
  p.data = "0x" + std::string(kTransferSelector) +
           Word(base::AsciiLower(std::string_view(t.recipient).substr(2))) + AmountWord(t.amount);
  p.value = "0";
  p.uri = "ethereum:" + *t.token_address + "@" + chain + "/transfer?address=" + t.recipient +
          "&uint256=" + amount;
  return p;
}

boost::json::object PreparedTransferView(const PreparedTransfer& p) {
  return {{"chainId", p.chain_id}, {"from", p.from},   {"to", p.to},
          {"data", p.data},        {"value", p.value}, {"uri", p.uri}};
}

boost::json::object SafeBatchFile(const std::vector<PreparedTransfer>& transfers,
                                  const std::string& name, const std::string& description,
                                  base::TimeMs created_at) {
  boost::json::array txs;
  for (const auto& t : transfers)
    txs.push_back({{"to", t.to}, {"value", t.value}, {"data", t.data}});
  std::string chain = transfers.empty() ? "" : std::to_string(transfers.front().chain_id);
  std::string safe = transfers.empty() ? "" : transfers.front().from;
  return {
      {"version", "1.0"},
      {"chainId", chain},
      {"createdAt", created_at},
      {"meta", {{"name", name}, {"description", description}, {"createdFromSafeAddress", safe}}},
      {"transactions", std::move(txs)},
  };
}

}  // namespace payd::domain
