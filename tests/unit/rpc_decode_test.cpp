#include "chain/rpc_decode.h"

#include <gtest/gtest.h>

#include <thread>

#include "chain/evm.h"
#include "chain/traces.h"
#include "chain_blocks.h"

namespace payd::chain {
namespace {

constexpr const char* kUsdc = testing::kLocalUsdc;
constexpr const char* kHash = "0x1111111111111111111111111111111111111111111111111111111111111111";

domain::ChainInfo Localnet() {
  return testing::LocalnetWithUsdc();
}

boost::json::value TransferLog(const std::string& data) {
  return ParseReply(std::string(R"({"address":"0x5fbdb2315678afecb367f032d93f642f64180aa3",
    "topics":["0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",
      "0x00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8",
      "0x0000000000000000000000003c44cdddb6a900fa2b585dd299e03d12fa4293bc"],
    "data":")") + data +
                    R"(","blockNumber":"0x10","blockHash":")" + kHash + R"(","transactionHash":")" +
                    kHash + R"(","logIndex":"0x2"})");
}

// A callTracer reply for one transaction whose calls nest `depth` deep and
// whose deepest call pays 0xf0 one wei.
std::string NestedCallTrace(int depth) {
  std::string open, close;
  for (int i = 0; i < depth; ++i) {
    open += R"({"type":"CALL","from":"0xc0","to":"0xc0","value":"0x0","calls":[)";
    close += "]}";
  }
  return R"([{"txHash":"0xaa","result":)" + open +
         R"({"type":"CALL","from":"0xc0","to":"0xf0","value":"0x1"})" + close + "}]";
}

TEST(RpcDecode, ParsesTheDeepestCallTreeTheEvmAllows) {
  // 1,024 nested calls is the EVM's limit; Boost.JSON's default depth of 32
  // failed at about 15. Parsed on a thread like the watcher's, under ASan too.
  std::vector<InternalTransfer> found;
  std::thread watcher([&] { found = FromCallTracer(ParseReply(NestedCallTrace(1024))); });
  watcher.join();
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].to, "0xf0");
  EXPECT_EQ(found[0].position, 1024);
}

TEST(RpcDecode, RefusesWhatIsNotJson) {
  EXPECT_THROW(ParseReply("{\"result\":"), RpcError);
  EXPECT_THROW(ParseReply(std::string(5000, '[')), RpcError);  // deeper than any real reply
}

TEST(RpcDecode, NullBlocksAndReceiptsMeanTheNodeIsBehind) {
  try {
    DecodeHeader(boost::json::value(nullptr));
    FAIL() << "a null block must not decode";
  } catch (const RpcError& e) {
    EXPECT_EQ(e.kind(), RpcError::Kind::kNotReady);
  }
  try {
    DecodeReceiptSucceeded(boost::json::value(nullptr));
    FAIL() << "a null receipt is not a reverted transaction";
  } catch (const RpcError& e) {
    EXPECT_EQ(e.kind(), RpcError::Kind::kNotReady);
  }
  EXPECT_TRUE(DecodeReceiptSucceeded(ParseReply(R"({"status":"0x1"})")));
  EXPECT_FALSE(DecodeReceiptSucceeded(ParseReply(R"({"status":"0x0"})")));
}

TEST(RpcDecode, TransferLogs) {
  auto chain = Localnet();
  auto t = DecodeTransferLog(TransferLog("0x0f4240"), chain);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->amount, 1000000);
  EXPECT_EQ(t->token_symbol, "USDC");
  EXPECT_EQ(t->sender, "0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
  EXPECT_EQ(t->recipient, "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
  EXPECT_EQ(t->position, "log:2");
  EXPECT_EQ(t->block_number, 16);
  // Anyone can emit a zero-value Transfer to any address: it pays nothing.
  EXPECT_FALSE(DecodeTransferLog(TransferLog("0x0"), chain));
  EXPECT_FALSE(DecodeTransferLog(
      TransferLog("0x0000000000000000000000000000000000000000000000000000000000000000"), chain));
}

TEST(RpcDecode, BatchResultsFollowTheRequestIds) {
  auto results = BatchResults(
      ParseReply(
          R"([{"jsonrpc":"2.0","id":8,"result":"0x2"},{"jsonrpc":"2.0","id":7,"result":"0x1"}])"),
      7, 2);
  EXPECT_EQ(results[0], "0x1");
  EXPECT_EQ(results[1], "0x2");
  EXPECT_THROW(BatchResults(ParseReply(R"([{"id":7,"result":1},{"id":7,"result":1}])"), 7, 2),
               RpcError);
  EXPECT_THROW(BatchResults(ParseReply(R"([{"id":7,"result":1}])"), 7, 2), RpcError);
}

// Found by fuzzing: the answer's id minus the first request id overflowed (UB,
// caught by UBSan in the sanitizer build) for ids at the ends of int64. An id
// the client never sent is just a malformed batch.
TEST(RpcDecode, BatchIdsAtTheEndsOfInt64AreMalformedNotOverflows) {
  for (const char* reply : {R"([{"id":-9223372036854775808,"result":1}])",
                            R"([{"id":9223372036854775807,"result":1}])"}) {
    for (long first : {1L, -5L, 9223372036854775806L}) {
      try {
        BatchResults(ParseReply(reply), first, 1);
        ADD_FAILURE() << reply << " from " << first;
      } catch (const RpcError& e) {
        EXPECT_EQ(e.kind(), RpcError::Kind::kMalformed) << reply;
      }
    }
  }
}

}  // namespace
}  // namespace payd::chain

namespace payd::chain {
namespace {

TEST(EvmWords, ParseWordReadsEveryLengthUpTo64Digits) {
  using domain::Uint256;
  const Uint256 one = 1;
  const struct {
    std::string hex;
    std::optional<Uint256> value;
  } cases[] = {
      {"0x0", Uint256(0)},
      {"0x1", Uint256(1)},
      {"0xF", Uint256(15)},
      {"0xffffffffffffffff", Uint256(UINT64_MAX)},
      {"0x10000000000000000", one << 64},
      {"0x" + std::string(63, '0') + "1", Uint256(1)},
      {"0x1" + std::string(63, '0'), one << 252},
      {"0x" + std::string(64, 'f'), ~Uint256(0)},
      {"0x00000000000000000000000000000000000000000000000000000000004c4b41", Uint256(5000001)},
      {"0x" + std::string(65, '0'), std::nullopt},
      {"0x", std::nullopt},
      {"0xg", std::nullopt},
      {"12", std::nullopt},
  };
  for (const auto& c : cases) EXPECT_EQ(ParseWord(c.hex), c.value) << c.hex;
}

}  // namespace
}  // namespace payd::chain
