#include "base/public_suffix.h"

#include <libpsl.h>

#include <string>

namespace payd::base {

namespace {

// Loaded once, then only read (libpsl's lookups are thread-safe); never
// freed, like any process-wide table.
const psl_ctx_t* List() {
  static const psl_ctx_t* list = [] {
    const psl_ctx_t* latest = psl_latest(nullptr);
    return latest ? latest : psl_builtin();
  }();
  return list;
}

}  // namespace

bool IsPublicSuffix(std::string_view host) {
  const psl_ctx_t* list = List();
  if (!list || host.empty()) return false;
  std::string name(host);
  while (!name.empty() && name.back() == '.') name.pop_back();  // "com." is "com"
  return psl_is_public_suffix2(list, name.c_str(), PSL_TYPE_ANY | PSL_TYPE_NO_STAR_RULE) != 0;
}

}  // namespace payd::base
