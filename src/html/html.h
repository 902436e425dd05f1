// Escaping for text that goes into HTML or SVG built outside the templates
// (the QR code's title). Templates escape with mustache's {{ }}.
#pragma once

#include <boost/json/value.hpp>
#include <string>
#include <string_view>

namespace payd::html {

// & < > " ' as entities: safe in element text and in quoted attributes.
std::string EscapeHtml(std::string_view text);

// JSON for a <script type="application/json"> data block: < > & written as
// \u escapes, so no string in it can close the element or open a comment.
std::string ScriptJson(const boost::json::value& value);

}  // namespace payd::html
