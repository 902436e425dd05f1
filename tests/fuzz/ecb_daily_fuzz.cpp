// Fuzz target: the ECB's daily reference-rate file (rates/ecb_reference.h),
// which payd fetches over the network and parses with libxml2.
//
// Input: the file's bytes, as the network gave them.
//
// Properties: never a crash, a hang or a sanitizer report; a file read gives
// a real day (YYYY-MM-DD whose next publication day exists), codes of three
// upper-case letters, each once, and rates that are positive plain decimals;
// its US-dollar rates are positive and, for every currency but the euro,
// rounded up: rate x (units per euro) >= (dollars per euro), never less.
#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "domain/money/amount.h"
#include "fuzz_check.h"
#include "rates/ecb_reference.h"
#include "rates/ecb_schedule.h"

namespace {

namespace domain = payd::domain;
namespace rates = payd::rates;
using boost::multiprecision::cpp_int;

cpp_int TenTo(unsigned n) {
  cpp_int v = 1;
  for (unsigned i = 0; i < n; ++i) v *= 10;
  return v;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view xml(reinterpret_cast<const char*>(data), size);
  std::string problem;
  auto day = rates::ParseEcbDaily(xml, &problem);
  if (!day) {
    FUZZ_REQUIRE(!problem.empty(), "refused without a reason");
    return 0;
  }
  FUZZ_REQUIRE(!rates::NextEcbPublicationDay(day->date).empty(), day->date);
  FUZZ_REQUIRE(!day->per_euro.empty(), "a day without rates");
  std::set<std::string> codes;
  std::string usd_per_eur;
  for (const auto& [code, rate] : day->per_euro) {
    bool letters = code.size() == 3;
    for (char c : code) letters = letters && c >= 'A' && c <= 'Z';
    FUZZ_REQUIRE(letters && codes.insert(code).second, code);
    FUZZ_REQUIRE(domain::IsDecimalString(rate) && domain::CompareDecimals(rate, "0") > 0, rate);
    if (code == "USD") usd_per_eur = rate;
  }
  auto usd = rates::EcbUsdRates(*day);
  FUZZ_REQUIRE(usd.empty() == usd_per_eur.empty(),
               "USD rates without a USD rate, or none with one");
  for (const auto& [code, rate] : usd) {
    FUZZ_REQUIRE(rate.answer > 0, code);
    if (code == "EUR") continue;
    std::string per_euro;
    for (const auto& [c, r] : day->per_euro) {
      if (c == code) per_euro = r;
    }
    // rate / 10^d x per_euro >= usd_per_eur, cross-multiplied in integers.
    unsigned pd = static_cast<unsigned>(domain::FractionDigits(per_euro));
    unsigned ud = static_cast<unsigned>(domain::FractionDigits(usd_per_eur));
    cpp_int left =
        cpp_int(rate.answer) * cpp_int(*domain::DecimalToUnits(per_euro, pd)) * TenTo(ud);
    cpp_int right = cpp_int(*domain::DecimalToUnits(usd_per_eur, ud)) * TenTo(rate.decimals + pd);
    FUZZ_REQUIRE(left >= right, code + " rounded down");
  }
  return 0;
}
