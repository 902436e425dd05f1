// Reading a fuzz input laid out as lines of comma-separated fields, the way
// the terms targets (v1_intent_terms, integration_terms) take theirs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace payd::fuzz {

// The first `count` lines of the input (missing ones empty).
inline std::vector<std::string> Lines(const std::uint8_t* data, std::size_t size,
                                      std::size_t count) {
  std::vector<std::string> lines;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  for (std::string line; lines.size() < count && std::getline(in, line);) lines.push_back(line);
  lines.resize(count);
  return lines;
}

// A line's comma-separated items; none for an empty line.
inline std::vector<std::string> Split(const std::string& text) {
  std::vector<std::string> out;
  if (text.empty()) return out;
  std::istringstream in(text);
  for (std::string part; std::getline(in, part, ',');) out.push_back(part);
  return out;
}

}  // namespace payd::fuzz
