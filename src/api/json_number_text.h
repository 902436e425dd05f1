// The digits of JSON numbers as the client wrote them. Boost.JSON hands
// numbers over as int64, uint64 or double; an amount of money sent as a JSON
// number (DECISIONS §12: `amount` "read exactly from its text") must never go
// through a binary floating-point value, so the API reads its text here.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace payd::api {

// The text of each number that is the value of a member of the top-level
// object of `json` (the last one when a key repeats, as the parser keeps),
// e.g. {"amount": 19.99, "m": {"x": 1}} -> {"amount": "19.99"}. Empty when
// `json` is not well-formed JSON: the ordinary parse reports that error.
std::map<std::string, std::string> TopLevelNumberTexts(std::string_view json);

class FieldReader;
// The text of the top-level money field `name` of the request's JSON body: a
// string as sent, a number's digits as written; none when absent (or null).
// 400 naming the field for another type.
std::optional<std::string> MoneyText(FieldReader& fields, std::string_view body, const char* name);

}  // namespace payd::api
