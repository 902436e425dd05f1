#include "api/json_input.h"

#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/url/parse.hpp>
#include <cmath>

#include "api/api_error.h"
#include "base/strings.h"

namespace payd::api {

namespace {

constexpr std::size_t kMaxMetadataKeys = 50;
constexpr std::size_t kMaxMetadataKeyLength = 40;
constexpr std::size_t kMaxMetadataValueLength = 500;

void WriteCanonical(const boost::json::value& value, std::string& out) {
  if (value.is_object()) {
    const auto& object = value.as_object();
    std::vector<std::string_view> keys;
    for (const auto& [k, v] : object) keys.push_back(k);
    std::sort(keys.begin(), keys.end());
    out += '{';
    for (std::size_t i = 0; i < keys.size(); ++i) {
      if (i) out += ',';
      out += boost::json::serialize(boost::json::string(keys[i]));
      out += ':';
      WriteCanonical(object.at(keys[i]), out);
    }
    out += '}';
  } else if (value.is_array()) {
    out += '[';
    bool first = true;
    for (const auto& item : value.as_array()) {
      if (!first) out += ',';
      first = false;
      WriteCanonical(item, out);
    }
    out += ']';
  } else {
    out += boost::json::serialize(value);
  }
}

// Boost.JSON reads a number beyond a double's range as an infinity, and would
// write it back as `Infinity`, which is not JSON. Returns the field holding
// one ("metadata.k"; an array counts as its field), if any.
std::optional<std::string> NonFiniteNumberAt(const boost::json::value& value,
                                             const std::string& path) {
  if (value.is_double()) {
    return std::isfinite(value.get_double()) ? std::nullopt : std::optional(path);
  }
  if (value.is_array()) {
    for (const auto& item : value.get_array()) {
      if (auto at = NonFiniteNumberAt(item, path)) return at;
    }
  }
  if (value.is_object()) {
    for (const auto& [key, item] : value.get_object()) {
      std::string field = path.empty() ? std::string(key) : path + "." + std::string(key);
      if (auto at = NonFiniteNumberAt(item, field)) return at;
    }
  }
  return std::nullopt;
}

}  // namespace

boost::json::object ParseJsonObjectBody(const http::Request& req) {
  std::string_view type = req[http::beast_http::field::content_type];
  std::string media = base::AsciiLower(base::TrimBlanks(type.substr(0, type.find(';'))));
  if (media != "application/json") {
    throw ApiError(http::Status::unsupported_media_type, "unsupported_media_type",
                   "Send the request body as JSON with 'Content-Type: application/json'.");
  }
  boost::json::error_code ec;
  boost::json::value body = boost::json::parse(req.body(), ec);
  if (ec) ThrowBadRequest("", "Malformed JSON in request body: " + ec.message());
  if (!body.is_object()) ThrowBadRequest("", "The request body must be a JSON object.");
  if (auto field = NonFiniteNumberAt(body, "")) {
    ThrowBadRequest(*field, *field + " holds a number too large to represent (beyond 1.8e308).");
  }
  return std::move(body.as_object());
}

void RequireNoFields(const http::Request& req) {
  if (req.body().empty()) return;
  FieldReader(ParseJsonObjectBody(req)).RejectUnknown();
}

std::string CanonicalJson(const boost::json::value& value) {
  std::string out;
  WriteCanonical(value, out);
  return out;
}

const boost::json::value* FieldReader::Get(const char* name) {
  known_.insert(name);
  const boost::json::value* v = object_.if_contains(name);
  return (v && v->is_null()) ? nullptr : v;
}

std::string FieldReader::RequiredString(const char* name) {
  const boost::json::value* v = Get(name);
  if (!v) ThrowBadRequest(name, std::string(name) + " is required.");
  if (!v->is_string()) {
    ThrowBadRequest(name, std::string(name) + " must be a string, not " + TypeName(*v) + ".");
  }
  return std::string(v->as_string());
}

std::optional<std::string> FieldReader::OptionalString(const char* name) {
  const boost::json::value* v = Get(name);
  if (!v) return std::nullopt;
  if (!v->is_string()) {
    ThrowBadRequest(name, std::string(name) + " must be a string, not " + TypeName(*v) + ".");
  }
  return std::string(v->as_string());
}

std::optional<bool> FieldReader::OptionalBool(const char* name) {
  const boost::json::value* v = Get(name);
  if (!v) return std::nullopt;
  if (!v->is_bool()) {
    ThrowBadRequest(name, std::string(name) + " must be a boolean, not " + TypeName(*v) + ".");
  }
  return v->as_bool();
}

std::int64_t FieldReader::RequiredInt(const char* name) {
  const boost::json::value* v = Get(name);
  if (!v) ThrowBadRequest(name, std::string(name) + " is required.");
  if (v->is_int64()) return v->as_int64();
  if (v->is_uint64() && v->as_uint64() <= static_cast<std::uint64_t>(INT64_MAX)) {
    return static_cast<std::int64_t>(v->as_uint64());
  }
  ThrowBadRequest(name, std::string(name) + " must be an integer, not " + TypeName(*v) + ".");
}

namespace {

std::int64_t AsInt(const boost::json::value& v, const std::string& what) {
  if (v.is_int64()) return v.as_int64();
  if (v.is_uint64() && v.as_uint64() <= static_cast<std::uint64_t>(INT64_MAX)) {
    return static_cast<std::int64_t>(v.as_uint64());
  }
  ThrowBadRequest(what, what + " must be an integer, not " + TypeName(v) + ".");
}

}  // namespace

std::optional<std::vector<std::string>> FieldReader::OptionalStrings(const char* name) {
  const boost::json::value* v = Get(name);
  if (!v) return std::nullopt;
  if (!v->is_array()) {
    ThrowBadRequest(name,
                    std::string(name) + " must be an array of strings, not " + TypeName(*v) + ".");
  }
  std::vector<std::string> out;
  for (const auto& item : v->as_array()) {
    if (!item.is_string())
      ThrowBadRequest(
          name, std::string("Each of ") + name + " must be a string, not " + TypeName(item) + ".");
    out.emplace_back(item.as_string());
  }
  return out;
}

std::optional<std::vector<std::int64_t>> FieldReader::OptionalInts(const char* name) {
  const boost::json::value* v = Get(name);
  if (!v) return std::nullopt;
  if (!v->is_array()) {
    ThrowBadRequest(name,
                    std::string(name) + " must be an array of integers, not " + TypeName(*v) + ".");
  }
  std::vector<std::int64_t> out;
  for (const auto& item : v->as_array()) out.push_back(AsInt(item, name));
  return out;
}

bool FieldReader::IsNull(const char* name) const {
  const boost::json::value* v = object_.if_contains(name);
  return v && v->is_null();
}

std::optional<std::optional<std::string>> FieldReader::ClearableString(const char* name) {
  if (IsNull(name)) {
    known_.insert(name);
    return std::optional<std::string>();
  }
  if (auto text = OptionalString(name)) return std::optional<std::string>(std::move(*text));
  return std::nullopt;
}

void FieldReader::RefuseNull(std::initializer_list<const char*> names) const {
  for (const char* name : names) {
    if (IsNull(name)) ThrowBadRequest(name, std::string(name) + " cannot be null.");
  }
}

const boost::json::object* FieldReader::OptionalObject(const char* name) {
  const boost::json::value* v = Get(name);
  if (!v) return nullptr;
  if (!v->is_object()) {
    ThrowBadRequest(name, std::string(name) + " must be an object, not " + TypeName(*v) + ".");
  }
  return &v->as_object();
}

void FieldReader::RejectUnknown() const {
  for (const auto& [key, value] : object_) {
    if (!known_.contains(key)) {
      ThrowBadRequest(std::string(key), "Unknown field: " + std::string(key) + ".");
    }
  }
}

std::vector<std::pair<std::string, std::string>> ParseQuery(const http::Request& req,
                                                            const std::set<std::string>& allowed) {
  auto url = boost::urls::parse_origin_form(req.target());
  if (!url) ThrowBadRequest("", "Malformed request target.");
  std::vector<std::pair<std::string, std::string>> out;
  for (auto param : url->params()) {
    if (!allowed.contains(param.key)) {
      ThrowBadRequest(param.key, "Unknown query parameter: " + param.key + ".");
    }
    bool repeated =
        std::any_of(out.begin(), out.end(), [&](const auto& p) { return p.first == param.key; });
    if (repeated) ThrowBadRequest(param.key, "Query parameter " + param.key + " is repeated.");
    out.emplace_back(param.key, param.value);
  }
  return out;
}

const char* TypeName(const boost::json::value& v) {
  switch (v.kind()) {
    case boost::json::kind::string:
      return "a string";
    case boost::json::kind::bool_:
      return "a boolean";
    case boost::json::kind::object:
      return "an object";
    case boost::json::kind::array:
      return "an array";
    case boost::json::kind::null:
      return "null";
    default:
      return "a number";
  }
}

std::string ReadMetadata(const boost::json::object* metadata) {
  if (!metadata) return "{}";
  if (metadata->size() > kMaxMetadataKeys) {
    ThrowBadRequest("metadata", "metadata may have at most 50 keys.");
  }
  for (const auto& [key, value] : *metadata) {
    std::string param = "metadata." + std::string(key);
    if (key.empty() || key.size() > kMaxMetadataKeyLength) {
      ThrowBadRequest(param, "metadata keys must be 1 to 40 characters.");
    }
    if (!value.is_string() && !value.is_number() && !value.is_bool()) {
      ThrowBadRequest(param, "metadata values must be strings, numbers or booleans.");
    }
    std::size_t length =
        value.is_string() ? value.as_string().size() : boost::json::serialize(value).size();
    if (length > kMaxMetadataValueLength) {
      ThrowBadRequest(param, "metadata values must be at most 500 characters.");
    }
  }
  return boost::json::serialize(*metadata);
}

const boost::json::value* FieldReader::OptionalValue(const char* name) {
  return Get(name);
}

}  // namespace payd::api
