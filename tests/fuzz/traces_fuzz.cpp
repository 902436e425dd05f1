// Fuzz target: call traces, the native value contracts move inside
// transactions (chain/traces.h), in both formats nodes answer with.
//
// Input: any bytes, read two ways: as a node's reply body (parsed as the RPC
// client does) given to both trace decoders; and as the recipe
// (FuzzedDataProvider) of call trees, which are then written in both formats,
// Geth's callTracer and OpenEthereum's trace_block.
//
// Properties: the decoders never throw or crash on any reply, and report only
// non-zero values; and the same call trees in the two formats give exactly the
// same transfers at the same positions, which are the value-moving calls and
// creations that did not fail, numbered uniquely.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <boost/json/serialize.hpp>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "base/strings.h"
#include "chain/evm.h"
#include "chain/rpc_decode.h"
#include "chain/traces.h"
#include "fuzz_check.h"

namespace {

namespace chain = payd::chain;
namespace json = boost::json;
using payd::domain::Uint256;

std::string Describe(const std::vector<chain::InternalTransfer>& transfers) {
  std::string out;
  for (const auto& t : transfers) {
    out += t.tx_hash + "#" + std::to_string(t.position) + " " + t.from + "->" + t.to + " " +
           chain::ToQuantity(t.value) + "; ";
  }
  return out;
}

void CheckRawAnswer(std::string_view text) {
  json::value answer;
  try {
    answer = chain::ParseReply(text);  // as the RPC client parses it: up to 4096 levels deep
  } catch (const chain::RpcError&) {
    return;
  }
  for (auto* decode : {&chain::FromCallTracer, &chain::FromTraceBlock}) {
    std::vector<chain::InternalTransfer> found;
    try {
      found = decode(answer);
    } catch (const std::exception& e) {
      FUZZ_REQUIRE(false, std::string("a decoder threw: ") + e.what() + " on " + std::string(text));
    }
    for (const auto& t : found) FUZZ_REQUIRE(t.value != 0, Describe(found));
  }
}

// A call frame as both formats describe it.
struct Frame {
  std::string kind;  // callTracer type: CALL, DELEGATECALL, STATICCALL, CALLCODE, CREATE, ...
  bool failed = false;
  std::string from, to;
  Uint256 value = 0;
  std::vector<std::unique_ptr<Frame>> calls;
};

const char* const kKinds[] = {"CALL",     "CALL",   "DELEGATECALL", "STATICCALL",
                              "CALLCODE", "CREATE", "CREATE2",      "SELFDESTRUCT"};

std::unique_ptr<Frame> MakeFrame(FuzzedDataProvider& in, int depth, int& budget) {
  auto f = std::make_unique<Frame>();
  f->kind = kKinds[in.ConsumeIntegralInRange<int>(0, 7)];
  f->failed = in.ConsumeIntegralInRange<int>(0, 5) == 0;
  f->from = "0x" + std::string(40, "0123456789abcdef"[in.ConsumeIntegralInRange<int>(0, 15)]);
  f->to = "0x" + std::string(40, "0123456789abcdef"[in.ConsumeIntegralInRange<int>(0, 15)]);
  switch (in.ConsumeIntegralInRange<int>(0, 3)) {
    case 0:
      break;
    case 1:
      f->value = in.ConsumeIntegral<std::uint8_t>();
      break;
    default:
      for (int i = 0; i < 4; ++i) f->value = (f->value << 64) | in.ConsumeIntegral<std::uint64_t>();
  }
  int children = depth < 6 ? in.ConsumeIntegralInRange<int>(0, 4) : 0;
  for (int i = 0; i < children && budget > 0; ++i) {
    --budget;
    f->calls.push_back(MakeFrame(in, depth + 1, budget));
  }
  return f;
}

json::object CallTracerFrame(const Frame& f) {
  json::object o{{"type", f.kind}, {"from", f.from}, {"to", f.to}};
  if (f.kind != "SELFDESTRUCT" || f.value != 0) o["value"] = chain::ToQuantity(f.value);
  if (f.failed) o["error"] = "execution reverted";
  if (!f.calls.empty()) {
    json::array calls;
    for (const auto& c : f.calls) calls.push_back(CallTracerFrame(*c));
    o["calls"] = std::move(calls);
  }
  return o;
}

void TraceBlockFrames(const Frame& f, const std::string& tx, json::array& address,
                      json::array& out) {
  json::object action;
  json::object trace{{"traceAddress", address}, {"transactionHash", tx}};
  if (f.kind == "CREATE" || f.kind == "CREATE2") {
    trace["type"] = "create";
    action = {{"from", f.from},
              {"value", chain::ToQuantity(f.value)},
              {"creationMethod", payd::base::AsciiLower(f.kind)}};
    if (!f.failed) trace["result"] = json::object{{"address", f.to}};
  } else if (f.kind == "SELFDESTRUCT") {
    trace["type"] = "suicide";
    action = {
        {"address", f.from}, {"refundAddress", f.to}, {"balance", chain::ToQuantity(f.value)}};
  } else {
    trace["type"] = "call";
    action = {{"callType", payd::base::AsciiLower(f.kind)},
              {"from", f.from},
              {"to", f.to},
              {"value", chain::ToQuantity(f.value)}};
  }
  trace["action"] = std::move(action);
  if (f.failed) trace["error"] = "Reverted";
  out.push_back(std::move(trace));
  for (std::size_t i = 0; i < f.calls.size(); ++i) {
    address.push_back(static_cast<std::int64_t>(i));
    TraceBlockFrames(*f.calls[i], tx, address, out);
    address.pop_back();
  }
}

// What should be found below `top`, by a plain recursive walk: (from, to, value)
// of every surviving value-moving frame, and how many frames survive.
void Expected(const Frame& top, std::multiset<std::tuple<std::string, std::string, Uint256>>& out,
              int& surviving) {
  for (const auto& c : top.calls) {
    if (c->failed) continue;
    ++surviving;
    bool moves = c->kind == "CALL" || c->kind == "CREATE" || c->kind == "CREATE2";
    if (moves && c->value != 0) out.emplace(c->from, c->to, c->value);
    Expected(*c, out, surviving);
  }
}

void CheckTreesInBothFormats(FuzzedDataProvider& in) {
  json::array call_tracer, trace_block;
  int txs = in.ConsumeIntegralInRange<int>(1, 4);
  int budget = 24;  // frames in all: enough for every shape, small enough to run fast
  std::map<std::string, std::multiset<std::tuple<std::string, std::string, Uint256>>> expected;
  std::map<std::string, int> surviving;
  for (int t = 0; t < txs; ++t) {
    std::string tx = "0x" + std::string(63, '0') + std::to_string(t);
    auto top = MakeFrame(in, 0, budget);
    if (top->kind == "SELFDESTRUCT") top->kind = "CALL";  // a transaction is a call or a creation
    call_tracer.emplace_back(json::object{{"txHash", tx}, {"result", CallTracerFrame(*top)}});
    json::array address;
    TraceBlockFrames(*top, tx, address, trace_block);
    if (!top->failed) Expected(*top, expected[tx], surviving[tx]);
  }
  // Block rewards carry no transaction hash.
  trace_block.push_back(json::object{
      {"type", "reward"},
      {"action", {{"author", "0x" + std::string(40, 'f')}, {"value", "0x1bc16d674ec80000"}}},
      {"traceAddress", json::array{}}});

  auto geth = chain::FromCallTracer(call_tracer);
  auto parity = chain::FromTraceBlock(trace_block);
  // Built only when a property fails (FUZZ_REQUIRE evaluates it then).
  auto ctx = [&] {
    return "callTracer " + json::serialize(call_tracer) + "\n  geth: " + Describe(geth) +
           "\n  parity: " + Describe(parity);
  };
  FUZZ_REQUIRE(geth.size() == parity.size(), ctx());
  for (std::size_t i = 0; i < geth.size(); ++i) {
    const auto &g = geth[i], &p = parity[i];
    FUZZ_REQUIRE(g.tx_hash == p.tx_hash && g.position == p.position && g.from == p.from &&
                     g.to == p.to && g.value == p.value,
                 ctx());
  }
  std::map<std::string, std::multiset<std::tuple<std::string, std::string, Uint256>>> got;
  std::set<std::pair<std::string, int>> positions;
  for (const auto& g : geth) {
    got[g.tx_hash].emplace(g.from, g.to, g.value);
    FUZZ_REQUIRE(g.position >= 1 && g.position <= surviving[g.tx_hash], ctx());
    FUZZ_REQUIRE(positions.emplace(g.tx_hash, g.position).second, ctx());
  }
  for (auto& [tx, want] : expected) FUZZ_REQUIRE(got[tx] == want, ctx() + "\n  tx " + tx);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  CheckRawAnswer(text);
  FuzzedDataProvider in(data, size);
  CheckTreesInBothFormats(in);
  return 0;
}
