// The layers of src/ hold (issue 35): each folder includes only the folders
// tests/unit/data/layers.tsv allows it, so the arrows between them go one way
// (a surface never reaches into another surface, domain/ into none of them).
// A failure names the file and the include that crosses.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "test_data.h"

namespace payd {
namespace {

namespace fs = std::filesystem;

// PAYD_TEST_DATA_DIR is tests/unit/data: src/ is three folders up.
fs::path SourceRoot() {
  return fs::path(PAYD_TEST_DATA_DIR).parent_path().parent_path().parent_path() / "src";
}

std::map<std::string, std::set<std::string>> AllowedIncludes() {
  std::map<std::string, std::set<std::string>> allowed;
  for (const auto& c : testing::ReadCases("layers.tsv")) {
    std::set<std::string>& may = allowed[c.columns.at(0)];
    if (c.columns.size() < 2) continue;
    std::stringstream words(c.columns[1]);
    for (std::string word; words >> word;) may.insert(word);
  }
  return allowed;
}

TEST(LayersTest, EachFolderIncludesOnlyTheLayersBelowIt) {
  const auto allowed = AllowedIncludes();
  const fs::path root = SourceRoot();
  ASSERT_TRUE(fs::is_directory(root)) << root;
  const std::regex include(R"re(^\s*#\s*include\s+"([a-z_]+)/)re");
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    const std::string ext = entry.path().extension().string();
    if (ext != ".h" && ext != ".cpp") continue;
    fs::path relative = fs::relative(entry.path(), root);
    std::string folder = relative.has_parent_path() ? relative.begin()->string() : ".";
    auto rule = allowed.find(folder);
    ASSERT_NE(rule, allowed.end()) << "src/" << folder << " has no row in layers.tsv";
    ++files;
    if (rule->second.contains("*")) continue;
    std::ifstream in(entry.path());
    int line_number = 0;
    for (std::string line; std::getline(in, line);) {
      ++line_number;
      std::smatch m;
      if (!std::regex_search(line, m, include)) continue;
      std::string target = m[1];
      if (target == folder || !fs::is_directory(root / target)) continue;
      EXPECT_TRUE(rule->second.contains(target))
          << "src/" << relative.string() << ":" << line_number << " includes " << target
          << "/, which layers.tsv does not let " << folder << "/ use";
    }
  }
  EXPECT_GT(files, 100) << "the sources were read";
}

}  // namespace
}  // namespace payd
