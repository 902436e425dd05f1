// The rates payd prices currencies with (DECISIONS §14, issue 36): the
// latest reading of every configured source for every currency, combined on
// demand into the one rate a price is converted with. Sources write (the
// chain watchers their Chainlink feeds, the ECB loop its daily file, config
// its fixed rates at start); request handlers read, from memory, so creating
// an intent never waits on a node or a web site. Thread-safe.
#pragma once

#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "base/time.h"
#include "domain/money/currency.h"

namespace payd::domain {

class RateBook {
 public:
  // A spread between the highest and the lowest source above `bound_bp`
  // basis points of their median makes the price unavailable.
  explicit RateBook(unsigned bound_bp = 100) : bound_bp_(bound_bp) {}

  void SetBound(unsigned bound_bp);
  // `source` will report `currency`: from now on the currency is covered, and
  // priced only while this source's reading is fresh and agrees.
  void Expect(const std::string& currency, const std::string& source);
  // A reading true at `at` and stale from `stale_at` on.
  void Record(const std::string& currency, const std::string& source, const UsdRate& rate,
              base::TimeMs at, base::TimeMs stale_at);
  // The source's latest answer was unusable: no rate from it until a good one.
  void Refuse(const std::string& currency, const std::string& source);

  // The rate of `currency` at `now`: USD is exactly 1; others the median of
  // every expected source. Throws PriceUnavailable naming why (no source,
  // one silent, stale or refused, or a spread above the bound).
  CurrencyRate Current(const std::string& currency, base::TimeMs now) const;
  // The currencies some source covers, and USD, in code order.
  std::vector<std::string> Covered() const;

 private:
  struct Reading {
    bool answered = false;  // false: expected, not read yet, or refused
    UsdRate rate;
    base::TimeMs at = 0;
    base::TimeMs stale_at = 0;
  };
  mutable std::mutex mu_;
  unsigned bound_bp_;
  std::map<std::string, std::map<std::string, Reading>> readings_;  // currency -> source -> reading
};

}  // namespace payd::domain
