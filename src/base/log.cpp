#include "base/log.h"

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <boost/json/serialize.hpp>

#include "base/time.h"

namespace payd::base {

namespace {

spdlog::logger& Logger() {
  // spdlog serialises writers, so concurrent request threads never interleave lines.
  static auto logger = [] {
    auto l =
        std::make_shared<spdlog::logger>("payd", std::make_shared<spdlog::sinks::stderr_sink_mt>());
    l->set_pattern("%v");
    l->set_level(spdlog::level::info);
    l->flush_on(spdlog::level::trace);
    return l;
  }();
  return *logger;
}

spdlog::level::level_enum ToSpd(LogLevel level) {
  switch (level) {
    case LogLevel::kDebug:
      return spdlog::level::debug;
    case LogLevel::kInfo:
      return spdlog::level::info;
    case LogLevel::kWarn:
      return spdlog::level::warn;
    case LogLevel::kError:
      return spdlog::level::err;
  }
  return spdlog::level::info;
}

const char* Name(LogLevel level) {
  switch (level) {
    case LogLevel::kDebug:
      return "debug";
    case LogLevel::kInfo:
      return "info";
    case LogLevel::kWarn:
      return "warn";
    case LogLevel::kError:
      return "error";
  }
  return "info";
}

}  // namespace

void SetLogLevel(LogLevel level) {
  Logger().set_level(ToSpd(level));
}

void Log(LogLevel level, std::string_view msg, boost::json::object fields) {
  auto& logger = Logger();
  if (!logger.should_log(ToSpd(level))) return;
  boost::json::object line;
  line.reserve(fields.size() + 3);
  line["ts"] = FormatTimestamp(NowMs());
  line["level"] = Name(level);
  line["msg"] = msg;
  for (auto& [key, value] : fields) line[key] = std::move(value);
  logger.log(ToSpd(level), boost::json::serialize(line));
}

}  // namespace payd::base
