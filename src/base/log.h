// Structured logging: every line on stderr is one JSON object with "ts",
// "level", "msg" and the caller's fields. Never pass secrets (keys, webhook
// secrets) as fields; ids and prefixes only.
#pragma once

#include <boost/json/object.hpp>
#include <string_view>

namespace payd::base {

enum class LogLevel { kDebug, kInfo, kWarn, kError };

void SetLogLevel(LogLevel level);
void Log(LogLevel level, std::string_view msg, boost::json::object fields = {});

inline void LogInfo(std::string_view msg, boost::json::object fields = {}) {
  Log(LogLevel::kInfo, msg, std::move(fields));
}
inline void LogWarn(std::string_view msg, boost::json::object fields = {}) {
  Log(LogLevel::kWarn, msg, std::move(fields));
}
inline void LogError(std::string_view msg, boost::json::object fields = {}) {
  Log(LogLevel::kError, msg, std::move(fields));
}

}  // namespace payd::base
