// A refund's transfer, ready for the merchant's wallet to sign (issue 37 item
// 3): the exact call from the payout address (`to`, `data`, `value`, as any
// signer takes them, and as EIP-1193's eth_sendTransaction does in the
// dashboard's browser wallet), the EIP-681 URI a phone wallet scans, and the
// Safe Transaction Builder's batch file for funds held in a Safe. payd signs
// nothing: what a wallet sends is then matched on chain (refund_ledger.h).
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "base/time.h"
#include "domain/money/amount.h"

namespace payd::domain {

struct TransferOut {
  std::int64_t chain_id = 0;
  std::string from;                          // the payout address that sends it
  std::optional<std::string> token_address;  // none: the native coin
  std::string recipient;
  Uint256 amount = 0;
};

struct PreparedTransfer {
  std::int64_t chain_id = 0;
  std::string from;
  std::string to;     // the token contract, or the recipient of native coin
  std::string data;   // "0x" + ERC-20 transfer(recipient, amount), or "0x"
  std::string value;  // wei, decimal: "0" for a token
  std::string uri;    // EIP-681
};

PreparedTransfer PrepareTransfer(const TransferOut& transfer);
// {chainId, from, to, data, value, uri}: the API's view of it.
boost::json::object PreparedTransferView(const PreparedTransfer& prepared);

// The Safe Transaction Builder's batch file ("Load" in its app) of these
// transfers, all from one Safe on one chain: version "1.0", chainId, createdAt,
// meta (name, description, createdFromSafeAddress) and transactions {to,
// value, data}. The builder executes them as one MultiSend.
boost::json::object SafeBatchFile(const std::vector<PreparedTransfer>& transfers,
                                  const std::string& name, const std::string& description,
                                  base::TimeMs created_at);

}  // namespace payd::domain
