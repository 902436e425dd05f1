// The `payd` command line: `serve`, `migrate` and the admin commands. Every
// command takes --config FILE and --data-dir DIR; admin commands take --json
// (DECISIONS §10).
#pragma once

namespace payd::cli {

int Main(int argc, char** argv);

}  // namespace payd::cli
