// Compression of what the pages layer serves: assets once at start-up,
// pages on each response (a few KB; zlib takes microseconds).
#pragma once

#include <string>
#include <string_view>

#include "http/message.h"

namespace payd::html {

// gzip format (RFC 1952), best compression.
std::string Gzip(std::string_view data);

// True when the request's Accept-Encoding takes gzip (a "gzip" or "*" coding
// with a q-value above 0).
bool AcceptsGzip(const http::Request& req);

}  // namespace payd::html
