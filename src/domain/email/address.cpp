#include "domain/email/address.h"

namespace payd::domain {

bool IsMailAddress(std::string_view text) {
  if (text.empty() || text.size() > 254) return false;
  auto at = text.find('@');
  if (at == 0 || at == std::string_view::npos || text.find('@', at + 1) != std::string_view::npos)
    return false;
  std::string_view domain = text.substr(at + 1);
  if (domain.find('.') == std::string_view::npos || domain.front() == '.' || domain.back() == '.')
    return false;
  for (char c : text) {
    auto u = static_cast<unsigned char>(c);
    if (u <= 0x20 || u >= 0x7f) return false;
    if (std::string_view("<>,;:\"()[]\\").find(c) != std::string_view::npos) return false;
  }
  return true;
}

}  // namespace payd::domain
