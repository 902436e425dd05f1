// The independent providers of one chain, asked the same question at once
// (issue 41): each provider's head, and the hash each returns for given block
// numbers. What counts is decided over their answers by chain/quorum.h; a
// provider that fails or does not answer in time is silent, never wrong.
//
// One client per provider, each a single URL (the reader's failover across
// them is the watcher's RpcClient over rpc_urls). Owned and called by one
// thread at a time (the watcher's, or its read-ahead helper); each question
// runs on a thread per provider, so the slowest provider bounds a round, not
// the sum of them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "chain/block_source.h"
#include "chain/rpc_client.h"
#include "domain/money/chain_catalog.h"

namespace payd::chain {

class ProviderQuorum {
 public:
  // One client per URL of chain.rpc_urls; `options` as the reader's, with
  // fewer retries (a provider that fails a round is asked again the next).
  ProviderQuorum(const domain::ChainInfo& chain, RpcOptions options);
  ~ProviderQuorum();

  std::size_t size() const { return clients_.size(); }
  std::size_t quorum() const { return quorum_; }
  // A provider's URL without its path and query (which may hold an API key).
  std::string Name(std::size_t provider) const;

  // Each provider's head ("latest"), or the number of its "safe" or
  // "finalized" block; none where it failed or has no such tag.
  std::vector<std::optional<std::int64_t>> Heads(const char* tag = "latest");
  // [provider][i]: the hash the provider returns for block numbers[i]; none
  // where it failed, or has no such block yet.
  std::vector<std::vector<std::optional<std::string>>> Hashes(
      const std::vector<std::int64_t>& numbers);
  // Block `number` as `provider` answers it (BlockSource::Evidence). Throws RpcError.
  BlockEvidence Evidence(std::size_t provider, std::int64_t number);
  // The token transfers (BlockSource's) to `recipients` and from `senders`
  // in [from, to] as each of `providers` answers eth_getLogs, by the order of
  // `providers`; none where it failed.
  std::vector<std::optional<std::vector<domain::ObservedTransfer>>> TokenTransfers(
      const std::vector<std::size_t>& providers, std::int64_t from, std::int64_t to,
      const std::set<std::string>& recipients, const std::set<std::string>& senders);
  // The same for native transfers (BlockSource::NativeTransfers).
  std::vector<std::optional<std::vector<domain::ObservedTransfer>>> NativeTransfers(
      const std::vector<std::size_t>& providers, std::int64_t from, std::int64_t to,
      const std::set<std::string>& recipients, const std::set<std::string>& senders);

 private:
  std::vector<std::unique_ptr<RpcClient>> clients_;
  std::vector<std::unique_ptr<BlockSource>> sources_;  // one per client: its limits learnt
  std::vector<std::string> names_;
  std::vector<std::size_t> all_;  // 0 .. size()-1
  std::size_t quorum_;
};

}  // namespace payd::chain
