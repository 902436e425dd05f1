#include "email/mime.h"

#include <array>
#include <cstdio>
#include <ctime>

#include "base/crypto.h"

namespace payd::email {

namespace {

bool PlainAscii(std::string_view text) {
  for (char c : text) {
    auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x7f) return false;
  }
  // "=?" would read as the start of an encoded-word.
  return text.find("=?") == std::string_view::npos;
}

// Where the next character after byte `i` starts.
std::size_t NextCharacter(std::string_view text, std::size_t i) {
  ++i;
  while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
  return i;
}

}  // namespace

std::string HeaderWords(std::string_view text) {
  if (PlainAscii(text)) return std::string(text);
  // 45 bytes encode to 60 base64 characters: with "=?UTF-8?B?" and "?=", 72.
  constexpr std::size_t kChunk = 45;
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = start;
    while (end < text.size()) {
      std::size_t next = NextCharacter(text, end);
      if (next - start > kChunk) break;
      end = next;
    }
    if (end == start) end = NextCharacter(text, start);  // one character longer than a chunk
    if (!out.empty()) out += ' ';
    out += "=?UTF-8?B?" + base::Base64Encode(text.substr(start, end - start)) + "?=";
    start = end;
  }
  return out;
}

std::string Mailbox(std::string_view name, std::string_view address) {
  std::string box = "<" + std::string(address) + ">";
  if (name.empty()) return std::string(address);
  if (!PlainAscii(name)) return HeaderWords(name) + " " + box;
  std::string quoted = "\"";
  for (char c : name) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  return quoted + "\" " + box;
}

std::string MailDate(base::TimeMs at) {
  static constexpr std::array<const char*, 7> kDays = {"Sun", "Mon", "Tue", "Wed",
                                                       "Thu", "Fri", "Sat"};
  static constexpr std::array<const char*, 12> kMonths = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                          "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  std::time_t seconds = static_cast<std::time_t>(at / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char buf[48];
  std::snprintf(buf, sizeof buf, "%s, %02d %s %04d %02d:%02d:%02d +0000", kDays[utc.tm_wday],
                utc.tm_mday, kMonths[utc.tm_mon], utc.tm_year + 1900, utc.tm_hour, utc.tm_min,
                utc.tm_sec);
  return buf;
}

std::string NewMessageId(std::string_view from_address) {
  auto at = from_address.find('@');
  std::string domain =
      at == std::string_view::npos ? "payd.invalid" : std::string(from_address.substr(at + 1));
  return "<" + base::HexEncode(base::RandomBytes(16)) + "@" + domain + ">";
}

}  // namespace payd::email
