// Fuzz target: an integration's terms as /api/v1/integrations takes them
// (domain/integration.h CheckIntegrationTerms, create and PATCH alike).
//
// Input: six lines, "<name>\n<chain ids, comma-separated>\n<tokens,
// comma-separated>\n<payout address>\n<origins, comma-separated>\n<preferred
// token, or empty for none>", checked against the unit table's chains
// (tests/unit/v1_intent_terms_fixture.h: 31337 with ETH and USDC, 56 with BNB
// and USDC).
//
// Properties: only domain::Error kInvalidRequest naming name, chains, tokens,
// payoutAddress, origins or preferredToken is thrown. Accepted terms have a
// name of 1 to 200 bytes; distinct, configured chains; distinct tokens each on
// one of them; a payout address in EIP-55 form (ParseAddress gives it back
// unchanged) that names the same 20 bytes as written; at most 100 origins,
// each in its canonical form (checking again changes nothing); a preferred
// token among the tokens.
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "../unit/v1_intent_terms_fixture.h"
#include "base/strings.h"
#include "domain/error.h"
#include "domain/integration.h"
#include "domain/money/address.h"
#include "fuzz_check.h"
#include "fuzz_input.h"

namespace {

namespace domain = payd::domain;
using payd::fuzz::Split;

const domain::ChainCatalog& Catalog() {
  static const domain::ChainCatalog catalog = payd::testing::v1_terms::Catalog();
  return catalog;
}

template <typename T>
bool Distinct(std::vector<T> values) {
  std::sort(values.begin(), values.end());
  return std::adjacent_find(values.begin(), values.end()) == values.end();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string input(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> lines = payd::fuzz::Lines(data, size, 6);

  domain::Integration i;
  i.name = lines[0];
  // The API reads JSON integers: a chain id here is any signed 64-bit decimal.
  for (const auto& id : Split(lines[1])) {
    std::int64_t value = 0;
    auto [end, ec] = std::from_chars(id.data(), id.data() + id.size(), value);
    if (ec != std::errc() || end != id.data() + id.size()) return 0;
    i.allow_chains.push_back(value);
  }
  i.allow_tokens = Split(lines[2]);
  i.payout_address = lines[3];
  i.allowed_origins = Split(lines[4]);
  if (!lines[5].empty()) i.preferred_token = lines[5];
  const std::string payout_as_written = i.payout_address;

  try {
    domain::CheckIntegrationTerms(Catalog(), i);
  } catch (const domain::Error& e) {
    static const std::set<std::string> kFields = {"name",          "chains",  "tokens",
                                                  "payoutAddress", "origins", "preferredToken"};
    FUZZ_REQUIRE(e.kind() == domain::ErrorKind::kInvalidRequest, input);
    FUZZ_REQUIRE(kFields.count(e.param()) == 1, e.param() + " | " + input);
    return 0;
  }
  FUZZ_REQUIRE(!i.name.empty() && i.name.size() <= 200, i.name);
  FUZZ_REQUIRE(!i.allow_chains.empty() && Distinct(i.allow_chains), lines[1]);
  for (auto id : i.allow_chains) FUZZ_REQUIRE(Catalog().FindChain(id) != nullptr, lines[1]);
  FUZZ_REQUIRE(!i.allow_tokens.empty() && Distinct(i.allow_tokens), lines[2]);
  for (const auto& symbol : i.allow_tokens) {
    bool somewhere = false;
    for (auto id : i.allow_chains)
      somewhere |= Catalog().FindChain(id)->FindToken(symbol) != nullptr;
    FUZZ_REQUIRE(somewhere, symbol);
  }
  auto again = domain::ParseAddress(i.payout_address);
  FUZZ_REQUIRE(again && *again == i.payout_address, i.payout_address);
  FUZZ_REQUIRE(
      payd::base::AsciiLower(i.payout_address) == payd::base::AsciiLower(payout_as_written),
      payout_as_written);
  FUZZ_REQUIRE(i.allowed_origins.size() <= 100, lines[4]);
  domain::Integration checked_again = i;
  domain::CheckIntegrationTerms(Catalog(), checked_again);
  FUZZ_REQUIRE(checked_again.allowed_origins == i.allowed_origins, lines[4]);
  if (i.preferred_token) FUZZ_REQUIRE(i.AllowsToken(*i.preferred_token), *i.preferred_token);
  return 0;
}
