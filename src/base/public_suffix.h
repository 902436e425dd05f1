// Whether a host name is a public suffix ("com", "co.uk", "github.io"): a
// name under which anyone can register or host a site. Answered by libpsl
// (Debian's libpsl-dev) from the list Debian's publicsuffix package keeps
// current (/usr/share/publicsuffix), or from the copy built into libpsl when
// that file is missing. Only the list's own rules count: a name the list
// does not know ("localhost", "shop.test") is not a public suffix here.
#pragma once

#include <string_view>

namespace payd::base {

bool IsPublicSuffix(std::string_view host);

}  // namespace payd::base
