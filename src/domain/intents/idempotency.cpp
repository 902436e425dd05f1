#include "domain/intents/idempotency.h"

#include <algorithm>

namespace payd::domain {

std::optional<std::string> IdempotencyKeyProblem(std::string_view key) {
  if (key.empty() || key.size() > 255) return "Idempotency-Key must be 1 to 255 characters";
  bool printable =
      std::all_of(key.begin(), key.end(), [](char c) { return c >= 0x21 && c <= 0x7e; });
  if (!printable) return "Idempotency-Key must be printable ASCII without spaces";
  return std::nullopt;
}

}  // namespace payd::domain
