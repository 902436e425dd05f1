// The CSV export's cells (issue 18): RFC 4180 quoting, and no cell a
// spreadsheet would run as a formula (OWASP's CSV injection list).
#include <gtest/gtest.h>

#include "dashboard/csv.h"

namespace payd::dashboard {
namespace {

TEST(Csv, QuotesWhatRfc4180SaysToQuote) {
  EXPECT_EQ(CsvCell("plain"), "plain");
  EXPECT_EQ(CsvCell("a,b"), "\"a,b\"");
  EXPECT_EQ(CsvCell("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(CsvCell("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(CsvRow({"a", "", "c,d"}), "a,,\"c,d\"\r\n");
}

TEST(Csv, NoCellStartsAsAFormula) {
  EXPECT_EQ(CsvCell("=HYPERLINK(\"http://evil\")"), "\"'=HYPERLINK(\"\"http://evil\"\")\"");
  EXPECT_EQ(CsvCell("+1"), "'+1");
  EXPECT_EQ(CsvCell("-2+3"), "'-2+3");
  EXPECT_EQ(CsvCell("@SUM(A1)"), "'@SUM(A1)");
  EXPECT_EQ(CsvCell("\tx"), "'\tx");
  EXPECT_EQ(CsvCell("12.50"), "12.50") << "amounts stay numbers";
  EXPECT_EQ(CsvCell("a=b"), "a=b");
}

}  // namespace
}  // namespace payd::dashboard
