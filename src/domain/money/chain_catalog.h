// The chains and tokens this payd instance knows, as the operator configured
// them, and the currencies it prices in. Integrations may only allow what is in the catalog.
// Read-only after start-up, so it is shared freely between threads.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace payd::domain {

struct TokenInfo {
  std::string symbol;
  std::string name;
  std::optional<std::string> address;  // EIP-55; none for the chain's native coin
  unsigned decimals = 18;
  // The currency one whole token is worth exactly one unit of (ISO 4217:
  // "USD" for USDC, "EUR" for EURC): priced by that currency's rate, with no
  // feed of its own. None: the token floats, priced by a feed or config.
  std::optional<std::string> peg;
  std::optional<std::string> price_feed;  // Chainlink-style aggregator address
  std::optional<std::string> price_usd;   // fixed decimal price, for development
  unsigned price_max_age_s = 3600;        // a feed answer older than this is refused
  // What the contract's symbol() answers, when known (a preset's tokens): the
  // chain's check at start compares it (chain/token_check.h). payd's own
  // symbol may differ: Arbitrum's USDT answers "USD\u20AE0".
  std::optional<std::string> contract_symbol{};
  // Where the address (or the feed's) was copied from: the issuer's own list.
  std::optional<std::string> source{};
  bool IsNative() const { return !address.has_value(); }
  bool UsdPegged() const { return peg && *peg == "USD"; }
};

// A Chainlink-style aggregator giving the US-dollar value of one unit of a
// currency (EUR / USD), read by the chain's watcher as one of the currency's
// rate sources (domain/money/rate_book.h).
struct RateFeed {
  std::string currency;  // ISO 4217
  std::string address;   // EIP-55
  // Older than this is stale: the feed's heartbeat (a day for Chainlink's
  // fiat feeds) and a margin for the round that updates it.
  unsigned max_age_s = 90000;
  std::optional<std::string> source;  // where the address was copied from
};

// Uniswap v3's contracts on a chain (DECISIONS §16): a payer pays an intent
// with another token through the router, in one transaction of their own,
// quoted by the quoter; Permit2 where a wallet signs instead of approving;
// the wrapped native coin a swap from the native coin goes through. Checked
// at start: each must hold code, or the chain offers no conversion.
struct SwapVenue {
  std::string router;                 // SwapRouter02, EIP-55
  std::string quoter;                 // QuoterV2
  std::string permit2;                // Permit2
  std::string wrapped_native;         // WETH9 (WPOL on Polygon)
  std::optional<std::string> source;  // where the addresses were copied from
};

// How deep a transfer must be before it counts as paid.
struct ConfirmationPolicy {
  enum class Kind { kBlocks, kSafe, kFinalized } kind = Kind::kBlocks;
  unsigned blocks = 0;
  std::string ToString() const;
};

struct ChainInfo {
  std::int64_t id = 0;
  std::string name;
  // The JSON-RPC URLs payd reads, in the order it tries them.
  std::vector<std::string> rpc_urls;
  // 0: rpc_urls are one provider's (its word is taken). From 2: they are
  // independent providers, and a block counts only when this many of them
  // return the same hash for it (chain/quorum.h); more than half of them.
  unsigned quorum = 0;
  ConfirmationPolicy confirmations;
  unsigned poll_interval_ms = 1000;
  unsigned rpc_timeout_ms = 10000;  // per JSON-RPC request
  // A reply over this (after decompression) is refused; a full block with
  // traces on a busy chain is tens of MB.
  unsigned rpc_max_reply_mb = 64;
  // Also find native coin sent by contracts (debug_traceBlockByNumber with
  // callTracer, or trace_block); needs a node that offers tracing.
  bool trace_internal = false;
  // Where a first start begins scanning; default: the chain's head at that moment.
  std::optional<std::int64_t> start_block;
  // Shown to payers: the block explorer (its /tx/<hash> links the receipt), and
  // a public RPC URL a wallet may add for this chain. Never the rpc_urls above,
  // which may carry the operator's API keys.
  std::optional<std::string> explorer_url;
  std::optional<std::string> wallet_rpc_url;
  TokenInfo native;
  std::vector<TokenInfo> tokens;  // ERC-20 tokens
  std::vector<RateFeed> rate_feeds;
  std::optional<SwapVenue> swap;  // none: payers pay the intent's token only

  // The native coin or an ERC-20 token by symbol (case-sensitive).
  const TokenInfo* FindToken(const std::string& symbol) const;
  // The ERC-20 token at `address` (any case).
  const TokenInfo* FindTokenByAddress(const std::string& address) const;
  std::vector<const TokenInfo*> AllTokens() const;
};

class ChainCatalog {
 public:
  ChainCatalog() = default;
  explicit ChainCatalog(std::vector<ChainInfo> chains) : chains_(std::move(chains)) {}

  const std::vector<ChainInfo>& chains() const { return chains_; }
  // The ISO 4217 currencies prices may be asked in: USD, and those a
  // configured rate source covers (set at start, from the rate book).
  const std::vector<std::string>& currencies() const { return currencies_; }
  void SetCurrencies(std::vector<std::string> codes) { currencies_ = std::move(codes); }
  const ChainInfo* FindChain(std::int64_t id) const;
  // The chain's name, or its id in decimal for a chain this payd no longer configures.
  std::string NameOf(std::int64_t id) const;

 private:
  std::vector<ChainInfo> chains_;
  std::vector<std::string> currencies_{"USD"};
};

}  // namespace payd::domain
