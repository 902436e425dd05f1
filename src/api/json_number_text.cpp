#include "api/json_number_text.h"

#include <boost/json/basic_parser_impl.hpp>

#include "api/api_error.h"
#include "api/json_input.h"

namespace payd::api {

namespace {

using boost::json::error_code;
using boost::json::string_view;

// Follows the nesting depth and the current top-level key; keeps the text of
// numbers met at depth 1 (members of the top-level object).
struct NumberTextHandler {
  static constexpr std::size_t max_array_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_object_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_string_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_key_size = static_cast<std::size_t>(-1);

  int depth = 0;
  std::string key;            // the current top-level member's name
  bool key_complete = false;  // the next key part starts a new name
  std::string number;
  std::map<std::string, std::string> texts;

  bool Number(string_view last) {
    number.append(last.data(), last.size());
    if (depth == 1) texts[key] = number;
    number.clear();
    return true;
  }

  bool on_document_begin(error_code&) { return true; }
  bool on_document_end(error_code&) { return true; }
  bool on_array_begin(error_code&) { return ++depth, true; }
  bool on_array_end(std::size_t, error_code&) { return --depth, true; }
  bool on_object_begin(error_code&) { return ++depth, true; }
  bool on_object_end(std::size_t, error_code&) { return --depth, true; }
  bool on_string_part(string_view, std::size_t, error_code&) { return true; }
  bool on_string(string_view, std::size_t, error_code&) { return true; }
  void KeyPart(string_view s) {
    if (depth != 1) return;
    if (key_complete) key.clear();
    key_complete = false;
    key.append(s.data(), s.size());
  }
  bool on_key_part(string_view s, std::size_t, error_code&) { return KeyPart(s), true; }
  bool on_key(string_view s, std::size_t, error_code&) {
    KeyPart(s);
    if (depth == 1) key_complete = true;
    return true;
  }
  bool on_number_part(string_view s, error_code&) {
    number.append(s.data(), s.size());
    return true;
  }
  bool on_int64(std::int64_t, string_view s, error_code&) { return Number(s); }
  bool on_uint64(std::uint64_t, string_view s, error_code&) { return Number(s); }
  bool on_double(double, string_view s, error_code&) { return Number(s); }
  bool on_bool(bool, error_code&) { return true; }
  bool on_null(error_code&) { return true; }
  bool on_comment_part(string_view, error_code&) { return true; }
  bool on_comment(string_view, error_code&) { return true; }
};

struct TopLevelParser : boost::json::basic_parser<NumberTextHandler> {
  TopLevelParser() : basic_parser(boost::json::parse_options{}) {}
};

}  // namespace

std::map<std::string, std::string> TopLevelNumberTexts(std::string_view json) {
  TopLevelParser parser;
  error_code ec;
  parser.write_some(false, json.data(), json.size(), ec);
  if (ec || !parser.done()) return {};
  return std::move(parser.handler().texts);
}

std::optional<std::string> MoneyText(FieldReader& fields, std::string_view body, const char* name) {
  const boost::json::value* v = fields.OptionalValue(name);
  if (!v) return std::nullopt;
  if (v->is_string()) return std::string(v->as_string());
  if (!v->is_number()) {
    ThrowBadRequest(name, std::string(name) + " must be a decimal string or a number, not " +
                              TypeName(*v) + ".");
  }
  auto texts = TopLevelNumberTexts(body);
  auto text = texts.find(name);
  if (text == texts.end())
    ThrowBadRequest(name, std::string("Send ") + name + " as a decimal string.");
  return text->second;
}

}  // namespace payd::api
