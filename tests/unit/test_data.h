// Reads the tab-separated case tables in tests/unit/data. Lines starting
// with '#' and blank lines are skipped; each case records its line number so
// a failure points at the line to look at.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace payd::testing {

struct Case {
  int line = 0;
  std::vector<std::string> columns;
};

inline std::vector<Case> ReadCases(const std::string& name) {
  std::ifstream in(std::string(PAYD_TEST_DATA_DIR) + "/" + name);
  std::vector<Case> cases;
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    if (text.empty() || text[0] == '#') continue;
    Case c{line, {}};
    std::stringstream row(text);
    for (std::string col; std::getline(row, col, '\t');) c.columns.push_back(col);
    if (!text.empty() && text.back() == '\t') c.columns.push_back("");
    cases.push_back(std::move(c));
  }
  return cases;
}

// A column as written in a table: \n, \r, \t and \\ stand for a line feed, a
// carriage return, a tab and a backslash; any other backslash is itself.
inline std::string Unescape(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char next = i + 1 < text.size() ? text[i + 1] : '\0';
    if (text[i] != '\\' || (next != 'n' && next != 'r' && next != 't' && next != '\\')) {
      out.push_back(text[i]);
      continue;
    }
    ++i;
    out.push_back(next == 'n' ? '\n' : next == 'r' ? '\r' : next == 't' ? '\t' : '\\');
  }
  return out;
}

// A column's space-separated words.
inline std::vector<std::string> Words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

}  // namespace payd::testing
