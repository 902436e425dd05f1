// A refund's transfer, prepared for the merchant's wallet (domain/refunds/
// refund_transfer.h): the cases are tests/unit/data/refund_transfers.tsv, worked
// out from the Solidity ABI and EIP-681; the Safe Transaction Builder file's
// shape is the builder's (version "1.0", chainId as a string, transactions of
// to/value/data).
#include "domain/refunds/refund_transfer.h"

#include <gtest/gtest.h>

#include "test_data.h"

namespace payd {
namespace {

TEST(RefundTransfer, PreparedAsTheTableSays) {
  auto cases = testing::ReadCases("refund_transfers.tsv");
  ASSERT_GE(cases.size(), 6u);
  for (const auto& c : cases) {
    SCOPED_TRACE("refund_transfers.tsv:" + std::to_string(c.line));
    ASSERT_EQ(c.columns.size(), 9u);
    domain::TransferOut out;
    out.chain_id = std::stoll(c.columns[0]);
    out.from = c.columns[1];
    if (c.columns[2] != "native") out.token_address = c.columns[2];
    out.recipient = c.columns[3];
    out.amount = *domain::ParseUnits(c.columns[4]);
    auto p = domain::PrepareTransfer(out);
    EXPECT_EQ(p.chain_id, out.chain_id);
    EXPECT_EQ(p.from, out.from);
    EXPECT_EQ(p.to, c.columns[5]);
    EXPECT_EQ(p.data, c.columns[6]);
    EXPECT_EQ(p.value, c.columns[7]);
    EXPECT_EQ(p.uri, c.columns[8]);
  }
}

TEST(RefundTransfer, SafeBatchFileHasTheBuildersShape) {
  domain::TransferOut out{8453, "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
                          "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                          "0x90F79bf6EB2c4f870365E785982E1f101E93b906", 5};
  auto file = domain::SafeBatchFile({domain::PrepareTransfer(out)}, "payd refund re_x", "why",
                                    1700000000000);
  EXPECT_EQ(file.at("version").as_string(), "1.0");
  EXPECT_EQ(file.at("chainId").as_string(), "8453");
  EXPECT_EQ(file.at("createdAt").as_int64(), 1700000000000);
  const auto& meta = file.at("meta").as_object();
  EXPECT_EQ(meta.at("name").as_string(), "payd refund re_x");
  EXPECT_EQ(meta.at("createdFromSafeAddress").as_string(), out.from);
  const auto& txs = file.at("transactions").as_array();
  ASSERT_EQ(txs.size(), 1u);
  EXPECT_EQ(txs[0].at("to").as_string(), "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
  EXPECT_EQ(txs[0].at("value").as_string(), "0");
  EXPECT_EQ(txs[0].at("data").as_string().size(), 2u + 8 + 64 + 64);
}

}  // namespace
}  // namespace payd
