#include "chain/proven_transfers.h"

#include "chain/block_proof.h"
#include "chain/evm.h"
#include "chain/rpc_decode.h"

namespace payd::chain {

namespace {

bool SameHex(const boost::json::value* a, const std::string& b) {
  return a && a->is_string() && LowerHex(a->as_string()) == LowerHex(b);
}

}  // namespace

std::optional<std::vector<domain::ObservedTransfer>> ProvenTokenTransfers(
    const BlockEvidence& evidence, const std::string& agreed_hash, const domain::ChainInfo& chain) {
  const auto* header = evidence.header.if_object();
  const auto* receipts = evidence.receipts.if_array();
  if (!header || !receipts) return std::nullopt;
  if (HeaderHash(*header) != LowerHex(agreed_hash)) return std::nullopt;
  auto root = ReceiptsRoot(*receipts);
  if (!root || !SameHex(header->if_contains("receiptsRoot"), *root)) return std::nullopt;
  try {
    domain::BlockHeader block = DecodeHeader(evidence.header);
    std::vector<domain::ObservedTransfer> out;
    std::int64_t log_index = 0;
    for (const auto& receipt : *receipts) {
      const auto& logs = receipt.as_object().at("logs").as_array();
      for (const auto& log : logs) {
        auto transfer = DecodeTransferLog(log, chain);
        std::int64_t index = log_index++;
        if (!transfer) continue;
        // Where the log is, from what the root proves: never the answer's own fields.
        transfer->block_number = block.number;
        transfer->block_hash = agreed_hash;
        transfer->block_time = block.time;
        transfer->log_index = index;
        transfer->position = "log:" + std::to_string(index);
        const auto& tx_hash = receipt.as_object().at("transactionHash");
        if (tx_hash.is_string()) transfer->tx_hash = std::string(tx_hash.as_string());
        out.push_back(std::move(*transfer));
      }
    }
    return out;
  } catch (const std::exception&) {
    return std::nullopt;  // a field the decoding needs is missing or malformed
  }
}

}  // namespace payd::chain
