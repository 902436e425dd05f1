// The files of web/ and the JS SDK (sdk/js/payd.js, payd.d.ts), compiled into
// the binary by the build (cmake/embed_files.cmake generates the definition),
// so that payd serves its pages with nothing beside it on disk.
#pragma once

#include <vector>

#include "base/embedded_file.h"

namespace payd::html {

using EmbeddedFile = base::EmbeddedFile;

// Sorted by path; static storage, read-only, shared freely between threads.
const std::vector<EmbeddedFile>& EmbeddedFiles();

// The API reference, the same way: "openapi.json" (docs/openapi.yaml converted at build time)
// and "redoc.standalone.js" (Redoc's bundle from npm, or cmake/redoc-missing.js without it).
const std::vector<EmbeddedFile>& ReferenceFiles();

}  // namespace payd::html
