// An admin command that fails says so in one line and exits 1, whatever
// failed: never an abort (cli::Guarded).
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "cli/command_context.h"
#include "domain/store.h"

namespace payd::cli {
namespace {

// What the guarded body wrote to stderr, and the exit code it asked for.
std::pair<std::string, int> RunGuarded(std::function<void()> body) {
  std::ostringstream err;
  auto* old = std::cerr.rdbuf(err.rdbuf());
  int code = 0;
  try {
    Guarded(std::move(body))();
  } catch (const CLI::Error& e) {
    code = e.get_exit_code();
  }
  std::cerr.rdbuf(old);
  return {err.str(), code};
}

TEST(Guarded, EveryFailureIsOneErrorLineAndExitStatusOne) {
  for (auto& [body, line] : std::vector<std::pair<std::function<void()>, std::string>>{
           {[] { throw domain::StoreUnavailable("cannot connect"); },
            "error: database: cannot connect\n"},
           {[] { throw std::runtime_error("postgres: duplicate key (SQLSTATE 23505)"); },
            "error: postgres: duplicate key (SQLSTATE 23505)\n"},
       }) {
    auto [err, code] = RunGuarded(body);
    EXPECT_EQ(err, line);
    EXPECT_EQ(code, 1);
  }
}

TEST(Guarded, ItsOwnExitsKeepTheirMeaning) {
  auto [err, code] = RunGuarded([] { throw CLI::CallForHelp(); });
  EXPECT_EQ(err, "");
  EXPECT_EQ(code, 0);
}

}  // namespace
}  // namespace payd::cli
