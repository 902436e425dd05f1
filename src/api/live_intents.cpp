#include "api/live_intents.h"

namespace payd::api {

LiveIntents::Slot LiveIntents::TryOpen(const std::string& client, int max_per_client, int max_total,
                                       Refusal* why) {
  std::lock_guard lock(mu_);
  Refusal refusal = total_ >= max_total ? Refusal::kFull : Refusal::kNone;
  int& open = open_[client];
  if (refusal == Refusal::kNone && open >= max_per_client) refusal = Refusal::kClientFull;
  if (why) *why = refusal;
  if (refusal != Refusal::kNone) {
    if (open == 0) open_.erase(client);
    return nullptr;
  }
  ++open;
  ++total_;
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
  --total_;
  if (--it->second <= 0) open_.erase(it);
}

}  // namespace payd::api
