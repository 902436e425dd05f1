// The list of commonly used passwords new dashboard passwords are checked
// against: npm @zxcvbn-ts/language-common's passwords.json (MIT), compiled in
// by the build (cmake/embed_files.cmake), a JSON array of lowercase strings.
#pragma once

#include <string_view>

namespace payd::domain {

std::string_view CommonPasswordsJson();

}  // namespace payd::domain
