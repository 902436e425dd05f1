// Fuzz target: what the dashboard reads from a browser's forms and query
// strings (http::FormValue, http::QueryParam, dashboard::ReadPaymentFilters)
// and the validators typed text then goes through (domain::CheckEmail,
// CheckUserName, the two-factor codes) and the CSV export's cells.
//
// Input: "<query string>\n<form body>\n<text (may hold newlines)>".
//
// Properties: nothing crashes or trips ASan/UBSan; a value written into a
// form body or query string the way browsers encode it (percent escapes,
// '+' for a space) reads back byte for byte, the first of repeated fields
// winning; the payments filters echo valid UTF-8, never keep a filter they
// reported as malformed, and the query string they build for links reads back
// to the same filters; CheckEmail and CheckUserName either refuse naming their
// field or return text that is trimmed, bounded, free of control characters and
// accepted unchanged again; a TOTP code matches only when it looks like one,
// within a step of now and once; a recovery code's digest ignores case,
// spaces and dashes; a CSV cell never starts (inside its quotes, too) with
// = + - @ tab or CR, is quoted exactly when it holds a comma, quote, CR or LF,
// and a row reads back (RFC 4180) to its cells.
#include <boost/json/serialize.hpp>
#include <boost/url/parse_query.hpp>
#include <cctype>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/csv_reader.h"
#include "base/utf8.h"
#include "dashboard/csv.h"
#include "dashboard/payment_filters.h"
#include "domain/error.h"
#include "domain/people/two_factor.h"
#include "domain/people/user.h"
#include "fuzz_check.h"
#include "http/request_fields.h"

namespace payd::dashboard {
// The one function payment_filters.cpp takes from dashboard_http.cpp, whose
// sessions, store and templates stay out of the fuzz build: the same body.
boost::json::object FieldError(std::string field, std::string message) {
  return {{"field", std::move(field)}, {"message", std::move(message)}};
}
}  // namespace payd::dashboard

namespace {

namespace dashboard = payd::dashboard;
namespace domain = payd::domain;
namespace http = payd::http;

// application/x-www-form-urlencoded as a browser writes it (WHATWG URL).
std::string FormEncoded(std::string_view value) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : value) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '*' ||
        c == '-' || c == '.' || c == '_') {
      out.push_back(static_cast<char>(c));
    } else if (c == ' ') {
      out.push_back('+');
    } else {
      out += {'%', kHex[c >> 4], kHex[c & 15]};
    }
  }
  return out;
}

http::Request Get(std::string target) {
  return http::Request{http::Verb::get, std::move(target), 11};
}

void CheckFormValue(std::string_view body, const std::string& text, const std::string& ctx) {
  for (std::string_view name : {"email", "password", "name", "code", "csrf", "intent", "q"}) {
    (void)http::FormValue(body, name);
  }
  // The first field of that name wins, whatever follows it.
  std::string typed = "csrf=abc&email=" + FormEncoded(text) + "&email=second";
  FUZZ_REQUIRE(http::FormValue(typed, "email") == text, ctx + " typed " + typed);
  FUZZ_REQUIRE(http::FormValue(typed, "csrf") == "abc", ctx + " typed " + typed);
  if (boost::urls::parse_query(body)) {
    std::string joined = "email=" + FormEncoded(text) + "&" + std::string(body);
    FUZZ_REQUIRE(http::FormValue(joined, "email") == text, ctx + " joined " + joined);
  }
}

void CheckQueryParam(const std::string& query, const std::string& text, const std::string& ctx) {
  for (std::string_view name : {"status", "from", "to", "q", "after", "lang"}) {
    (void)http::QueryParam(Get("/dashboard/payments?" + query), name);
  }
  // A GET form (the payments filters) sends what was typed this way.
  std::string target = "/dashboard/payments?status=&q=" + FormEncoded(text) + "&q=second";
  FUZZ_REQUIRE(http::QueryParam(Get(target), "q") == text, ctx + " target " + target);
}

