// Object identifiers: a type prefix ("plink_", "key_", ...) and 128 random
// bits, so that ids payers see cannot be guessed or enumerated.
#pragma once

#include <string>
#include <string_view>

namespace payd::base {

std::string NewId(std::string_view prefix);

}  // namespace payd::base
