// The two small conversions every JSON view of the domain makes: an optional
// value as itself or null, and an optional time as RFC 3339 or null.
#pragma once

#include <boost/json/value.hpp>
#include <optional>

#include "base/time.h"

namespace payd::domain {

template <typename T>
boost::json::value JsonOrNull(const std::optional<T>& v) {
  return v ? boost::json::value(*v) : boost::json::value(nullptr);
}

inline boost::json::value JsonTimeOrNull(const std::optional<base::TimeMs>& t) {
  return t ? boost::json::value(base::FormatTimestamp(*t)) : boost::json::value(nullptr);
}

}  // namespace payd::domain