void CheckFilters(const std::string& query, const std::string& ctx) {
  http::Request req = Get("/dashboard/payments?" + query);
  dashboard::PaymentFilters f = dashboard::ReadPaymentFilters(req);
  std::string echo = boost::json::serialize(f.echo);
  for (const char* field : {"status", "from", "to", "q"}) {
    const auto& v = f.echo.at(field).as_string();
    std::string_view s(v.data(), v.size());
    FUZZ_REQUIRE(payd::base::ValidUtf8(s) == s, ctx + " echo " + echo);
  }
  if (!f.errors.empty()) {
    const auto& q = f.query;
    FUZZ_REQUIRE(
        !q.status && !q.needs_decision && !q.created_from && !q.created_before && q.search.empty(),
        ctx + " a malformed filter was kept: " + echo);
    return;
  }
  if (f.query.created_from && f.query.created_before) {
    FUZZ_REQUIRE(*f.query.created_from < *f.query.created_before, ctx + " echo " + echo);
  }
  FUZZ_REQUIRE(f.query.search.size() <= 200, ctx);
  // The links the page builds (older rows, the CSV export) carry the same filters.
  dashboard::PaymentFilters again =
      dashboard::ReadPaymentFilters(Get("/dashboard/payments?" + f.query_string));
  FUZZ_REQUIRE(again.errors.empty() && again.echo == f.echo,
               ctx + " query string " + f.query_string + " echo " + echo + " read back as " +
                   boost::json::serialize(again.echo));
  FUZZ_REQUIRE(again.query.status == f.query.status &&
                   again.query.needs_decision == f.query.needs_decision &&
                   again.query.created_from == f.query.created_from &&
                   again.query.created_before == f.query.created_before &&
                   again.query.search == f.query.search,
               ctx + " query string " + f.query_string);
  // The cursor of any row reads back.
  domain::PaymentIntent intent;
  intent.id = "pi_" + std::to_string(query.size());
  intent.created_at = static_cast<std::int64_t>(query.size()) * 1'000'003 - 7;
  auto cursor = dashboard::ReadPaymentFilters(
                    Get("/dashboard/payments?after=" + dashboard::CursorAfter(intent)))
                    .query.after;
  FUZZ_REQUIRE(cursor && cursor->created_at == intent.created_at && cursor->id == intent.id, ctx);
}

bool HasControl(std::string_view s) {
  for (unsigned char c : s) {
    if (c < 0x20 || c == 0x7f) return true;
  }
  return false;
}

void CheckPeopleFields(const std::string& text, const std::string& ctx) {
  try {
    std::string email = domain::CheckEmail(text);
    FUZZ_REQUIRE(!email.empty() && email.size() <= 254 && !HasControl(email) &&
                     email.find(' ') == std::string::npos &&
                     email.find_first_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ") == std::string::npos,
                 ctx + " email " + email);
    FUZZ_REQUIRE(email.find('@') != std::string::npos && email.find('@') == email.rfind('@'),
                 ctx + " email " + email);
    FUZZ_REQUIRE(domain::CheckEmail(email) == email, ctx + " email " + email);
  } catch (const domain::Error& e) {
    FUZZ_REQUIRE(e.param() == "email", ctx + " refused naming " + e.param());
  }
  try {
    std::string name = domain::CheckUserName(text);
    FUZZ_REQUIRE(!name.empty() && name.size() <= 200 && !HasControl(name) &&
                     payd::base::ValidUtf8(name) == name && name.front() != ' ' &&
                     name.back() != ' ',
                 ctx + " name " + name);
    FUZZ_REQUIRE(domain::CheckUserName(name) == name, ctx + " name " + name);
  } catch (const domain::Error& e) {
    FUZZ_REQUIRE(e.param() == "name", ctx + " refused naming " + e.param());
  }
}

std::string WithoutBlanks(std::string_view code) {
  std::string out;
  for (char c : code) {
    if (c != ' ' && c != '-' && c != '\t') out.push_back(c);
  }
  return out;
}

