#include "chain/traces.h"

#include <map>
#include <memory>

#include "chain/evm.h"

namespace payd::chain {

namespace {

struct Frame {
  bool moves_value = false;  // a plain call or a creation (not delegate/static)
  bool failed = false;
  std::string from, to, value;
  std::vector<std::unique_ptr<Frame>> children;
};

// Numbers the surviving frames below the top one in a fixed depth-first order
// and reports those that moved value.
void Walk(const std::string& tx_hash, const Frame& top, std::vector<InternalTransfer>& out) {
  int position = 0;
  std::vector<const Frame*> stack{&top};
  while (!stack.empty()) {
    const Frame* frame = stack.back();
    stack.pop_back();
    for (auto it = frame->children.rbegin(); it != frame->children.rend(); ++it) {
      const Frame& call = **it;
      if (call.failed) continue;
      stack.push_back(&call);
      ++position;
      auto value = ParseWord(call.value);
      if (!call.moves_value || !value || *value == 0) continue;
      out.push_back({tx_hash, position, call.from, call.to, *value});
    }
  }
}

std::unique_ptr<Frame> FromCallFrame(const boost::json::object& o) {
  auto frame = std::make_unique<Frame>();
  std::string type = Str(o, "type");
  frame->moves_value = type == "CALL" || type == "CREATE" || type == "CREATE2";
  frame->failed = o.contains("error");
  frame->from = Str(o, "from");
  frame->to = Str(o, "to");
  frame->value = Str(o, "value");
  if (const auto* calls = o.if_contains("calls"); calls && calls->is_array()) {
    for (const auto& c : calls->as_array()) {
      if (const auto* child = c.if_object()) frame->children.push_back(FromCallFrame(*child));
    }
  }
  return frame;
}

}  // namespace

std::vector<InternalTransfer> FromCallTracer(const boost::json::value& result) {
  std::vector<InternalTransfer> out;
  if (!result.is_array()) return out;
  for (const auto& item : result.as_array()) {
    const auto* entry = item.if_object();
    const auto* root = entry ? entry->if_contains("result") : nullptr;
    if (!root || !root->is_object() || root->as_object().contains("error")) continue;
    Walk(Str(*entry, "txHash"), *FromCallFrame(root->as_object()), out);
  }
  return out;
}

std::vector<InternalTransfer> FromTraceBlock(const boost::json::value& result) {
  std::vector<InternalTransfer> out;
  if (!result.is_array()) return out;
  // Frames come in depth-first order per transaction, each after its parent.
  std::string tx_hash;
  std::unique_ptr<Frame> top;
  std::map<std::vector<std::int64_t>, Frame*> by_address;
  auto flush = [&] {
    if (top && !top->failed) Walk(tx_hash, *top, out);
    top.reset();
    by_address.clear();
  };
  for (const auto& item : result.as_array()) {
    const auto* trace = item.if_object();
    if (!trace) continue;
    const auto* action = trace->if_contains("action");
    const auto* address = trace->if_contains("traceAddress");
    if (!action || !action->is_object() || !address || !address->is_array()) continue;
    std::string hash = Str(*trace, "transactionHash");
    if (hash.empty()) continue;  // block and uncle rewards
    if (hash != tx_hash) flush(), tx_hash = hash;

    auto frame = std::make_unique<Frame>();
    const auto& a = action->as_object();
    std::string type = Str(*trace, "type");
    frame->moves_value = (type == "call" && Str(a, "callType") == "call") || type == "create";
    frame->failed = trace->contains("error");
    frame->from = Str(a, "from");
    frame->to = Str(a, "to");
    if (type == "create") {
      const auto* r = trace->if_contains("result");
      if (r && r->is_object()) frame->to = Str(r->as_object(), "address");
    }
    frame->value = Str(a, "value");

    std::vector<std::int64_t> path;
    for (const auto& step : address->as_array()) {
      if (!step.is_int64()) break;  // a uint64 step is beyond any real call tree
      path.push_back(step.get_int64());
    }
    if (path.size() != address->as_array().size()) continue;
    if (path.empty()) {
      top = std::move(frame);
      by_address[path] = top.get();
      continue;
    }
    auto parent_path = path;
    parent_path.pop_back();
    auto parent = by_address.find(parent_path);
    if (parent == by_address.end()) continue;  // its parent was malformed; so is its place
    by_address[path] = frame.get();
    parent->second->children.push_back(std::move(frame));
  }
  flush();
  return out;
}

}  // namespace payd::chain
