// `payd chains`: payd's catalog of chains (config/chain_presets.h), what an
// operator names in `chains = [...]`, with every contract address and where
// it was copied from.
#include <CLI/CLI.hpp>
#include <boost/json/serialize.hpp>
#include <iostream>

#include "cli/command_context.h"
#include "config/chain_presets.h"

namespace payd::cli {

namespace {

boost::json::object TokenView(const domain::TokenInfo& token) {
  boost::json::object view{
      {"symbol", token.symbol}, {"name", token.name}, {"decimals", token.decimals}};
  if (token.address) view["address"] = *token.address;
  if (token.contract_symbol) view["contractSymbol"] = *token.contract_symbol;
  if (token.peg) view["peg"] = *token.peg;
  if (token.price_feed) view["priceFeed"] = *token.price_feed;
  if (token.source) view["source"] = *token.source;
  return view;
}

boost::json::object PresetView(const config::ChainPreset& preset) {
  const domain::ChainInfo& chain = preset.chain;
  boost::json::array tokens;
  for (const auto& token : chain.tokens) tokens.push_back(TokenView(token));
  boost::json::object view{{"key", preset.key},
                           {"id", chain.id},
                           {"name", chain.name},
                           {"network", preset.testnet ? "testnet" : "mainnet"},
                           {"pair", preset.pair},
                           {"blockTimeMs", preset.block_time_ms},
                           {"confirmations", chain.confirmations.ToString()},
                           {"confirmationsWhy", preset.why},
                           {"native", TokenView(chain.native)},
                           {"tokens", std::move(tokens)}};
  if (chain.explorer_url) view["explorerUrl"] = *chain.explorer_url;
  if (chain.wallet_rpc_url) view["walletRpcUrl"] = *chain.wallet_rpc_url;
  boost::json::array feeds;
  for (const auto& feed : chain.rate_feeds) {
    feeds.push_back({{"currency", feed.currency},
                     {"address", feed.address},
                     {"maxAgeS", feed.max_age_s},
                     {"source", feed.source.value_or("")}});
  }
  view["rateFeeds"] = std::move(feeds);
  boost::json::array suggested;
  for (const auto& p : preset.suggested_providers)
    suggested.push_back({{"url", p.url}, {"operator", p.by}});
  view["suggestedProviders"] = std::move(suggested);
  return view;
}

void PrintForPeople(const config::ChainPreset& preset) {
  const domain::ChainInfo& chain = preset.chain;
  std::cout << preset.key << "  " << chain.name << " (chain " << chain.id << ", "
            << (preset.testnet ? "testnet" : "mainnet") << "; pair: " << preset.pair << ")\n"
            << "  confirmations: " << chain.confirmations.ToString() << " (" << preset.why << ")\n"
            << "  " << chain.native.symbol << ": native, " << chain.native.decimals << " decimals";
  if (chain.native.price_feed) std::cout << ", USD feed " << *chain.native.price_feed;
  std::cout << "\n";
  for (const auto& token : chain.tokens) {
    std::cout << "  " << token.symbol << ": " << token.address.value_or("") << ", "
              << token.decimals << " decimals" << (token.peg ? ", pegged to " + *token.peg : "")
              << "; " << token.source.value_or("") << "\n";
  }
  for (const auto& feed : chain.rate_feeds) {
    std::cout << "  " << feed.currency << " / USD feed: " << feed.address << ", stale after "
              << feed.max_age_s << " s; " << feed.source.value_or("") << "\n";
  }
  if (preset.suggested_providers.empty()) return;
  // Ready to paste under [chain.<key>]; who runs each, since they must be independent.
  std::cout << "  public providers to start from (see the operator guide, \"Several providers\"):\n"
            << "    providers = [";
  for (std::size_t i = 0; i < preset.suggested_providers.size(); ++i)
    std::cout << (i ? ", " : "") << '"' << preset.suggested_providers[i].url << '"';
  std::cout << "]\n    run by";
  for (std::size_t i = 0; i < preset.suggested_providers.size(); ++i)
    std::cout << (i ? ", " : " ") << preset.suggested_providers[i].by;
  std::cout << "\n";
}

}  // namespace

void AddChainCommands(CLI::App& app, CommandContext& ctx) {
  auto* chains = app.add_subcommand(
      "chains", "List the chains payd knows by name (chains = [\"base\", ...] in the config)");
  chains->callback(Guarded([&ctx] {
    if (ctx.json) {
      boost::json::array all;
      for (const auto& preset : config::ChainPresets()) all.push_back(PresetView(preset));
      std::cout << boost::json::serialize(all) << "\n";
      return;
    }
    for (const auto& preset : config::ChainPresets()) PrintForPeople(preset);
  }));
}

}  // namespace payd::cli
