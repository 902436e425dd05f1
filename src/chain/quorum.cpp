#include "chain/quorum.h"

#include <algorithm>
#include <functional>
#include <map>

namespace payd::chain {

std::optional<std::int64_t> QuorumHead(const std::vector<std::optional<std::int64_t>>& heads,
                                       std::size_t quorum) {
  std::vector<std::int64_t> answered;
  for (const auto& head : heads) {
    if (head) answered.push_back(*head);
  }
  if (quorum == 0 || answered.size() < quorum) return std::nullopt;
  std::sort(answered.begin(), answered.end(), std::greater<>());
  return answered[quorum - 1];
}

HashAgreement AgreeOnHash(const std::vector<std::optional<std::string>>& hashes,
                          std::size_t quorum) {
  std::map<std::string, std::size_t> votes;
  for (const auto& hash : hashes) {
    if (hash) ++votes[*hash];
  }
  HashAgreement out;
  for (const auto& [hash, count] : votes) {
    if (quorum > 0 && count >= quorum) out.hash = hash;
  }
  for (std::size_t i = 0; i < hashes.size(); ++i) {
    if (!hashes[i]) {
      out.silent.push_back(i);
    } else if (out.hash ? *hashes[i] != *out.hash : votes.size() > 1) {
      // Without a quorum, every answer is in dispute once two differ.
      out.others.push_back(i);
    }
  }
  return out;
}

}  // namespace payd::chain
