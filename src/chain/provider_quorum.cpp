#include "chain/provider_quorum.h"

#include <future>

#include "chain/evm.h"
#include "chain/rpc_decode.h"

namespace payd::chain {

namespace {

// Runs `ask(i)` for every provider index of `which` at once; none where it threw.
template <typename T, typename Ask>
std::vector<std::optional<T>> AskEach(const std::vector<std::size_t>& which, Ask ask) {
  std::vector<std::future<T>> answers;
  answers.reserve(which.size());
  for (std::size_t i : which)
    answers.push_back(std::async(std::launch::async, [&ask, i] { return ask(i); }));
  std::vector<std::optional<T>> out;
  for (auto& answer : answers) {
    try {
      out.emplace_back(answer.get());
    } catch (...) {
      out.emplace_back();  // failed, timed out, or serves another chain: silent this round
    }
  }
  return out;
}

}  // namespace

ProviderQuorum::ProviderQuorum(const domain::ChainInfo& chain, RpcOptions options)
    : quorum_(chain.quorum) {
  options.extra_attempts = 0;
  for (std::size_t i = 0; i < chain.rpc_urls.size(); ++i) {
    options.first_endpoint_index = i;
    clients_.push_back(std::make_unique<RpcClient>(std::vector{chain.rpc_urls[i]}, options));
    sources_.push_back(std::make_unique<BlockSource>(*clients_.back(), chain));
    all_.push_back(i);
    names_.push_back(RedactedUrl(chain.rpc_urls[i]));
  }
}

ProviderQuorum::~ProviderQuorum() = default;

std::string ProviderQuorum::Name(std::size_t provider) const {
  return provider < names_.size() ? names_[provider] : "";
}

std::vector<std::optional<std::int64_t>> ProviderQuorum::Heads(const char* tag) {
  return AskEach<std::int64_t>(all_, [this, tag](std::size_t i) -> std::int64_t {
    if (std::string_view(tag) == "latest") return sources_[i]->Latest();
    auto tagged = sources_[i]->Tagged(tag);
    if (!tagged) throw RpcError(RpcError::Kind::kNotReady, "no such tag");  // silent
    return *tagged;
  });
}

std::vector<std::vector<std::optional<std::string>>> ProviderQuorum::Hashes(
    const std::vector<std::int64_t>& numbers) {
  std::vector<RpcCall> calls;
  for (auto n : numbers)
    calls.push_back({"eth_getBlockByNumber", {ToQuantity(static_cast<std::uint64_t>(n)), false}});
  using Answers = std::vector<std::optional<std::string>>;
  auto each = AskEach<Answers>(all_, [this, &calls](std::size_t i) {
    Answers hashes;
    for (const auto& block : clients_[i]->CallMany(calls)) {
      // A null block: the provider has not got it yet (silent, not wrong).
      if (block.is_null()) {
        hashes.emplace_back();
        continue;
      }
      auto header = DecodeHeader(block);
      hashes.emplace_back(header.hash);
    }
    return hashes;
  });
  std::vector<Answers> out;
  for (auto& answers : each) out.push_back(answers ? std::move(*answers) : Answers(numbers.size()));
  return out;
}

BlockEvidence ProviderQuorum::Evidence(std::size_t provider, std::int64_t number) {
  return sources_.at(provider)->Evidence({number}).front();
}

std::vector<std::optional<std::vector<domain::ObservedTransfer>>> ProviderQuorum::TokenTransfers(
    const std::vector<std::size_t>& providers, std::int64_t from, std::int64_t to,
    const std::set<std::string>& recipients, const std::set<std::string>& senders) {
  return AskEach<std::vector<domain::ObservedTransfer>>(providers, [&](std::size_t i) {
    auto in = sources_[i]->TokenTransfers(from, to, recipients);
    auto out = sources_[i]->TokenTransfersFrom(from, to, senders);
    in.insert(in.end(), out.begin(), out.end());
    return in;
  });
}

std::vector<std::optional<std::vector<domain::ObservedTransfer>>> ProviderQuorum::NativeTransfers(
    const std::vector<std::size_t>& providers, std::int64_t from, std::int64_t to,
    const std::set<std::string>& recipients, const std::set<std::string>& senders) {
  return AskEach<std::vector<domain::ObservedTransfer>>(providers, [&](std::size_t i) {
    std::vector<domain::BlockHeader> scanned;
    return sources_[i]->NativeTransfers(from, to, recipients, senders, scanned);
  });
}

}  // namespace payd::chain
