// The rate sources of `payd serve` (DECISIONS §14, docs/operator-guide.md
// "Currencies"): config's fixed rates and bound, the chains' fiat feeds (read
// by the chain watchers) and the ECB's daily reference rates, read here on a
// thread of their own every ecb_refresh_s. A failed read is logged and tried
// again a minute later; the book keeps the last good day until it is stale.
#pragma once

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "chain/price_book.h"
#include "config/config.h"

namespace payd::cli {

// Fills `book` with what config says of rates: the bound, the fixed rates, and
// every source each currency waits for (a feed of each chain, the ECB's).
// Returns the currencies then covered, USD among them.
std::vector<std::string> SetUpRates(const config::Config& config, domain::RateBook& book);

class EcbReader {
 public:
  EcbReader(const config::RateSettings& settings, domain::RateBook& book)
      : settings_(settings), book_(book) {}
  ~EcbReader() { Stop(); }
  EcbReader(const EcbReader&) = delete;
  EcbReader& operator=(const EcbReader&) = delete;

  void Start();  // nothing when the ECB is not configured
  void Stop();

  // One read of the file into the book; false (logged) when it gave nothing.
  bool ReadOnce();

 private:
  void Run();

  config::RateSettings settings_;
  domain::RateBook& book_;
  std::mutex mu_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace payd::cli
