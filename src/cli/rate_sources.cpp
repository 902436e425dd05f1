#include "cli/rate_sources.h"

#include <limits>

#include "base/log.h"
#include "domain/money/currency.h"
#include "rates/ecb_reference.h"
#include "rates/ecb_schedule.h"
#include "rates/https_get.h"

namespace payd::cli {

namespace {

constexpr const char* kEcbSource = "ecb";
constexpr const char* kConfigSource = "config";
// A fixed rate is never stale: it is the operator's word, for development.
constexpr base::TimeMs kNeverStale = std::numeric_limits<base::TimeMs>::max() / 2;
// After a failed read of the ECB's file, the next try.
constexpr auto kEcbRetry = std::chrono::seconds(60);

// The currencies of the ECB's daily file (besides EUR, through which the
// others cross): the file's own list as of 2026 (the lev left it when Bulgaria
// joined the euro on 1 January 2026). A currency the ECB drops is expected
// still, so it goes unpriced rather than silently losing a source.
const std::vector<std::string>& EcbCurrencies() {
  static const std::vector<std::string> kCodes = {
      "EUR", "AUD", "BRL", "CAD", "CHF", "CNY", "CZK", "DKK", "GBP", "HKD",
      "HUF", "IDR", "ILS", "INR", "ISK", "JPY", "KRW", "MXN", "MYR", "NOK",
      "NZD", "PHP", "PLN", "RON", "SEK", "SGD", "THB", "TRY", "ZAR"};
  return kCodes;
}

}  // namespace

std::vector<std::string> SetUpRates(const config::Config& config, domain::RateBook& book) {
  const config::RateSettings& rates = config.rates;
  book.SetBound(rates.bound_bp);
  base::TimeMs now = base::NowMs();
  for (const auto& [code, text] : rates.fixed) {
    book.Expect(code, kConfigSource);
    book.Record(code, kConfigSource, *domain::ParseRate(text), now, kNeverStale);
  }
  for (const auto& chain : config.catalog.chains()) {
    for (const auto& feed : chain.rate_feeds)
      book.Expect(feed.currency, chain::RateFeedSource(chain.id));
  }
  if (!rates.ecb_url.empty()) {
    for (const auto& code : EcbCurrencies()) {
      if (domain::FindCurrency(code)) book.Expect(code, kEcbSource);
    }
  }
  return book.Covered();
}

void EcbReader::Start() {
  if (settings_.ecb_url.empty()) return;
  thread_ = std::thread([this] { Run(); });
}

void EcbReader::Stop() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

bool EcbReader::ReadOnce() {
  rates::HttpsGetOptions options;
  options.ca_file = settings_.ecb_ca_file;
  auto fetched = rates::HttpsGet(settings_.ecb_url, options);
  std::string problem = fetched.problem;
  std::optional<rates::EcbDay> day;
  if (fetched.body) day = rates::ParseEcbDaily(*fetched.body, &problem);
  std::vector<std::pair<std::string, domain::UsdRate>> usd;
  if (day) {
    usd = rates::EcbUsdRates(*day);
    if (usd.empty()) problem = "the file has no usable USD rate";
  }
  if (usd.empty()) {
    base::LogWarn("the ECB's reference rates could not be read; retrying in a minute",
                  {{"url", settings_.ecb_url}, {"problem", problem}});
    return false;
  }
  base::TimeMs at = rates::EcbDayTime(day->date);
  base::TimeMs stale_at = rates::EcbStaleAt(day->date);
  for (const auto& [code, rate] : usd) {
    if (domain::FindCurrency(code)) book_.Record(code, kEcbSource, rate, at, stale_at);
  }
  base::LogInfo("read the ECB's reference rates",
                {{"date", day->date}, {"currencies", static_cast<std::int64_t>(usd.size())}});
  return true;
}

void EcbReader::Run() {
  std::unique_lock lock(mu_);
  while (!stopping_) {
    lock.unlock();
    bool read = ReadOnce();
    lock.lock();
    auto wait = read ? std::chrono::seconds(settings_.ecb_refresh_s) : kEcbRetry;
    wake_.wait_for(lock, wait, [this] { return stopping_; });
  }
}

}  // namespace payd::cli
