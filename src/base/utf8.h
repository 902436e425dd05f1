// Text that came off the network made fit for JSON, which must be UTF-8
// (RFC 8259): Boost.JSON writes a string's bytes as they are, so a request
// path, header or query parameter quoted in an error or a log line could
// otherwise make the whole document invalid.
#pragma once

#include <string>
#include <string_view>

namespace payd::base {

// `text` with every byte that is not part of a well-formed UTF-8 sequence
// (stray, truncated, overlong, surrogate, beyond U+10FFFF) replaced by U+FFFD.
std::string ValidUtf8(std::string_view text);

}  // namespace payd::base
