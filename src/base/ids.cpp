#include "base/ids.h"

#include "base/crypto.h"

namespace payd::base {

std::string NewId(std::string_view prefix) {
  return std::string(prefix) + Base32Encode(RandomBytes(16));
}

}  // namespace payd::base
