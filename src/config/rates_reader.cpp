#include "config/rates_reader.h"

#include <boost/url/parse.hpp>

#include "domain/money/currency.h"

namespace payd::config {

void ReadRates(TomlReader& r, RateSettings& rates) {
  if (auto bound = r.Int("bound_bp")) {
    if (*bound < 1 || *bound > 5000) r.Fail("bound_bp", "must be 1 to 5000 basis points");
    rates.bound_bp = static_cast<unsigned>(*bound);
  }
  if (TomlReader fixed = r.Table("fixed"); fixed.present()) {
    for (const std::string& code : fixed.Keys()) {
      auto text = fixed.String(code.c_str());
      if (!domain::FindCurrency(code) || code == "USD")
        fixed.Fail(code, "must be an ISO 4217 code payd knows, other than USD");
      if (!text || !domain::ParseRate(*text))
        fixed.Fail(code, "must be a positive decimal string: US dollars per unit");
      rates.fixed[code] = *text;
    }
  }
  // `ecb = true` reads the ECB's own file; `ecb_url` another copy of it.
  if (r.Bool("ecb").value_or(false)) rates.ecb_url = kEcbDailyUrl;
  if (auto url = r.String("ecb_url")) {
    auto parsed = boost::urls::parse_absolute_uri(*url);
    if (!parsed || parsed->scheme() != "https") r.Fail("ecb_url", "must be an https:// URL");
    rates.ecb_url = *url;
  }
  if (auto ca = r.String("ecb_ca_file")) rates.ecb_ca_file = *ca;
  if (auto refresh = r.Int("ecb_refresh_s")) {
    if (*refresh < 60 || *refresh > 86400) r.Fail("ecb_refresh_s", "must be 60 to 86400 seconds");
    rates.ecb_refresh_s = static_cast<int>(*refresh);
  }
  r.RejectUnknown();
}

}  // namespace payd::config
