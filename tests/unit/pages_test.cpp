// The pages layer's pure parts: language negotiation and amount formatting
// (tables in tests/unit/data), the QR code's SVG, escaping for data blocks.
#include <gtest/gtest.h>
#include <qrencode.h>

#include <boost/json/parse.hpp>
#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "html/html.h"
#include "html/i18n.h"
#include "html/qr.h"
#include "test_data.h"

namespace payd::pages {
namespace {

std::string Column(const std::string& text) {
  return text == "-" ? "" : text;
}

TEST(Pages, AcceptLanguageTable) {
  const std::vector<std::string> offered = {"de", "en", "es", "fr"};
  auto cases = testing::ReadCases("accept_language.tsv");
  ASSERT_GT(cases.size(), 10u);
  for (const auto& c : cases) {
    ASSERT_EQ(c.columns.size(), 4u) << "accept_language.tsv line " << c.line;
    EXPECT_EQ(html::NegotiateLanguage(offered, Column(c.columns[0]), Column(c.columns[1]),
                                      Column(c.columns[2])),
              c.columns[3])
        << "accept_language.tsv line " << c.line;
  }
}

TEST(Pages, AmountFormatTable) {
  auto cases = testing::ReadCases("amount_format.tsv");
  ASSERT_GT(cases.size(), 10u);
  for (const auto& c : cases) {
    ASSERT_EQ(c.columns.size(), 4u) << "amount_format.tsv line " << c.line;
    EXPECT_EQ(html::FormatAmount(c.columns[0], {c.columns[1], c.columns[2]}), c.columns[3])
        << "amount_format.tsv line " << c.line;
  }
}

TEST(Pages, DatesFollowTheCatalogPattern) {
  // 2026-03-04T05:06:00Z
  EXPECT_EQ(html::FormatDateTime(1772600760000, "{day}.{month}.{year}, {hour}:{minute} UTC"),
            "04.03.2026, 05:06 UTC");
}

TEST(Pages, ScriptJsonCannotCloseItsElement) {
  std::string json = html::ScriptJson(boost::json::value{{"name", "</script><!--&"}});
  EXPECT_EQ(json.find('<'), std::string::npos);
  EXPECT_EQ(json.find('>'), std::string::npos);
  EXPECT_EQ(json.find('&'), std::string::npos);
  EXPECT_EQ(boost::json::parse(json).at("name").as_string(), "</script><!--&");
}

// The dark modules the SVG's path draws, as (x, y) in SVG units. The path
// must be nothing but runs "M<x> <y>h<n>v1h-<n>z".
std::set<std::pair<int, int>> DrawnModules(const std::string& path) {
  std::set<std::pair<int, int>> dark;
  std::istringstream in(path);
  while (in.peek() != EOF) {
    int x = 0, y = 0, n = 0, back = 0;
    char m = 0, space = 0, h = 0, v = 0, one = 0, h2 = 0, minus = 0, z = 0;
    in >> m >> x;
    in.get(space);
    in >> y >> h >> n >> v >> one >> h2 >> minus >> back >> z;
    EXPECT_TRUE(in && m == 'M' && space == ' ' && h == 'h' && v == 'v' && one == '1' && h2 == 'h' &&
                minus == '-' && z == 'z' && n == back)
        << "not a run at offset " << in.tellg();
    if (!in) break;
    for (int i = 0; i < n; ++i) dark.insert({x + i, y});
  }
  return dark;
}

TEST(Pages, QrSvgIsWellFormedAndDrawsExactlyTheEncodedModules) {
  const std::string uri =
      "ethereum:0x5FbDB2315678afecb367f032d93F642f64180aa3@31337/transfer?address="
      "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC&uint256=25000017";
  std::string svg = html::QrSvg(uri, {"qr", "QR code to pay <25> & more"});

  // Well-formed XML, with the accessible name escaped.
  boost::property_tree::ptree tree;
  std::istringstream in(svg);
  ASSERT_NO_THROW(boost::property_tree::read_xml(in, tree));
  EXPECT_EQ(tree.get<std::string>("svg.<xmlattr>.role"), "img");
  EXPECT_EQ(tree.get<std::string>("svg.<xmlattr>.aria-label"), "QR code to pay <25> & more");
  EXPECT_EQ(tree.get<std::string>("svg.title"), "QR code to pay <25> & more");
  EXPECT_EQ(tree.get_child("svg").count("path"), 1u);

  // The same symbol libqrencode makes for the URI at level M: the SVG is a
  // faithful drawing (version, every module) plus a 4-module quiet zone.
  QRcode* code = QRcode_encodeString8bit(uri.c_str(), 0, QR_ECLEVEL_M);
  ASSERT_NE(code, nullptr);
  const int width = code->width;
  EXPECT_EQ(width, 17 + 4 * code->version);
  const int size = width + 2 * html::kQrQuietZone;
  EXPECT_EQ(tree.get<std::string>("svg.<xmlattr>.viewBox"),
            "0 0 " + std::to_string(size) + " " + std::to_string(size));
  auto dark = DrawnModules(tree.get<std::string>("svg.path.<xmlattr>.d"));
  std::set<std::pair<int, int>> expected;
  for (int y = 0; y < width; ++y) {
    for (int x = 0; x < width; ++x) {
      if (code->data[y * width + x] & 1)
        expected.insert({x + html::kQrQuietZone, y + html::kQrQuietZone});
    }
  }
  QRcode_free(code);
  EXPECT_EQ(dark, expected);
  for (const auto& [x, y] : dark) {
    EXPECT_GE(std::min(x, y), html::kQrQuietZone) << "a module in the quiet zone";
    EXPECT_LT(std::max(x, y), size - html::kQrQuietZone) << "a module in the quiet zone";
  }
  // A finder pattern's dark 7x7 ring in the top-left corner: this is a QR code.
  for (int i = 0; i < 7; ++i) {
    EXPECT_TRUE(dark.contains({html::kQrQuietZone + i, html::kQrQuietZone}));
    EXPECT_TRUE(dark.contains({html::kQrQuietZone, html::kQrQuietZone + i}));
  }
  EXPECT_FALSE(dark.contains({html::kQrQuietZone + 1, html::kQrQuietZone + 1}));
  EXPECT_LT(svg.size(), 12000u) << "one path stays small (one <rect> per module would be ~60 KB)";
}

TEST(Pages, QrRefusesDataBeyondAnyVersion) {
  EXPECT_THROW(html::QrSvg(std::string(4000, 'x'), {"qr", "x"}), std::runtime_error);
}

}  // namespace
}  // namespace payd::pages

namespace payd::pages {
namespace {

// The layer order (DEVELOPERS.md): pages call the domain as api/ does, never
// api/ itself nor a store implementation.
TEST(Pages, LayerNeverIncludesApiOrStore) {
  namespace fs = std::filesystem;
  int files = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(PAYD_SOURCE_DIR) / "src" / "pages")) {
    std::ifstream in(entry.path());
    std::string line;
    ++files;
    while (std::getline(in, line)) {
      EXPECT_FALSE(line.starts_with("#include \"api/")) << entry.path() << ": " << line;
      EXPECT_FALSE(line.starts_with("#include \"store/")) << entry.path() << ": " << line;
    }
  }
  EXPECT_GT(files, 10);
}

}  // namespace
}  // namespace payd::pages