void CheckTwoFactor(const std::string& text, const std::string& other, const std::string& ctx) {
  static const std::string kSecret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
  constexpr payd::base::TimeMs kNow = 1'795'765'539'031;
  constexpr std::int64_t kStep = kNow / 1000 / 30;
  std::string digits = WithoutBlanks(text);
  bool six_digits =
      digits.size() == 6 && digits.find_first_not_of("0123456789") == std::string::npos;
  FUZZ_REQUIRE(domain::LooksLikeTotp(text) == six_digits, ctx);
  auto step = domain::MatchTotp(kSecret, text, kNow, 0);
  if (step) {
    FUZZ_REQUIRE(six_digits && *step >= kStep - 1 && *step <= kStep + 1, ctx);
    FUZZ_REQUIRE(domain::TotpCode(kSecret, *step * 30'000) == digits, ctx);
    FUZZ_REQUIRE(!domain::MatchTotp(kSecret, text, kNow, *step), ctx + " a code worked twice");
  }
  // Any secret (a corrupted row) is refused or matched, never a crash.
  (void)domain::MatchTotp(other, text, kNow, 0);
  // The right code, typed with blanks where the person put them.
  std::string code = domain::TotpCode(kSecret, kNow);
  code.insert(text.size() % 7, other.empty() ? " " : (other[0] == '-' ? "-" : " "));
  FUZZ_REQUIRE(domain::MatchTotp(kSecret, code, kNow, 0) == kStep, ctx + " code " + code);

  std::string digest = domain::RecoveryCodeDigest(text);
  FUZZ_REQUIRE(
      digest.size() == 64 && digest.find_first_not_of("0123456789abcdef") == std::string::npos,
      ctx + " digest " + digest);
  std::string shouted;
  for (char c : text)
    shouted +=
        {c == ' ' ? '-' : static_cast<char>(std::toupper(static_cast<unsigned char>(c))), ' '};
  FUZZ_REQUIRE(domain::RecoveryCodeDigest(shouted) == digest, ctx + " shouted " + shouted);
}

// One RFC 4180 field starting at `pos`, unquoted; `pos` moves past it (and its comma).
std::string ReadCsvField(std::string_view row, std::size_t& pos, const std::string& ctx) {
  std::string out;
  if (pos < row.size() && row[pos] == '"') {
    for (++pos;; ++pos) {
      FUZZ_REQUIRE(pos < row.size(), ctx + " unterminated quote in " + std::string(row));
      if (row[pos] == '"') {
        if (pos + 1 < row.size() && row[pos + 1] == '"') {
          out.push_back('"');
          ++pos;
        } else {
          ++pos;
          break;
        }
      } else {
        out.push_back(row[pos]);
      }
    }
  } else {
    while (pos < row.size() && row[pos] != ',' && row[pos] != '\r') out.push_back(row[pos++]);
  }
  FUZZ_REQUIRE(pos < row.size() && (row[pos] == ',' || row[pos] == '\r'),
               ctx + " a field runs on in " + std::string(row));
  if (row[pos] == ',') ++pos;
  return out;
}

void CheckCsv(const std::vector<std::string>& texts, const std::string& ctx) {
  std::vector<std::string> contents;
  for (const std::string& text : texts) {
    std::string cell = dashboard::CsvCell(text);
    bool quoted = !cell.empty() && cell.front() == '"';
    bool needs_quotes = text.find_first_of(",\"\r\n") != std::string::npos;
    FUZZ_REQUIRE(quoted == needs_quotes, ctx + " cell " + cell);
    std::size_t pos = 0;
    std::string content = ReadCsvField(cell + "\r\n", pos, ctx);
    FUZZ_REQUIRE(pos == cell.size(), ctx + " cell " + cell);
    if (!quoted) {
      FUZZ_REQUIRE(cell.find_first_of(",\"\r\n") == std::string::npos, ctx + " cell " + cell);
    }
    // What a spreadsheet sees once the quotes are gone never starts a formula.
    FUZZ_REQUIRE(content.empty() ||
                     std::string_view("=+-@\t\r").find(content.front()) == std::string_view::npos,
                 ctx + " cell " + cell);
    bool marked = content.size() == text.size() + 1 && content.front() == '\'';
    FUZZ_REQUIRE(content == text || (marked && content.compare(1, std::string::npos, text) == 0),
                 ctx + " cell " + cell);
    contents.push_back(std::move(content));
  }
  std::string row = dashboard::CsvRow(texts);
  FUZZ_REQUIRE(row.size() >= 2 && row.compare(row.size() - 2, 2, "\r\n") == 0, ctx);
  std::size_t pos = 0;
  for (const std::string& expected : contents) {
    FUZZ_REQUIRE(ReadCsvField(row, pos, ctx) == expected, ctx + " row " + row);
  }
  FUZZ_REQUIRE(pos == row.size() - 2, ctx + " row " + row);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  auto first = input.find('\n');
  std::string query(input.substr(0, first));
  std::string_view rest = first == std::string_view::npos ? "" : input.substr(first + 1);
  auto second = rest.find('\n');
  std::string body(rest.substr(0, second));
  std::string text(second == std::string_view::npos ? "" : rest.substr(second + 1));
  std::string ctx = "query '" + query.substr(0, 200) + "' body '" + body.substr(0, 200) +
                    "' text '" + text.substr(0, 200) + "'";

  CheckFormValue(body, text, ctx);
  CheckQueryParam(query, text, ctx);
  CheckFilters(query, ctx);
  // What the people and sign-in forms pass on, and the raw text too.
  CheckPeopleFields(http::FormValue(body, "email"), ctx);
  CheckPeopleFields(text, ctx);
  CheckTwoFactor(http::FormValue(body, "code"), query, ctx);
  CheckTwoFactor(text, body, ctx);
  CheckCsv({text, query, body, http::FormValue(body, "q")}, ctx);
  // An uploaded CSV (a payout's lines): read, or refused with a reason.
  std::string csv_error;
  auto records = payd::base::ReadCsv(text, csv_error);
  FUZZ_REQUIRE(records.has_value() == csv_error.empty(), ctx + " csv " + csv_error);
  return 0;
}
