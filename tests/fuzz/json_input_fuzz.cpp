// Fuzz target: reading request input (api/json_input.h) and the error a client
// then gets (http::ErrorResponse).
//
// Input: "<request target>\n<Content-Type>\n<body>".
//
// Properties: a refusal is a 400 invalid_request or 415 unsupported_media_type
// with a message, and the JSON error built from it is valid JSON (UTF-8) that
// carries the same code and param; a JSON media type is recognised whatever its
// case, blanks and parameters; an accepted body is an object whose canonical
// text parses back to the same object (doubles within Boost 1.81's parsing
// precision) and does not depend on key order; query
// parameters come back only when known and never repeated; each FieldReader
// getter returns exactly the field's value when it has the right type and
// otherwise refuses naming that field; RejectUnknown refuses exactly when a
// field nobody asked for is present, and names it; every number member's text
// is kept as written (TopLevelNumberTexts) and parses back to that number.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "api/api_error.h"
#include "api/json_input.h"
#include "api/json_number_text.h"
#include "base/strings.h"
#include "fuzz_check.h"
#include "http/json_response.h"

namespace {

namespace api = payd::api;
namespace http = payd::http;
namespace json = boost::json;

// What a client receives for `e` must be JSON that says the same thing.
void CheckErrorResponse(const api::ApiError& e, const std::string& ctx) {
  FUZZ_REQUIRE(
      e.status() == http::Status::bad_request || e.status() == http::Status::unsupported_media_type,
      ctx + " status " + std::to_string(static_cast<int>(e.status())));
  FUZZ_REQUIRE(e.code() == (e.status() == http::Status::bad_request ? "invalid_request"
                                                                    : "unsupported_media_type"),
               ctx);
  FUZZ_REQUIRE(std::string_view(e.what()).size() > 0, ctx);
  auto res = http::ErrorResponse(e.status(), e.code(), e.what(), "req_x", e.param());
  json::error_code ec;
  json::value body = json::parse(res.body(), ec);
  FUZZ_REQUIRE(!ec, ctx + " error body " + res.body());
  const json::value* wrapper = body.is_object() ? body.as_object().if_contains("error") : nullptr;
  const json::object* error = wrapper ? wrapper->if_object() : nullptr;
  FUZZ_REQUIRE(error && error->at("code") == e.code().c_str(), ctx + " error body " + res.body());
  FUZZ_REQUIRE(error->at("message").is_string(), ctx);
  FUZZ_REQUIRE(e.param().empty() == !error->contains("param"), ctx);
}

// Equal as JSON, except that doubles may differ in the last bits: Boost 1.81
// parses doubles without correct rounding (1 in 3 random doubles comes back a
// unit or two in the last place off), which payd never depends on.
bool SameJson(const json::value& a, const json::value& b) {
  if (a.is_double() || b.is_double()) {
    if (!a.is_number() || !b.is_number()) return false;
    double x = a.to_number<double>(), y = b.to_number<double>();
    return x == y || std::fabs(x - y) <= 4 * std::fabs(x) * 2.220446049250313e-16;
  }
  if (a.kind() != b.kind()) return false;
  if (a.is_object()) {
    const auto& oa = a.as_object();
    const auto& ob = b.as_object();
    if (oa.size() != ob.size()) return false;
    for (const auto& [k, v] : oa) {
      const json::value* w = ob.if_contains(k);
      if (!w || !SameJson(v, *w)) return false;
    }
    return true;
  }
  if (a.is_array()) {
    const auto& xa = a.as_array();
    const auto& xb = b.as_array();
    if (xa.size() != xb.size()) return false;
    for (std::size_t i = 0; i < xa.size(); ++i)
      if (!SameJson(xa[i], xb[i])) return false;
    return true;
  }
  return a == b;
}

json::value Reversed(const json::value& v) {
  if (v.is_object()) {
    json::object out;
    const auto& o = v.as_object();
    for (auto it = o.end(); it != o.begin();) {
      --it;
      out[it->key()] = Reversed(it->value());
    }
    return out;
  }
  if (v.is_array()) {
    json::array out;
    for (const auto& item : v.as_array()) out.push_back(Reversed(item));
    return out;
  }
  return v;
}

void CheckCanonical(const json::object& object, const std::string& ctx) {
  std::string canonical = api::CanonicalJson(object);
  json::error_code ec;
  json::value back = json::parse(canonical, ec);
  FUZZ_REQUIRE(!ec, ctx + " canonical " + canonical);
  FUZZ_REQUIRE(SameJson(back, object), ctx + " canonical " + canonical);
  FUZZ_REQUIRE(api::CanonicalJson(Reversed(object)) == canonical, ctx + " canonical " + canonical);
  // Not asserted: that canonical text is a fixed point. Boost 1.81 reads
  // doubles without correct rounding, so writing and reading one again may
  // move it by an ulp each time (see SameJson); fingerprints are taken of the
  // body as sent, once, so they do not depend on it.
}

enum class Getter { kRequiredString, kOptionalString, kOptionalBool, kRequiredInt, kObject };

// Calls one getter on `name` and checks its outcome against the field's value.
void CheckGetter(api::FieldReader& fields, const json::object& object, const char* name,
                 Getter getter, const std::string& ctx) {
  const json::value* raw = object.if_contains(name);
  const json::value* v = raw && !raw->is_null() ? raw : nullptr;
  bool required = getter == Getter::kRequiredString || getter == Getter::kRequiredInt;
  bool fits = false;
  switch (getter) {
    case Getter::kRequiredString:
    case Getter::kOptionalString:
      fits = v && v->is_string();
      break;
    case Getter::kOptionalBool:
      fits = v && v->is_bool();
      break;
    case Getter::kRequiredInt:
      fits = v && (v->is_int64() || (v->is_uint64() && v->as_uint64() <= INT64_MAX));
      break;
    case Getter::kObject:
      fits = v && v->is_object();
      break;
  }
  std::string gctx = ctx + " field " + name;
  try {
    switch (getter) {
      case Getter::kRequiredString:
        FUZZ_REQUIRE(fields.RequiredString(name) == v->as_string(), gctx);
        break;
      case Getter::kOptionalString: {
        auto s = fields.OptionalString(name);
        FUZZ_REQUIRE(s.has_value() == (v != nullptr) && (!s || *s == v->as_string()), gctx);
        break;
      }
      case Getter::kOptionalBool: {
        auto b = fields.OptionalBool(name);
        FUZZ_REQUIRE(b.has_value() == (v != nullptr) && (!b || *b == v->as_bool()), gctx);
        break;
      }
      case Getter::kRequiredInt:
        FUZZ_REQUIRE(fields.RequiredInt(name) == v->to_number<std::int64_t>(), gctx);
        break;
      case Getter::kObject: {
        const json::object* o = fields.OptionalObject(name);
        FUZZ_REQUIRE((o != nullptr) == (v != nullptr) && (!o || o == &v->as_object()), gctx);
        break;
      }
    }
    FUZZ_REQUIRE(fits || (!v && !required), gctx + " accepted");
  } catch (const api::ApiError& e) {
    FUZZ_REQUIRE(!fits && (v || required), gctx + " refused: " + e.what());
    FUZZ_REQUIRE(e.param() == name, gctx + " param " + e.param());
    CheckErrorResponse(e, gctx);
  }
}

struct Field {
  const char* name;
  Getter getter;
};
// The fields of POST /api/v1/payment-links and POST /public/.../intent.
constexpr Field kLinkFields[] = {{"integrationId", Getter::kRequiredString},
                                 {"type", Getter::kRequiredString},
                                 {"name", Getter::kRequiredString},
                                 {"amount", Getter::kRequiredString},
                                 {"currency", Getter::kRequiredString},
                                 {"denominationType", Getter::kOptionalString},
                                 {"returnUrl", Getter::kOptionalString},
                                 {"description", Getter::kOptionalString},
                                 {"allowCustomAmount", Getter::kOptionalBool},
                                 {"minAmount", Getter::kOptionalString}};
constexpr Field kIntentFields[] = {{"amount_usd", Getter::kOptionalString},
                                   {"amount", Getter::kOptionalString},
                                   {"currency", Getter::kRequiredString},
                                   {"chainId", Getter::kRequiredInt},
                                   {"metadata", Getter::kObject},
                                   {"idempotencyKey", Getter::kOptionalString},
                                   {"senderAddress", Getter::kOptionalString},
                                   {"paymentLinkId", Getter::kOptionalString}};

template <std::size_t N>
void CheckFields(const json::object& object, const Field (&fields)[N], const std::string& ctx) {
  api::FieldReader reader(object);
  for (const auto& f : fields) CheckGetter(reader, object, f.name, f.getter, ctx);
  const json::key_value_pair* unknown = nullptr;
  for (const auto& kv : object) {
    bool asked = false;
    for (const auto& f : fields) asked = asked || kv.key() == f.name;
    if (!asked) {
      unknown = &kv;
      break;
    }
  }
  try {
    reader.RejectUnknown();
    FUZZ_REQUIRE(unknown == nullptr, ctx + " unknown field accepted");
  } catch (const api::ApiError& e) {
    FUZZ_REQUIRE(unknown && e.param() == unknown->key(), ctx + " RejectUnknown: " + e.param());
    CheckErrorResponse(e, ctx);
  }
}

void CheckQuery(http::Request& req, const std::string& ctx) {
  static const std::set<std::string> kAllowed = {"status", "limit", "offset"};
  try {
    auto query = api::ParseQuery(req, kAllowed);
    std::set<std::string> seen;
    for (const auto& [k, v] : query) {
      FUZZ_REQUIRE(kAllowed.contains(k) && seen.insert(k).second, ctx + " query key " + k);
    }
  } catch (const api::ApiError& e) {
    CheckErrorResponse(e, ctx + " query");
  }
  try {
    FUZZ_REQUIRE(api::ParseQuery(req, {}).empty(), ctx + " a query parameter nobody allowed");
  } catch (const api::ApiError& e) {
    CheckErrorResponse(e, ctx + " query");
  }
}

// Each number member of the accepted object has its text as written, and that
// text parses to the very number (api/json_number_text.h).
void CheckNumberTexts(const json::object& object, std::string_view body, const std::string& ctx) {
  auto texts = api::TopLevelNumberTexts(body);
  for (const auto& [key, text] : texts) {
    FUZZ_REQUIRE(object.contains(key), ctx + " number text of no member " + std::string(key));
  }
  for (const auto& member : object) {
    if (!member.value().is_number()) continue;
    std::string key(member.key());
    auto it = texts.find(key);
    FUZZ_REQUIRE(it != texts.end(), ctx + " no text for number member " + key);
    json::error_code ec;
    json::value reparsed = json::parse(it->second, ec);
    FUZZ_REQUIRE(!ec && SameJson(reparsed, member.value()), ctx + " text " + it->second);
  }
}

bool IsJsonMediaType(std::string_view type) {
  std::string_view media = payd::base::TrimBlanks(type.substr(0, type.find(';')));
  return payd::base::EqualsIgnoreCase(media, "application/json");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  auto first = input.find('\n');
  std::string_view target = input.substr(0, first);
  std::string_view rest = first == std::string_view::npos ? "" : input.substr(first + 1);
  auto second = rest.find('\n');
  std::string_view content_type = rest.substr(0, second);
  std::string_view body = second == std::string_view::npos ? "" : rest.substr(second + 1);

  http::Request req{http::Verb::post, std::string(target), 11};
  req.set(http::beast_http::field::content_type, content_type);
  req.body() = std::string(body);
  std::string ctx = "target '" + std::string(target) + "' type '" + std::string(content_type) +
                    "' body '" + std::string(body.substr(0, 200)) + "'";
  CheckQuery(req, ctx);

  json::object object;
  try {
    object = api::ParseJsonObjectBody(req);
  } catch (const api::ApiError& e) {
    CheckErrorResponse(e, ctx);
    bool media_refused = e.status() == http::Status::unsupported_media_type;
    FUZZ_REQUIRE(media_refused == !IsJsonMediaType(content_type), ctx);
    return 0;
  }
  FUZZ_REQUIRE(IsJsonMediaType(content_type), ctx);
  CheckCanonical(object, ctx);
  CheckNumberTexts(object, body, ctx);
  CheckFields(object, kLinkFields, ctx);
  CheckFields(object, kIntentFields, ctx);
  return 0;
}
