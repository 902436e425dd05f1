#include "base/utf8.h"

#include <boost/locale/utf.hpp>

namespace payd::base {

std::string ValidUtf8(std::string_view text) {
  namespace utf = boost::locale::utf;
  std::string out;
  out.reserve(text.size());
  const char* p = text.data();
  const char* end = p + text.size();
  while (p != end) {
    const char* start = p;
    utf::code_point c = utf::utf_traits<char>::decode(p, end);
    if (c == utf::illegal || c == utf::incomplete) {
      out += "\xEF\xBF\xBD";
      p = start + 1;
    } else {
      out.append(start, p);
    }
  }
  return out;
}

}  // namespace payd::base
