#include "chain/traces.h"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

namespace payd {
namespace {

// One transaction to contract C (0xc…) in both trace formats. Below it:
//   [0] C pays P 2 wei                      -> an internal transfer
//   [1] C calls D with 1 wei and reverts;
//       [1,0] D pays P 1 wei                -> undone with its parent
//   [2] C delegatecalls L (value inherited) -> moves nothing
//   [3] C calls P with 0 wei                -> moves nothing
constexpr const char* kCallTracer = R"([{"txHash": "0xaa", "result": {
  "type": "CALL", "from": "0xe0", "to": "0xc0", "value": "0x5", "calls": [
    {"type": "CALL", "from": "0xc0", "to": "0xf0", "value": "0x2"},
    {"type": "CALL", "from": "0xc0", "to": "0xd0", "value": "0x1", "error": "execution reverted",
     "calls": [{"type": "CALL", "from": "0xd0", "to": "0xf0", "value": "0x1"}]},
    {"type": "DELEGATECALL", "from": "0xc0", "to": "0x10", "value": "0x3"},
    {"type": "CALL", "from": "0xc0", "to": "0xf0", "value": "0x0"}]}}])";

constexpr const char* kTraceBlock = R"([
  {"type": "call", "action": {"callType": "call", "from": "0xe0", "to": "0xc0", "value": "0x5"},
   "traceAddress": [], "transactionHash": "0xaa"},
  {"type": "call", "action": {"callType": "call", "from": "0xc0", "to": "0xf0", "value": "0x2"},
   "traceAddress": [0], "transactionHash": "0xaa"},
  {"type": "call", "action": {"callType": "call", "from": "0xc0", "to": "0xd0", "value": "0x1"},
   "error": "Reverted", "traceAddress": [1], "transactionHash": "0xaa"},
  {"type": "call", "action": {"callType": "call", "from": "0xd0", "to": "0xf0", "value": "0x1"},
   "traceAddress": [1, 0], "transactionHash": "0xaa"},
  {"type": "call", "action": {"callType": "delegatecall", "from": "0xc0", "to": "0x10",
   "value": "0x3"}, "traceAddress": [2], "transactionHash": "0xaa"},
  {"type": "call", "action": {"callType": "call", "from": "0xc0", "to": "0xf0", "value": "0x0"},
   "traceAddress": [3], "transactionHash": "0xaa"},
  {"type": "reward", "action": {"author": "0xf0", "value": "0x9"}, "traceAddress": []}])";

TEST(InternalTransfers, OnlyValueThatStayedMoved) {
  auto found = chain::FromCallTracer(boost::json::parse(kCallTracer));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].tx_hash, "0xaa");
  EXPECT_EQ(found[0].from, "0xc0");
  EXPECT_EQ(found[0].to, "0xf0");
  EXPECT_EQ(found[0].value, domain::Uint256(2));
}

// A payment's identity includes the position, so a node that answers the
// other method (after failover, say) must not make a second payment of it.
TEST(InternalTransfers, BothFormatsGiveTheSameTransfersAtTheSamePositions) {
  auto geth = chain::FromCallTracer(boost::json::parse(kCallTracer));
  auto parity = chain::FromTraceBlock(boost::json::parse(kTraceBlock));
  ASSERT_EQ(parity.size(), geth.size());
  for (std::size_t i = 0; i < geth.size(); ++i) {
    EXPECT_EQ(parity[i].tx_hash, geth[i].tx_hash);
    EXPECT_EQ(parity[i].position, geth[i].position);
    EXPECT_EQ(parity[i].to, geth[i].to);
    EXPECT_EQ(parity[i].value, geth[i].value);
  }
}

TEST(InternalTransfers, AFailedTransactionMovedNothing) {
  auto geth = chain::FromCallTracer(boost::json::parse(R"([{"txHash": "0xbb", "result": {
    "type": "CALL", "from": "0xe0", "to": "0xc0", "value": "0x0", "error": "out of gas",
    "calls": [{"type": "CALL", "from": "0xc0", "to": "0xf0", "value": "0x2"}]}}])"));
  auto parity = chain::FromTraceBlock(boost::json::parse(R"([
    {"type": "call", "action": {"callType": "call", "from": "0xe0", "to": "0xc0", "value": "0x0"},
     "error": "Out of gas", "traceAddress": [], "transactionHash": "0xbb"},
    {"type": "call", "action": {"callType": "call", "from": "0xc0", "to": "0xf0", "value": "0x2"},
     "traceAddress": [0], "transactionHash": "0xbb"}])"));
  EXPECT_TRUE(geth.empty());
  EXPECT_TRUE(parity.empty());
}

TEST(InternalTransfers, NonsenseIsIgnored) {
  for (const char* text :
       {"null", "{}", "[1, \"x\", {}]", R"([{"result": 5}])",
        R"([{"action": {}, "traceAddress": ["x"], "transactionHash": "0x1"}])"}) {
    EXPECT_TRUE(chain::FromCallTracer(boost::json::parse(text)).empty()) << text;
    EXPECT_TRUE(chain::FromTraceBlock(boost::json::parse(text)).empty()) << text;
  }
}

// Found by fuzzing: a traceAddress step above 2^63-1 made Boost.JSON's
// to_number throw out of FromTraceBlock, so the watcher's pass failed on that
// block forever. Such a frame has no place in its tree; it is skipped like any
// other malformed one, and the rest of the block still counts.
TEST(InternalTransfers, AnOutOfRangeTraceAddressIsSkipped) {
  auto found = chain::FromTraceBlock(boost::json::parse(R"([
    {"type": "call", "action": {"callType": "call", "from": "0xe0", "to": "0xc0", "value": "0x0"},
     "traceAddress": [], "transactionHash": "0xaa"},
    {"type": "call", "action": {"callType": "call", "from": "0xc0", "to": "0xf0", "value": "0x1"},
     "traceAddress": [18446744073709551615], "transactionHash": "0xaa"},
    {"type": "call", "action": {"callType": "call", "from": "0xc0", "to": "0xf0", "value": "0x2"},
     "traceAddress": [0], "transactionHash": "0xaa"}])"));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].value, domain::Uint256(2));
}

}  // namespace
}  // namespace payd
