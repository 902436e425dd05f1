// The headers nearly every payd source includes, directly or through domain/ and
// http/message.h, precompiled once per build (CMakeLists.txt): the 256-bit integer
// alone is 139,000 lines. Only what most files need belongs here; a header that
// few files use stays in those files.
#pragma once

#include <algorithm>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <boost/multiprecision/cpp_int.hpp>
#include <boost/url/parse.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>
