// What payd accepts as an address to send mail to or from (DECISIONS §18):
// one @ with a local part and a domain with a dot, printable ASCII only, and
// none of the characters that would end or extend a header (<>,;:"()[]\ and
// blanks), so an address put in To or in the envelope is that address only.
// Addresses in other scripts would need SMTPUTF8, which payd does not ask for.
#pragma once

#include <string_view>

namespace payd::domain {

bool IsMailAddress(std::string_view text);

}  // namespace payd::domain
