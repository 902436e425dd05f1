#include "chain/chain_status.h"

#include <map>
#include <mutex>
#include <string>

namespace payd::chain {

namespace {

std::mutex mu;
std::map<std::int64_t, domain::ChainWatchStatus>& Board() {
  static std::map<std::int64_t, domain::ChainWatchStatus> board;
  return board;
}

template <typename Fn>
void Update(std::int64_t chain_id, Fn&& fn) {
  std::lock_guard lock(mu);
  auto& status = Board()[chain_id];
  fn(status);
  status.updated_at = base::NowMs();
}

}  // namespace

void NoteHead(std::int64_t chain_id, std::int64_t head) {
  Update(chain_id, [&](auto& s) { s.head = head; });
}

void NoteProcessed(std::int64_t chain_id, std::int64_t block) {
  Update(chain_id, [&](auto& s) { s.processed = block; });
}

void NoteLeading(std::int64_t chain_id, bool leading) {
  Update(chain_id, [&](auto& s) { s.leading = leading; });
}

void NoteRpcError(std::int64_t chain_id, std::string_view error) {
  std::lock_guard lock(mu);
  auto& status = Board()[chain_id];
  status.last_error = std::string(error);
  status.last_error_at = base::NowMs();
}

std::map<std::int64_t, std::vector<std::string>>& Stopped() {
  static std::map<std::int64_t, std::vector<std::string>> stopped;
  return stopped;
}

void NoteStopped(std::int64_t chain_id, std::vector<std::string> reasons) {
  std::lock_guard lock(mu);
  if (reasons.empty()) {
    Stopped().erase(chain_id);
  } else {
    Stopped()[chain_id] = std::move(reasons);
  }
}

std::vector<std::string> StoppedReasonsOf(std::int64_t chain_id) {
  std::lock_guard lock(mu);
  auto it = Stopped().find(chain_id);
  return it == Stopped().end() ? std::vector<std::string>{} : it->second;
}

std::vector<std::string> StoppedReasons() {
  std::lock_guard lock(mu);
  std::vector<std::string> out;
  for (const auto& [chain_id, reasons] : Stopped()) {
    for (const auto& reason : reasons)
      out.push_back("chain " + std::to_string(chain_id) + ": " + reason);
  }
  return out;
}

void NoteDisagreement(std::int64_t chain_id, std::string what) {
  std::lock_guard lock(mu);
  auto& status = Board()[chain_id];
  if (what.empty()) {
    status.disagreement.clear();
    status.disagreement_since = 0;
    return;
  }
  if (status.disagreement.empty()) status.disagreement_since = base::NowMs();
  status.disagreement = std::move(what);
}

std::vector<std::string> Disagreements() {
  std::lock_guard lock(mu);
  std::vector<std::string> out;
  for (const auto& [chain_id, status] : Board()) {
    if (!status.disagreement.empty())
      out.push_back("chain " + std::to_string(chain_id) + ": " + status.disagreement);
  }
  return out;
}

std::optional<domain::ChainWatchStatus> StatusOf(std::int64_t chain_id) {
  std::lock_guard lock(mu);
  auto found = Board().find(chain_id);
  if (found == Board().end()) return std::nullopt;
  return found->second;
}

}  // namespace payd::chain
