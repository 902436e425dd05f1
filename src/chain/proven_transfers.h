// The token transfers a block holds, read from its receipts only once they
// are proven to be that block's (issue 41): the header hashes to the hash a
// quorum of providers agreed on, and the receipts' trie root is that
// header's receiptsRoot. One provider's answer is then enough: a log it made
// up, altered or left out would change the root.
//
// What the receipts commit to is each log's contract, topics and data, in
// order; so a transfer's block, its log index (counted here from its place,
// never read from the answer) and its content are proven. Its transaction
// hash is taken from the receipt as given (the header commits to it only
// through transactionsRoot, not checked here).
#pragma once

#include <boost/json/value.hpp>
#include <optional>
#include <string>
#include <vector>

#include "domain/ledger/payment.h"
#include "domain/money/chain_catalog.h"

namespace payd::chain {

// A block as one provider answered eth_getBlockByNumber(n, false) and eth_getBlockReceipts(n).
struct BlockEvidence {
  boost::json::value header;
  boost::json::value receipts;
};

// Every transfer of the chain's tokens in the block (DecodeTransferLog's
// rules), in log order, with `block_time` set; none when the evidence does
// not prove itself against `agreed_hash`.
std::optional<std::vector<domain::ObservedTransfer>> ProvenTokenTransfers(
    const BlockEvidence& evidence, const std::string& agreed_hash, const domain::ChainInfo& chain);

}  // namespace payd::chain
