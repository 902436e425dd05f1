#include "chain/price_book.h"

#include "base/log.h"
#include "chain/eth_call.h"
#include "chain/evm.h"
#include "chain/token_check.h"
#include "domain/error.h"

namespace payd::chain {

namespace {

constexpr std::string_view kDecimalsSelector = "0x313ce567";     // decimals()
constexpr std::string_view kLatestRoundSelector = "0xfeaf968c";  // latestRoundData()
constexpr std::string_view kDescriptionSelector = "0x7284e416";  // description()

// The n-th 32-byte word of ABI-encoded return data.
std::string Word(std::string_view data, std::size_t n) {
  std::size_t start = 2 + 64 * n;
  if (data.size() < start + 64) return {};
  return "0x" + std::string(data.substr(start, 64));
}

}  // namespace

void PriceBook::Set(std::int64_t chain_id, const std::string& symbol, domain::UsdPrice price,
                    base::TimeMs updated_at) {
  std::lock_guard lock(mu_);
  entries_[{chain_id, symbol}] = Entry{price, updated_at};
}

void PriceBook::Refuse(std::int64_t chain_id, const std::string& symbol) {
  std::lock_guard lock(mu_);
  entries_[{chain_id, symbol}] = Entry{std::nullopt, 0};
}

domain::UsdPrice PriceBook::Price(const domain::ChainInfo& chain, const domain::TokenInfo& token) {
  std::lock_guard lock(mu_);
  auto it = entries_.find({chain.id, token.symbol});
  if (it == entries_.end()) {
    throw domain::PriceUnavailable("No USD price for " + token.symbol + " on " + chain.name +
                                   " yet; retry shortly.");
  }
  const Entry& e = it->second;
  base::TimeMs now = base::NowMs();
  if (!e.price || e.updated_at > now + kFeedClockSkewMs) {
    throw domain::PriceUnavailable("The USD price feed of " + token.symbol + " on " + chain.name +
                                   " gives no usable price; retry later.");
  }
  // updated_at is at most now + skew here, so the age cannot overflow; below 0 it is nonsense.
  if (e.updated_at < 0 ||
      now - e.updated_at > static_cast<base::TimeMs>(token.price_max_age_s) * 1000) {
    throw domain::PriceUnavailable("The USD price of " + token.symbol + " is stale; retry later.");
  }
  return *e.price;
}

domain::CurrencyRate PriceBook::Rate(const std::string& currency) {
  return rates_.Current(currency, base::NowMs());
}

FeedAnswer JudgeFeedAnswer(std::string_view decimals_data, std::string_view round_data,
                           base::TimeMs now) {
  FeedAnswer out;
  auto decimals = ParseWord(Word(decimals_data, 0));
  auto answer = ParseWord(Word(round_data, 1));
  auto updated = ParseWord(Word(round_data, 3));
  if (!decimals || !answer || !updated) {
    out.problem = "not a latestRoundData() answer";
  } else if (*decimals > 36) {
    out.problem = "decimals() above 36";
  } else if (*answer == 0 || (*answer >> 255) != 0) {
    // An int256 answer with the top bit set is negative.
    out.problem = "the answer is zero or negative";
  } else if (*updated > domain::Uint256((now + kFeedClockSkewMs) / 1000)) {
    // Compared as 256-bit numbers: any value, however large, is judged without overflow.
    out.problem = "updatedAt is in the future";
  } else {
    out.price = domain::UsdPrice{*answer, decimals->convert_to<unsigned>()};
    out.updated_at = updated->convert_to<base::TimeMs>() * 1000;
  }
  return out;
}

namespace {

// One aggregator's decimals() and latestRoundData(), judged now.
FeedAnswer ReadFeed(RpcClient& rpc, const std::string& address) {
  auto decimals = EthCall(rpc, address, kDecimalsSelector);
  auto round = EthCall(rpc, address, kLatestRoundSelector);
  FeedAnswer judged;
  if (decimals && round)
    judged = JudgeFeedAnswer("0x" + *decimals, "0x" + *round, base::NowMs());
  else
    judged.problem = "the feed's call reverted";
  return judged;
}

}  // namespace

void RefreshPrices(RpcClient& rpc, const domain::ChainInfo& chain, PriceBook& book) {
  for (const auto* token : chain.AllTokens()) {
    if (!token->price_feed) continue;
    FeedAnswer judged = ReadFeed(rpc, *token->price_feed);
    if (!judged.price) {
      base::LogWarn("price feed gave no usable answer; no USD price until it does",
                    {{"chainId", chain.id},
                     {"token", token->symbol},
                     {"feed", *token->price_feed},
                     {"problem", judged.problem}});
      book.Refuse(chain.id, token->symbol);
      continue;
    }
    book.Set(chain.id, token->symbol, *judged.price, judged.updated_at);
  }
  const std::string source = RateFeedSource(chain.id);
  for (const auto& feed : chain.rate_feeds) {
    // A Chainlink aggregator describes its pair: a feed of another pair at the
    // address (a copying slip) would price the currency wrongly.
    auto description_data = EthCall(rpc, feed.address, kDescriptionSelector);
    auto description = description_data ? DecodeAbiString(*description_data) : std::nullopt;
    const std::string pair = feed.currency + " / USD";
    FeedAnswer judged;
    if (description != pair)
      judged.problem = "description() is not \"" + pair + "\"";
    else
      judged = ReadFeed(rpc, feed.address);
    if (!judged.price) {
      base::LogWarn("rate feed gave no usable answer; the currency is not priced until it does",
                    {{"chainId", chain.id},
                     {"currency", feed.currency},
                     {"feed", feed.address},
                     {"problem", judged.problem}});
      book.rates().Refuse(feed.currency, source);
      continue;
    }
    book.rates().Record(feed.currency, source, *judged.price, judged.updated_at,
                        judged.updated_at + static_cast<base::TimeMs>(feed.max_age_s) * 1000);
  }
}

std::string RateFeedSource(std::int64_t chain_id) {
  return "chainlink:" + std::to_string(chain_id);
}

}  // namespace payd::chain
