// A file compiled into the binary by the build (cmake/embed_files.cmake):
// its path in the source tree and its bytes, in static storage.
#pragma once

#include <string_view>

namespace payd::base {

struct EmbeddedFile {
  std::string_view path;  // as in the source tree: "web/css/checkout.css"
  std::string_view data;
};

}  // namespace payd::base
