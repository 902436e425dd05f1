#include "rates/ecb_reference.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#include <boost/multiprecision/cpp_int.hpp>
#include <chrono>
#include <memory>
#include <mutex>
#include <set>

namespace payd::rates {

namespace {

using boost::multiprecision::cpp_int;

constexpr std::string_view kEcbGesmesNs = "http://www.gesmes.org/xml/2002-08-01";
constexpr std::string_view kEcbRatesNs = "http://www.ecb.int/vocabulary/2002-08-01/eurofxref";

// Hostile text quoted in a problem stays one short line: control characters
// (a &#10; in an attribute is a real newline) become '?', and it is cut.
std::string EcbQuoted(std::string_view text, std::size_t max = 40) {
  std::string out = "'";
  for (std::size_t i = 0; i < text.size() && i < max; ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    out += c < 0x20 || c == 0x7f ? '?' : text[i];
  }
  if (text.size() > max) out += "...";
  return out + "'";
}

struct EcbDocFree {
  void operator()(xmlDoc* doc) const { xmlFreeDoc(doc); }
};
struct EcbCtxtFree {
  void operator()(xmlParserCtxt* ctxt) const { xmlFreeParserCtxt(ctxt); }
};

// An attribute without a namespace (the ECB's are unqualified), if present.
std::optional<std::string> EcbAttribute(xmlNode* node, const char* name) {
  xmlChar* value = xmlGetNoNsProp(node, reinterpret_cast<const xmlChar*>(name));
  if (value == nullptr) return std::nullopt;
  std::string text(reinterpret_cast<const char*>(value));
  xmlFree(value);
  return text;
}

bool EcbIsElement(const xmlNode* node, std::string_view ns, std::string_view name) {
  return node->type == XML_ELEMENT_NODE && node->ns != nullptr && node->ns->href != nullptr &&
         ns == reinterpret_cast<const char*>(node->ns->href) &&
         name == reinterpret_cast<const char*>(node->name);
}

// The element children of `parent` that are eurofxref Cubes; false (with the
// problem) when any other element is among them. Text and comments are skipped.
bool EcbCubes(xmlNode* parent, std::vector<xmlNode*>& cubes, std::string* problem) {
  for (xmlNode* child = parent->children; child != nullptr; child = child->next) {
    if (child->type != XML_ELEMENT_NODE) continue;
    if (!EcbIsElement(child, kEcbRatesNs, "Cube")) {
      *problem = "unexpected element " + EcbQuoted(reinterpret_cast<const char*>(child->name)) +
                 " among the Cubes";
      return false;
    }
    cubes.push_back(child);
  }
  return true;
}

// "YYYY-MM-DD" of a real day (2025-02-29 is none).
std::optional<std::chrono::sys_days> EcbDate(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return std::nullopt;
  int numbers[3] = {0, 0, 0};
  const std::size_t starts[3] = {0, 5, 8}, lengths[3] = {4, 2, 2};
  for (int i = 0; i < 3; ++i) {
    for (std::size_t j = starts[i]; j < starts[i] + lengths[i]; ++j) {
      if (text[j] < '0' || text[j] > '9') return std::nullopt;
      numbers[i] = numbers[i] * 10 + (text[j] - '0');
    }
  }
  std::chrono::year_month_day day{std::chrono::year{numbers[0]},
                                  std::chrono::month{static_cast<unsigned>(numbers[1])},
                                  std::chrono::day{static_cast<unsigned>(numbers[2])}};
  if (!day.ok()) return std::nullopt;
  return std::chrono::sys_days{day};
}

bool EcbIsCode(std::string_view code) {
  if (code.size() != 3) return false;
  for (char c : code) {
    if (c < 'A' || c > 'Z') return false;
  }
  return true;
}

// The rate's value as an integer of FractionDigits(rate) decimals; none unless
// it is a plain decimal within kEcbMaxRateDigits on either side of its point.
std::optional<domain::Uint256> EcbRateUnits(std::string_view rate) {
  if (!domain::IsDecimalString(rate)) return std::nullopt;
  std::size_t fraction = domain::FractionDigits(rate);
  std::size_t whole = rate.size() - fraction - (fraction > 0 ? 1 : 0);
  if (fraction > kEcbMaxRateDigits || whole > kEcbMaxRateDigits) return std::nullopt;
  return domain::DecimalToUnits(rate, static_cast<unsigned>(fraction));
}

// What the rates Cube of one day says, checked; false with the problem otherwise.
bool EcbReadDay(xmlNode* day_cube, EcbDay& day, std::string* problem) {
  auto time = EcbAttribute(day_cube, "time");
  if (!time) {
    *problem = "the day's Cube has no time";
    return false;
  }
  if (!EcbDate(*time)) {
    *problem = "the day's time " + EcbQuoted(*time) + " is not a date (YYYY-MM-DD)";
    return false;
  }
  day.date = *time;
  std::vector<xmlNode*> cubes;
  if (!EcbCubes(day_cube, cubes, problem)) return false;
  std::set<std::string> seen;
  for (xmlNode* cube : cubes) {
    auto currency = EcbAttribute(cube, "currency");
    auto rate = EcbAttribute(cube, "rate");
    if (!currency || !rate) {
      *problem = "a Cube of the day has no currency or no rate";
      return false;
    }
    if (!EcbIsCode(*currency)) {
      *problem = "the currency " + EcbQuoted(*currency) + " is not three upper-case letters";
      return false;
    }
    if (*currency == "EUR") {
      *problem = "EUR is listed, but every rate is per euro";
      return false;
    }
    if (!seen.insert(*currency).second) {
      *problem = *currency + " is listed twice";
      return false;
    }
    auto units = EcbRateUnits(*rate);
    if (!units) {
      *problem = "the rate of " + *currency + " (" + EcbQuoted(*rate) +
                 ") is not a plain decimal of at most " + std::to_string(kEcbMaxRateDigits) +
                 " digits either side of its point";
      return false;
    }
    if (*units == 0) {
      *problem = "the rate of " + *currency + " is zero";
      return false;
    }
    day.per_euro.emplace_back(*currency, *rate);
  }
  if (day.per_euro.empty()) {
    *problem = "the day " + day.date + " has no rates";
    return false;
  }
  return true;
}

// The Envelope's one rates Cube, holding one day: read into `day`.
bool EcbReadEnvelope(xmlDoc* doc, EcbDay& day, std::string* problem) {
  xmlNode* root = xmlDocGetRootElement(doc);
  if (root == nullptr || !EcbIsElement(root, kEcbGesmesNs, "Envelope")) {
    *problem = "not the ECB's reference rates (no gesmes:Envelope)";
    return false;
  }
  std::vector<xmlNode*> outer;
  for (xmlNode* child = root->children; child != nullptr; child = child->next) {
    if (EcbIsElement(child, kEcbRatesNs, "Cube")) outer.push_back(child);
  }
  if (outer.size() != 1) {
    *problem = outer.empty() ? "no Cube of rates" : "more than one Cube of rates";
    return false;
  }
  std::vector<xmlNode*> days;
  if (!EcbCubes(outer[0], days, problem)) return false;
  if (days.size() != 1) {
    *problem = days.empty() ? "no day of rates" : "more than one day of rates";
    return false;
  }
  return EcbReadDay(days[0], day, problem);
}

// SAX: a DOCTYPE stops the parse before its internal subset is read, so no
// entity declared there is ever parsed, expanded or fetched.
void EcbRefuseDoctype(void* ctx, const xmlChar*, const xmlChar*, const xmlChar*) {
  auto* ctxt = static_cast<xmlParserCtxt*>(ctx);
  *static_cast<bool*>(ctxt->_private) = true;
  xmlStopParser(ctxt);
}

// libxml2's last error as one line: "Opening and ending tag mismatch: ... (line 3)".
std::string EcbXmlError(xmlParserCtxt* ctxt) {
  const xmlError* error = xmlCtxtGetLastError(ctxt);
  if (error == nullptr || error->message == nullptr) return "not well-formed XML";
  std::string message = error->message;
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  std::string quoted = EcbQuoted(message, 120);
  return "not well-formed XML: " + quoted.substr(1, quoted.size() - 2) + " (line " +
         std::to_string(error->line) + ")";
}

}  // namespace

std::optional<EcbDay> ParseEcbDaily(std::string_view xml, std::string* problem) {
  std::string ignored;
  if (problem == nullptr) problem = &ignored;
  if (xml.size() > kEcbMaxBytes) {
    *problem = "larger than " + std::to_string(kEcbMaxBytes) + " bytes";
    return std::nullopt;
  }
  // Once per process, before any thread parses: libxml2's own tables.
  static std::once_flag init;
  std::call_once(init, [] { xmlInitParser(); });
  std::unique_ptr<xmlParserCtxt, EcbCtxtFree> ctxt(xmlNewParserCtxt());
  if (!ctxt) {
    *problem = "libxml2 has no memory for a parser";
    return std::nullopt;
  }
  bool doctype = false;
  ctxt->_private = &doctype;
  ctxt->sax->internalSubset = EcbRefuseDoctype;
  // NONET: nothing from the network. Neither NOENT (substitute entities) nor
  // DTDLOAD, DTDATTR, DTDVALID, XINCLUDE or HUGE (which lifts libxml2's own
  // limits). NOERROR and NOWARNING: the problem goes to the caller, not stderr.
  constexpr int kEcbParseOptions = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING;
  std::unique_ptr<xmlDoc, EcbDocFree> doc(xmlCtxtReadMemory(
      ctxt.get(), xml.data(), static_cast<int>(xml.size()), nullptr, nullptr, kEcbParseOptions));
  if (doctype) {
    *problem = "a DOCTYPE (the ECB's file has none; DTDs and entities are refused)";
    return std::nullopt;
  }
  if (!doc || !ctxt->wellFormed) {
    *problem = EcbXmlError(ctxt.get());
    return std::nullopt;
  }
  EcbDay day;
  if (!EcbReadEnvelope(doc.get(), day, problem)) return std::nullopt;
  problem->clear();
  return day;
}

// The ECB sets the reference rates at its daily concertation (14:10 CET) and
// publishes them around 16:00 CET, which is 15:00 UTC in winter and 14:00 UTC
// in summer (CEST). payd dates them 14:00 UTC all year: no later than the
// publication in either season (so a rate is never younger than it looks) and
// without a daylight-saving rule to get wrong. The hour or two to the
// concertation is nothing beside the source's max age, which must span a long
// weekend of no publication anyway.
base::TimeMs EcbDayTime(const std::string& date) {
  auto day = EcbDate(date);
  if (!day) return 0;
  auto at = *day + std::chrono::hours(14);
  return std::chrono::duration_cast<std::chrono::milliseconds>(at.time_since_epoch()).count();
}

std::vector<std::pair<std::string, domain::UsdRate>> EcbUsdRates(const EcbDay& day) {
  std::vector<std::pair<std::string, domain::UsdRate>> out;
  std::optional<domain::Uint256> usd;
  unsigned usd_decimals = 0;
  for (const auto& [code, rate] : day.per_euro) {
    if (code != "USD") continue;
    usd = EcbRateUnits(rate);
    usd_decimals = static_cast<unsigned>(domain::FractionDigits(rate));
    break;
  }
  if (!usd || *usd == 0) return out;
  // USD per EUR is what the ECB publishes for USD: exact, as written.
  out.emplace_back("EUR", domain::UsdRate{*usd, usd_decimals});
  for (const auto& [code, rate] : day.per_euro) {
    if (code == "USD" || code == "EUR") continue;
    auto units = EcbRateUnits(rate);
    if (!units || *units == 0) continue;
    const unsigned rate_decimals = static_cast<unsigned>(domain::FractionDigits(rate));
    // usd / 10^ud over units / 10^rd, at 10^18: usd * 10^(rd + 18) / (units * 10^ud),
    // rounded up. A rate is a price's multiplier (domain::PriceToUnits): rounded
    // up, a price converted with it never comes to fewer token units than the
    // exact quotient would, and the excess is below 10^-18 dollars per unit.
    cpp_int numerator = cpp_int(*usd);
    for (unsigned i = 0; i < rate_decimals + kEcbCrossDecimals; ++i) numerator *= 10;
    cpp_int denominator = cpp_int(*units);
    for (unsigned i = 0; i < usd_decimals; ++i) denominator *= 10;
    cpp_int answer = (numerator + denominator - 1) / denominator;
    if (answer > domain::MaxUint256()) continue;
    out.emplace_back(code, domain::UsdRate{domain::Uint256(answer), kEcbCrossDecimals});
  }
  return out;
}

}  // namespace payd::rates
