#include "domain/email/daily_summary.h"

#include <algorithm>
#include <boost/json/array.hpp>
#include <boost/json/serialize.hpp>
#include <map>
#include <tuple>

#include "domain/money/amount.h"
#include "domain/money/reporting.h"

namespace payd::domain {

namespace {

// What was received per token on each chain, in the order first paid.
boost::json::array TokenSums(const std::vector<PaymentIntent>& paid, const Mailing& mailing) {
  using Key = std::tuple<std::int64_t, std::string, unsigned>;  // chain, symbol, decimals
  std::vector<Key> order;
  std::map<Key, Uint256> sums;
  for (const auto& i : paid) {
    Key key{i.chain_id, i.token_symbol, i.decimals};
    auto [it, added] = sums.try_emplace(key, 0);
    if (added) order.push_back(key);
    it->second += i.received;
  }
  boost::json::array out;
  for (const auto& key : order) {
    const auto& [chain_id, symbol, decimals] = key;
    out.push_back(boost::json::object{{"amount", UnitsToDecimal(sums[key], decimals)},
                                      {"currency", symbol},
                                      {"chain", mailing.ChainName(chain_id)}});
  }
  return out;
}

}  // namespace

base::TimeMs SummaryPeriodEnd(base::TimeMs now) {
  return now - now % kSummaryDayMs;
}

base::TimeMs SummaryPeriodStart(std::optional<base::TimeMs> next, base::TimeMs until) {
  base::TimeMs earliest = until - kLongestSummaryMs;
  return std::clamp(next.value_or(until - kSummaryDayMs), earliest, until);
}

std::optional<QueuedEmail> DailySummaryEmail(const User& person, const std::string& account,
                                             const Mailing& mailing,
                                             const std::string& unsubscribe_token,
                                             base::TimeMs from, base::TimeMs until,
                                             const std::vector<PaymentIntent>& paid,
                                             const Currency& reporting, base::TimeMs now) {
  if (paid.empty()) return std::nullopt;
  boost::json::object model = OptionalMessageModel(account, mailing, unsubscribe_token);
  model["fromAt"] = from;
  model["untilAt"] = until;
  model["count"] = static_cast<std::int64_t>(paid.size());
  model["countTextKey"] = paid.size() == 1 ? "daily_summary_one" : "daily_summary_many";
  model["tokens"] = TokenSums(paid, mailing);

  std::vector<PricedPayment> priced;
  for (const auto& i : paid) {
    if (i.price) priced.push_back({*i.price, i.rate, i.confirmed_at.value_or(until)});
  }
  if (!priced.empty()) {
    auto totals = TotalPaid(priced, reporting, std::nullopt);
    boost::json::array prices;
    for (const auto& t : totals.by_currency) {
      prices.push_back(boost::json::object{{"amount", t.amount}, {"currency", t.currency}});
    }
    model["prices"] = std::move(prices);
    model["hasPrices"] = true;
    // One total, when the prices were in several currencies and it needs no rate of today.
    if (totals.by_currency.size() > 1 && totals.total) {
      model["total"] = *totals.total + " " + std::string(reporting.code);
    }
  }

  boost::json::array rows;
  for (std::size_t n = 0; n < paid.size() && n < kSummaryRowsListed; ++n) {
    const auto& i = paid[n];
    boost::json::object row{{"intentId", i.id},
                            {"paidAt", i.confirmed_at.value_or(until)},
                            {"amount", UnitsToDecimal(i.received, i.decimals)},
                            {"currency", i.token_symbol},
                            {"chain", mailing.ChainName(i.chain_id)},
                            {"url", mailing.public_url + "/dashboard/payments/" + i.id}};
    if (i.price) row["price"] = i.price->amount + " " + i.price->currency;
    rows.push_back(std::move(row));
  }
  model["rows"] = std::move(rows);
  if (paid.size() > kSummaryRowsListed) {
    model["more"] = static_cast<std::int64_t>(paid.size() - kSummaryRowsListed);
    model["moreTextKey"] = "daily_summary_more";
  }
  model["url"] = mailing.public_url + "/dashboard/payments?status=paid";
  return NewQueuedEmail(person.tenant_id, person.email, "daily_summary", LanguageOf(person),
                        boost::json::serialize(model), false, now);
}

}  // namespace payd::domain
