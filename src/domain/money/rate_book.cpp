#include "domain/money/rate_book.h"

#include <algorithm>

namespace payd::domain {

void RateBook::SetBound(unsigned bound_bp) {
  std::lock_guard lock(mu_);
  bound_bp_ = bound_bp;
}

void RateBook::Expect(const std::string& currency, const std::string& source) {
  std::lock_guard lock(mu_);
  readings_[currency].try_emplace(source);
}

void RateBook::Record(const std::string& currency, const std::string& source, const UsdRate& rate,
                      base::TimeMs at, base::TimeMs stale_at) {
  std::lock_guard lock(mu_);
  readings_[currency][source] = Reading{true, rate, at, stale_at};
}

void RateBook::Refuse(const std::string& currency, const std::string& source) {
  std::lock_guard lock(mu_);
  readings_[currency][source] = Reading{};
}

CurrencyRate RateBook::Current(const std::string& currency, base::TimeMs now) const {
  if (currency == "USD") return CurrencyRate{UsdRate{1, 0}, {}, now};
  std::lock_guard lock(mu_);
  auto it = readings_.find(currency);
  if (it == readings_.end() || it->second.empty())
    throw PriceUnavailable("No rate source covers " + currency + ".");
  std::vector<SourcedRate> sources;
  CurrencyRate out;
  out.at = now;
  for (const auto& [source, reading] : it->second) {
    if (!reading.answered) {
      throw PriceUnavailable("No usable " + currency + " rate: the " + source +
                             " source has given none yet; retry later.");
    }
    sources.push_back(SourcedRate{source, reading.rate, reading.at, reading.stale_at - reading.at});
    out.sources.push_back(source);
    out.at = std::min(out.at, reading.at);
  }
  try {
    out.value = CombineRates(std::move(sources), now, bound_bp_);
  } catch (const PriceUnavailable& e) {
    throw PriceUnavailable("No usable " + currency + " rate: " + e.what() + "; retry later.");
  }
  return out;
}

std::vector<std::string> RateBook::Covered() const {
  std::lock_guard lock(mu_);
  std::vector<std::string> codes{"USD"};
  for (const auto& [currency, sources] : readings_) {
    if (!sources.empty() && currency != "USD") codes.push_back(currency);
  }
  std::sort(codes.begin(), codes.end());
  return codes;
}

}  // namespace payd::domain
