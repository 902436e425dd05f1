#include "config/chain_reader.h"

#include <boost/url/parse.hpp>
#include <set>

#include "domain/money/address.h"
#include "domain/money/amount.h"
#include "domain/money/currency.h"

namespace payd::config {

namespace {

// A URL shown to payers (explorer, wallet RPC): absolute http(s), nothing after the path.
std::optional<std::string> PayerUrl(TomlReader& r, const char* key,
                                    const std::optional<std::string>& base) {
  auto text = r.String(key);
  if (!text) return base;
  while (!text->empty() && text->back() == '/') text->pop_back();
  auto url = boost::urls::parse_absolute_uri(*text);
  if (!url || (url->scheme() != "http" && url->scheme() != "https") ||
      url->encoded_host().empty() || url->has_query() || url->has_fragment()) {
    r.Fail(key, "must be an absolute http(s) URL without query or fragment");
  }
  return text;
}

// How a token is priced: pegged to a currency (`peg = "EUR"`; `usd_pegged =
// true` is `peg = "USD"`), a price feed, or a fixed price. Setting any of them
// replaces the preset's way, whichever it was.
void ReadPricing(TomlReader& r, domain::TokenInfo& token) {
  if (r.Has("usd_pegged") || r.Has("peg") || r.Has("price_feed") || r.Has("price_usd")) {
    token.peg.reset();
    token.price_feed.reset();
    token.price_usd.reset();
  }
  if (r.Bool("usd_pegged").value_or(false)) token.peg = "USD";
  if (auto peg = r.String("peg")) {
    if (!domain::FindCurrency(*peg)) r.Fail("peg", "must be an ISO 4217 currency code payd knows");
    if (r.Has("usd_pegged") && *peg != "USD") r.Fail("peg", "contradicts usd_pegged");
    token.peg = *peg;
  }
  if (auto feed = r.String("price_feed")) {
    auto address = domain::ParseAddress(*feed);
    if (!address) r.Fail("price_feed", "must be a contract address");
    token.price_feed = address;
  }
  if (auto age = r.Int("price_max_age_s")) {
    if (*age < 1 || *age > 7 * 86400) r.Fail("price_max_age_s", "must be 1 to 604800 seconds");
    token.price_max_age_s = static_cast<unsigned>(*age);
  }
  if (auto price = r.String("price_usd")) {
    if (!domain::IsDecimalString(*price)) r.Fail("price_usd", "must be a decimal string");
    token.price_usd = price;
  }
}

domain::TokenInfo ReadToken(TomlReader& r, bool native, const domain::TokenInfo* base) {
  domain::TokenInfo token = base ? *base : domain::TokenInfo{};
  token.symbol = base ? base->symbol : r.RequiredString("symbol");
  if (auto symbol = base ? r.String("symbol") : std::nullopt; symbol && *symbol != base->symbol)
    r.Fail("symbol", "differs from the preset's (" + base->symbol + ")");
  if (auto name = r.String("name")) {
    token.name = *name;
  } else if (!base) {
    r.Fail("name", "is required");
  }
  if (auto decimals = r.Int("decimals")) {
    if (*decimals < 0 || *decimals > 77) r.Fail("decimals", "must be between 0 and 77");
    token.decimals = static_cast<unsigned>(*decimals);
  }
  if (!native) {
    if (auto text = r.String("address")) {
      auto address = domain::ParseAddress(*text);
      if (!address) r.Fail("address", "must be a 20-byte hex address with a valid EIP-55 checksum");
      token.address = address;
    } else if (!base) {
      r.Fail("address", "is required");
    }
  }
  ReadPricing(r, token);
  if (auto symbol = r.String("contract_symbol")) token.contract_symbol = symbol;
  if (auto source = r.String("source")) token.source = source;
  r.RejectUnknown();
  return token;
}

domain::ConfirmationPolicy ReadConfirmations(TomlReader& r,
                                             const domain::ConfirmationPolicy& base) {
  domain::ConfirmationPolicy policy = base;
  if (auto tag = r.String("confirmations", /*allow_other_types=*/true)) {
    if (*tag == "safe") {
      policy = {domain::ConfirmationPolicy::Kind::kSafe, 0};
    } else if (*tag == "finalized") {
      policy = {domain::ConfirmationPolicy::Kind::kFinalized, 0};
    } else {
      r.Fail("confirmations", "must be a block count, \"safe\" or \"finalized\"");
    }
  } else if (auto blocks = r.Int("confirmations")) {
    if (*blocks < 0 || *blocks > 10000) r.Fail("confirmations", "must be 0 to 10000 blocks");
    policy = {domain::ConfirmationPolicy::Kind::kBlocks, static_cast<unsigned>(*blocks)};
  }
  return policy;
}

// `key` between min and max, else what the chain has.
unsigned Bounded(TomlReader& r, const char* key, unsigned current, std::int64_t min,
                 std::int64_t max) {
  auto v = r.Int(key);
  if (!v) return current;
  if (*v < min || *v > max)
    r.Fail(key, "must be " + std::to_string(min) + " to " + std::to_string(max));
  return static_cast<unsigned>(*v);
}

void ReadTokens(TomlReader& r, domain::ChainInfo& chain, const domain::ChainInfo* base) {
  std::set<std::string> listed;  // the symbols this table names
  for (TomlReader& t : r.TableArray("tokens")) {
    domain::TokenInfo* preset = nullptr;
    if (base) {
      auto symbol = t.String("symbol");
      if (!symbol) t.Fail("symbol", "is required");
      for (auto& token : chain.tokens) {
        if (token.symbol == *symbol) preset = &token;
      }
    }
    auto token = ReadToken(t, false, preset);
    if (token.symbol == chain.native.symbol || !listed.insert(token.symbol).second)
      t.Fail("symbol", "repeats a symbol on this chain");
    if (preset) {
      *preset = std::move(token);
    } else {
      chain.tokens.push_back(std::move(token));
    }
  }
}

// [[chains.rate_feeds]]: a currency's feed replaces the preset's for that
// currency; the others stay.
void ReadRateFeeds(TomlReader& r, domain::ChainInfo& chain) {
  std::set<std::string> listed;
  for (TomlReader& t : r.TableArray("rate_feeds")) {
    domain::RateFeed feed;
    feed.currency = t.RequiredString("currency");
    if (!domain::FindCurrency(feed.currency) || feed.currency == "USD")
      t.Fail("currency", "must be an ISO 4217 code payd knows, other than USD");
    auto address = domain::ParseAddress(t.RequiredString("address"));
    if (!address) t.Fail("address", "must be a contract address with a valid EIP-55 checksum");
    feed.address = *address;
    feed.max_age_s = Bounded(t, "max_age_s", feed.max_age_s, 1, 7 * 86400);
    if (auto source = t.String("source")) feed.source = source;
    t.RejectUnknown();
    if (!listed.insert(feed.currency).second) t.Fail("currency", "repeats a feed on this chain");
    std::erase_if(chain.rate_feeds,
                  [&](const domain::RateFeed& f) { return f.currency == feed.currency; });
    chain.rate_feeds.push_back(std::move(feed));
  }
}

// [chains.swap] (or a preset's [preset.swap]): Uniswap v3's router, quoter,
// Permit2 and wrapped native coin on this chain (DECISIONS §16). A table
// given replaces the preset's whole.
void ReadSwap(TomlReader& r, domain::ChainInfo& chain) {
  TomlReader t = r.Table("swap");
  if (!t.present()) return;
  auto address = [&](const char* key) {
    auto parsed = domain::ParseAddress(t.RequiredString(key));
    if (!parsed) t.Fail(key, "must be a contract address with a valid EIP-55 checksum");
    return *parsed;
  };
  domain::SwapVenue venue;
  venue.router = address("router");
  venue.quoter = address("quoter");
  venue.permit2 = address("permit2");
  venue.wrapped_native = address("wrapped_native");
  if (auto source = t.String("source")) venue.source = source;
  t.RejectUnknown();
  chain.swap = std::move(venue);
}

// rpc_urls (one provider: its URLs tried in turn, its word taken) or
// providers (independent providers, a quorum of which must agree on every
// block payd confirms, issue 41). A quorum is more than half, so that two
// answers can never both have one.
void ReadProviders(TomlReader& r, domain::ChainInfo& chain) {
  bool urls = r.Has("rpc_urls"), providers = r.Has("providers");
  if (urls && providers)
    r.Fail("providers",
           "replaces rpc_urls: give rpc_urls (one provider, its URLs tried in turn) or "
           "providers (independent providers that must agree), not both");
  if (urls) {
    chain.rpc_urls = r.StringArray("rpc_urls");
    chain.quorum = 0;
  }
  if (providers) {
    chain.rpc_urls = r.StringArray("providers");
    std::set<std::string> distinct(chain.rpc_urls.begin(), chain.rpc_urls.end());
    if (chain.rpc_urls.size() < 2)
      r.Fail("providers", "needs at least two independent providers (three let one fail or lie)");
    if (distinct.size() != chain.rpc_urls.size()) r.Fail("providers", "lists a URL twice");
    chain.quorum = static_cast<unsigned>(chain.rpc_urls.size() / 2 + 1);
  }
  if (auto quorum = r.Int("quorum")) {
    if (!providers) r.Fail("quorum", "needs providers = [...], the providers that must agree");
    auto n = static_cast<std::int64_t>(chain.rpc_urls.size());
    if (*quorum <= n / 2 || *quorum > n)
      r.Fail("quorum", "must be more than half of the " + std::to_string(n) +
                           " providers and at most all of them (" + std::to_string(n / 2 + 1) +
                           " to " + std::to_string(n) + ")");
    chain.quorum = static_cast<unsigned>(*quorum);
  }
}

}  // namespace

domain::ChainInfo ReadChain(TomlReader& r, ChainProvider& provider,
                            const ChainReadOptions& options) {
  const domain::ChainInfo* base = options.base;
  domain::ChainInfo chain = base ? *base : domain::ChainInfo{};
  if (auto id = r.Int("id")) {
    if (*id <= 0) r.Fail("id", "must be a positive chain id");
    if (base && *id != base->id) r.Fail("id", "differs from the preset's chain id");
    chain.id = *id;
  } else if (!base) {
    r.Fail("id", "is required and must be a positive chain id");
  }
  if (auto name = r.String("name")) {
    chain.name = *name;
  } else if (!base) {
    r.Fail("name", "is required");
  }
  ReadProviders(r, chain);
  if (options.rpc_required && chain.rpc_urls.empty())
    r.Fail("rpc_urls",
           "needs at least one JSON-RPC URL (or providers = [...], several that must agree)");
  if (auto ws = r.String("ws_url")) {
    auto url = boost::urls::parse_uri(*ws);
    if (!url || (url->scheme() != "ws" && url->scheme() != "wss") || url->encoded_host().empty())
      r.Fail("ws_url", "must be a ws:// or wss:// URL");
    provider.ws_url = *ws;
  }
  chain.confirmations = ReadConfirmations(
      r, base ? base->confirmations
              : domain::ConfirmationPolicy{domain::ConfirmationPolicy::Kind::kBlocks, 1});
  chain.poll_interval_ms = Bounded(r, "poll_interval_ms", chain.poll_interval_ms, 50, 600000);
  chain.trace_internal = r.Bool("trace_internal").value_or(chain.trace_internal);
  chain.rpc_timeout_ms = Bounded(r, "rpc_timeout_ms", chain.rpc_timeout_ms, 100, 600000);
  chain.rpc_max_reply_mb = Bounded(r, "rpc_max_reply_mb", chain.rpc_max_reply_mb, 1, 4096);
  provider.rpc_max_batch = Bounded(r, "rpc_max_batch", provider.rpc_max_batch, 1, 1000);
  provider.rpc_max_parallel = Bounded(r, "rpc_max_parallel", provider.rpc_max_parallel, 1, 32);
  if (auto start = r.Int("start_block")) {
    if (*start < 0) r.Fail("start_block", "must be a block number");
    chain.start_block = *start;
  }
  chain.explorer_url = PayerUrl(r, "explorer_url", chain.explorer_url);
  chain.wallet_rpc_url = PayerUrl(r, "wallet_rpc_url", chain.wallet_rpc_url);
  TomlReader native = r.Table("native");
  if (native.present()) {
    chain.native = ReadToken(native, true, base ? &base->native : nullptr);
  } else if (!base) {
    r.Fail("native", "is required: { symbol, name, decimals }");
  }
  ReadTokens(r, chain, base);
  ReadRateFeeds(r, chain);
  ReadSwap(r, chain);
  r.RejectUnknown();
  return chain;
}

}  // namespace payd::config
