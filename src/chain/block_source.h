// Reads what payd needs from one chain's JSON-RPC node: block headers, ERC-20
// Transfer logs to watched addresses, and native transfers (transaction
// values, and optionally values sent by contracts, from traces). Knows JSON-RPC
// and the chain's tokens, nothing about intents.
//
// Requests adapt to the provider: a range error or a time-out halves the
// eth_getLogs span, and a time-out halves a batch of full blocks (each down to
// one block); success lets them grow again, the batch slowly.
//
// Native transfers need every block read whole, which costs a catch-up far
// more than its logs. Over a long range, the blocks where no recipient can
// have received anything are proven so from account state and skipped:
// between two blocks (named by hash, EIP-1898) where a recipient has no code
// and the same nonce, it sent nothing and ran nothing, so its balance can only
// have grown; an equal balance means that nothing reached it. A range where
// some recipient's state moved is halved until the halves are small enough to
// read. A node without the history to answer (not an archive node) gets every
// block read, as before. (What the proof cannot see: a contract created at a
// payout address and destroyed again inside the span; payout addresses are
// wallets, and a wallet contract has code and is read whole.)
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "chain/proven_transfers.h"
#include "chain/rpc_client.h"
#include "domain/ledger/chain_state.h"
#include "domain/ledger/payment.h"
#include "domain/money/chain_catalog.h"

namespace payd::chain {

class BlockSource {
 public:
  BlockSource(RpcClient& rpc, const domain::ChainInfo& chain) : rpc_(rpc), chain_(chain) {}

  std::int64_t Latest();
  // The number of the "safe" or "finalized" block; nothing if the node has no such tag.
  std::optional<std::int64_t> Tagged(const char* tag);
  // Headers of these blocks, in the order given. Throws if the node lacks one.
  std::vector<domain::BlockHeader> Headers(const std::vector<std::int64_t>& numbers);
  // The same, taking those of `known` (blocks already read whole) as they are
  // rather than asking for them again.
  std::vector<domain::BlockHeader> Headers(const std::vector<std::int64_t>& numbers,
                                           const std::vector<domain::BlockHeader>& known);

  // These blocks' headers and receipts as the node answers them, for proofs
  // (chain/proven_transfers.h), in the order given. kNotReady when it lacks one yet.
  std::vector<BlockEvidence> Evidence(const std::vector<std::int64_t>& numbers);

  // ERC-20 transfers of the chain's configured tokens to `recipients`
  // (EIP-55) in [from, to]. `block_time` is filled in by the caller.
  std::vector<domain::ObservedTransfer> TokenTransfers(std::int64_t from, std::int64_t to,
                                                       const std::set<std::string>& recipients);
  // The same, sent by `senders` (refunds going out of payout addresses).
  std::vector<domain::ObservedTransfer> TokenTransfersFrom(std::int64_t from, std::int64_t to,
                                                           const std::set<std::string>& senders);
  // Native coin to `recipients` in [from, to]: successful transactions' values,
  // and with trace_internal, values sent by contracts inside transactions;
  // and what `senders` sent (refunds, payouts): their successful transactions'
  // values, and with trace_internal what they sent inside transactions (a
  // Safe's transfers are calls inside its owner's transaction).
  // `scanned` gets the header of every block read, so that the caller can
  // check that they are the blocks it records (a reorganisation during the
  // pass could otherwise hide a block that holds no transfer on the old branch).
  std::vector<domain::ObservedTransfer> NativeTransfers(std::int64_t from, std::int64_t to,
                                                        const std::set<std::string>& recipients,
                                                        const std::set<std::string>& senders,
                                                        std::vector<domain::BlockHeader>& scanned);

 private:
  std::vector<boost::json::value> Logs(std::int64_t from, std::int64_t to,
                                       const boost::json::array& addresses,
                                       const boost::json::array& topics);
  // Native transfers in [from, to], reading every block whole.
  void NativeTransfersIn(std::int64_t from, std::int64_t to,
                         const std::set<std::string>& recipients,
                         const std::set<std::string>& senders,
                         std::vector<domain::BlockHeader>& scanned,
                         std::vector<domain::ObservedTransfer>& out);
  using Range = std::pair<std::int64_t, std::int64_t>;
  // The parts of [from, to] to read whole for native transfers to
  // `recipients`; the headers it read to prove the rest go to `scanned`.
  std::vector<Range> RangesToRead(std::int64_t from, std::int64_t to,
                                  const std::set<std::string>& recipients,
                                  std::vector<domain::BlockHeader>& scanned);
  // Whether no recipient can have received native coin after block `low` up
  // to block `high`; each recipient's state (balance, nonce, code) by block hash in `states`.
  bool NothingReceived(const domain::BlockHeader& low, const domain::BlockHeader& high,
                       const std::set<std::string>& recipients,
                       std::map<std::string, std::vector<std::string>>& states);
  void Traces(std::int64_t number, const std::string& block_hash,
              const std::set<std::string>& recipients, const std::set<std::string>& senders,
              std::vector<domain::ObservedTransfer>& out);

  RpcClient& rpc_;
  const domain::ChainInfo& chain_;
  std::int64_t log_span_ = 2000;   // blocks per eth_getLogs; adapts to the provider
  std::int64_t block_batch_ = 10;  // full blocks per batch; halves on time-outs
  std::int64_t batches_since_timeout_ = 0;
  bool parity_traces_ = false;  // the node lacks debug_traceBlockByNumber; use trace_block
  int state_failures_ = 0;      // proofs from account state the node failed in a row
};

}  // namespace payd::chain
