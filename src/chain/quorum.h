// What independent providers of one chain agree on (issue 41): the highest
// block a quorum of them has reached, and the hash a quorum returns for one
// block number. Pure functions over their answers, so that a lagging
// provider delays nothing and a racing or lying one confirms nothing.
//
// A quorum is more than half of the providers (config checks it), so two
// different hashes can never both reach it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace payd::chain {

// The `quorum`-th highest of the heads the providers answered (none: it did
// not answer in time): the highest block at least `quorum` providers have.
// None when fewer than `quorum` answered.
std::optional<std::int64_t> QuorumHead(const std::vector<std::optional<std::int64_t>>& heads,
                                       std::size_t quorum);

// The providers' answers for one block number (by provider index; none: no answer).
struct HashAgreement {
  std::optional<std::string> hash;  // the one at least `quorum` providers returned
  std::vector<std::size_t> others;  // providers that returned another hash
  std::vector<std::size_t> silent;  // providers that did not answer
  // Whether the answers that came disagree (so confirmations must wait,
  // whether or not a quorum was reached).
  bool Disagreement() const { return !others.empty(); }
};
HashAgreement AgreeOnHash(const std::vector<std::optional<std::string>>& hashes,
                          std::size_t quorum);

}  // namespace payd::chain
