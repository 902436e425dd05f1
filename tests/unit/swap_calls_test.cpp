// The calldata of a payer's swap (domain/conversion/swap_calls.h) against an
// independent ABI encoder's: tests/unit/data/swap_calls.tsv, one call a line.
#include "domain/conversion/swap_calls.h"

#include <gtest/gtest.h>

#include <map>

#include "test_data.h"

namespace payd {
namespace {

using testing::Words;

domain::Uint256 Units(const std::string& text) {
  return *domain::ParseUnits(text);
}

TEST(SwapCalls, EncodeAsViemDoes) {
  auto cases = testing::ReadCases("swap_calls.tsv");
  ASSERT_GE(cases.size(), 7u);
  std::map<std::string, std::string> made;  // by call name, for multicall's rows
  for (const auto& c : cases) {
    SCOPED_TRACE("swap_calls.tsv:" + std::to_string(c.line));
    ASSERT_EQ(c.columns.size(), 3u);
    const std::string& call = c.columns[0];
    auto a = Words(c.columns[1]);
    std::string got;
    if (call == "quote") {
      got = domain::QuoteExactOutputSingleData(a[0], a[1], Units(a[2]),
                                               static_cast<unsigned>(std::stoul(a[3])));
    } else if (call == "exactOutputSingle") {
      got = domain::ExactOutputSingleData(
          {a[0], a[1], static_cast<unsigned>(std::stoul(a[2])), a[3], Units(a[4]), Units(a[5])});
    } else if (call == "refundETH") {
      got = domain::RefundEthData();
    } else if (call == "multicall") {
      std::vector<std::string> inner;
      for (std::size_t i = 1; i < a.size(); ++i) inner.push_back(made.at(a[i]));
      got = domain::MulticallData(std::stoll(a[0]), inner);
    } else if (call == "approve") {
      got = domain::ApproveData(a[0], Units(a[1]));
    } else if (call == "allowance") {
      got = domain::AllowanceData(a[0], a[1]);
    } else {
      FAIL() << "unknown call " << call;
    }
    EXPECT_EQ(got, c.columns[2]);
    made[call] = got;
  }
}

TEST(SwapCalls, FirstWordReadsAnAmountAndRefusesLess) {
  std::string word = std::string(60, '0') + "1f4a";
  EXPECT_EQ(domain::FirstWord("0x" + word + std::string(64, 'f')), domain::Uint256(0x1f4a));
  EXPECT_EQ(domain::FirstWord(word), domain::Uint256(0x1f4a));
  EXPECT_FALSE(domain::FirstWord("0x1f4a"));
  EXPECT_FALSE(domain::FirstWord(std::string(63, '0') + "g"));
  EXPECT_EQ(domain::FirstWord(std::string(64, 'f')), domain::Uint256(domain::MaxUint256()));
}

}  // namespace
}  // namespace payd
