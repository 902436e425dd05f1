// Reading request input strictly: a JSON object body (415 for another media
// type, 400 for malformed JSON), typed fields whose errors name the field, a
// 400 for any field or query parameter the endpoint does not know, and the
// canonical form of a body for idempotency fingerprints.
#pragma once

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "http/message.h"

namespace payd::api {

boost::json::object ParseJsonObjectBody(const http::Request& req);
// An action that takes no parameters: no body, or `{}` (a field is 400, unknown).
void RequireNoFields(const http::Request& req);

// Objects serialised with keys sorted at every depth, so that two bodies that
// mean the same thing have the same text.
std::string CanonicalJson(const boost::json::value& value);

class FieldReader {
 public:
  explicit FieldReader(const boost::json::object& object) : object_(object) {}

  std::string RequiredString(const char* name);
  // JSON null counts as absent.
  std::optional<std::string> OptionalString(const char* name);
  std::optional<bool> OptionalBool(const char* name);
  // A JSON integer (no fraction, no exponent beyond integers).
  std::int64_t RequiredInt(const char* name);
  const boost::json::object* OptionalObject(const char* name);
  // A JSON array of strings, or of integers; null counts as absent.
  std::optional<std::vector<std::string>> OptionalStrings(const char* name);
  std::optional<std::vector<std::int64_t>> OptionalInts(const char* name);
  // The field is there and JSON null (an update's "clear it").
  bool IsNull(const char* name) const;
  // An update's optional text: absent (none), null (clear it: an empty
  // optional) or a string.
  std::optional<std::optional<std::string>> ClearableString(const char* name);
  // 400 when any of `names` is JSON null: an update cannot clear them.
  void RefuseNull(std::initializer_list<const char*> names) const;
  // Any JSON type, for a field that takes several; JSON null counts as absent.
  const boost::json::value* OptionalValue(const char* name);
  // Fails on the first field no getter asked for.
  void RejectUnknown() const;

 private:
  const boost::json::value* Get(const char* name);

  const boost::json::object& object_;
  std::set<std::string, std::less<>> known_;
};

// A `metadata` object as it is stored: flat (string, number or boolean
// values), bounded like Stripe's (50 keys of 1-40 characters, values of at
// most 500); "{}" when absent. 400s name metadata.<key>.
std::string ReadMetadata(const boost::json::object* metadata);

// The name of a JSON value's type, for error messages ("a number").
const char* TypeName(const boost::json::value& v);

// Query parameters of the target; 400 for names outside `allowed` or repeated ones.
std::vector<std::pair<std::string, std::string>> ParseQuery(const http::Request& req,
                                                            const std::set<std::string>& allowed);

}  // namespace payd::api
