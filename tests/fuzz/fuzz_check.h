// What every fuzz target uses to state a property: on failure it prints the
// property, where it is, and the values involved (escaped), then aborts, which
// libFuzzer records as a crash with the input that caused it.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace payd::fuzz {

// Printable ASCII as is, everything else as \xNN: inputs are often binary.
inline std::string Escaped(std::string_view text) {
  std::string out;
  for (unsigned char c : text) {
    if (c >= 0x20 && c < 0x7f && c != '\\') {
      out.push_back(static_cast<char>(c));
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    }
  }
  return out;
}

[[noreturn]] inline void Fail(const char* property, const char* file, int line,
                              std::string_view context) {
  std::fprintf(stderr, "\nPROPERTY FAILED: %s\n  at %s:%d\n  %s\n", property, file, line,
               Escaped(context).c_str());
  std::abort();
}

}  // namespace payd::fuzz

// FUZZ_REQUIRE(condition, context): `context` is any std::string_view-able text
// naming the values involved.
#define FUZZ_REQUIRE(condition, context)                                             \
  do {                                                                               \
    if (!(condition)) ::payd::fuzz::Fail(#condition, __FILE__, __LINE__, (context)); \
  } while (0)
