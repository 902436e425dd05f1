#include "http/connection_quota.h"

#include <algorithm>

namespace payd::http {

std::size_t DefaultConnectionsPerClient(std::size_t max_connections) {
  return std::max<std::size_t>(4, max_connections / 8);
}

ConnectionQuota::Verdict ConnectionQuota::Admit(const std::string& client) {
  if (open_ >= total_) return Verdict::kFull;
  if (!client.empty()) {
    std::size_t& held = by_client_[client];
    if (held >= per_client_) return Verdict::kClientFull;
    ++held;
  }
  ++open_;
  return Verdict::kAdmitted;
}

void ConnectionQuota::Release(const std::string& client) {
  if (open_ > 0) --open_;
  if (client.empty()) return;
  auto it = by_client_.find(client);
  if (it == by_client_.end()) return;
  if (--it->second == 0) by_client_.erase(it);
}

bool ConnectionQuota::AdmitRequest(const std::string& client) {
  std::size_t& held = requests_by_client_[client];
  if (held >= per_client_) return false;
  ++held;
  return true;
}

void ConnectionQuota::ReleaseRequest(const std::string& client) {
  auto it = requests_by_client_.find(client);
  if (it == requests_by_client_.end()) return;
  if (--it->second == 0) requests_by_client_.erase(it);
}

}  // namespace payd::http
