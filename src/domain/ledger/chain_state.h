// What payd remembers of each chain it watches: the canonical blocks near the
// head (to detect reorganisations by hash and parentHash) and a cursor, the
// last block fully processed. Both live in the store, so a restart resumes
// exactly where the last transaction left off.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/time.h"

namespace payd::domain {

struct BlockHeader {
  std::int64_t number = 0;
  std::string hash;
  std::string parent_hash;
  base::TimeMs time = 0;  // the block's timestamp
};

// Where the chain stands in one poll: the tip, and the tags for chains whose
// confirmation policy is "safe" or "finalized".
struct ChainHead {
  std::int64_t latest = 0;
  std::optional<std::int64_t> safe;
  std::optional<std::int64_t> finalized;
  base::TimeMs time = 0;  // timestamp of the last processed block: payd's clock for this chain
};

// A payout address payd watches on a chain, and the tenants it belongs to.
struct WatchedAddress {
  std::string address;  // EIP-55
  std::vector<std::string> tenant_ids;
  std::vector<std::string> tokens;  // symbols allowed by the integrations paying out here

  bool operator==(const WatchedAddress&) const = default;
};

// How watching a chain goes in this process, for people (the dashboard's
// overview): the tip the node reported, the last block processed, and the
// last RPC error. Kept in memory by chain/chain_status.h.
struct ChainWatchStatus {
  std::int64_t head = 0;
  std::int64_t processed = 0;
  bool leading = false;  // false: another process watches it (or none yet)
  base::TimeMs updated_at = 0;
  std::string last_error;
  base::TimeMs last_error_at = 0;
  // What the chain's providers disagree on while no quorum agrees (nothing
  // confirms meanwhile); empty when they agree or there is one provider.
  std::string disagreement;
  base::TimeMs disagreement_since = 0;
};

}  // namespace payd::domain
