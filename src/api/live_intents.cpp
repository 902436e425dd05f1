#include "api/live_intents.h"

namespace payd::api {

LiveIntents::Slot LiveIntents::TryOpen(const std::string& client, int max_per_client) {
  std::lock_guard lock(mu_);
  int& open = open_[client];
  if (open >= max_per_client) {
    if (open == 0) open_.erase(client);
    return nullptr;
  }
  ++open;
  // The LiveIntents outlives every stream (ApiContext outlives the server).
  return Slot(static_cast<void*>(this), [this, client](void*) { Close(client); });
}

int LiveIntents::OpenStreams(const std::string& client) {
  std::lock_guard lock(mu_);
  auto it = open_.find(client);
  return it == open_.end() ? 0 : it->second;
}

void LiveIntents::Close(const std::string& client) {
  std::lock_guard lock(mu_);
  auto it = open_.find(client);
  if (it == open_.end()) return;
  if (--it->second <= 0) open_.erase(it);
}

}  // namespace payd::api
