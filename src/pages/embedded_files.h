// The files of web/ and the JS SDK (sdk/js/payd.js, payd.d.ts), compiled into
// the binary by the build (cmake/embed_files.cmake generates the definition),
// so that payd serves its pages with nothing beside it on disk.
#pragma once

#include <string_view>
#include <vector>

namespace payd::pages {

struct EmbeddedFile {
  std::string_view path;  // as in the source tree: "web/css/checkout.css", "sdk/js/payd.js"
  std::string_view data;
};

// Sorted by path; static storage, read-only, shared freely between threads.
const std::vector<EmbeddedFile>& EmbeddedFiles();

// The API reference, the same way: "openapi.json" (docs/openapi.yaml converted at build time)
// and "redoc.standalone.js" (Redoc's bundle from npm, or cmake/redoc-missing.js without it).
const std::vector<EmbeddedFile>& ReferenceFiles();

}  // namespace payd::pages
