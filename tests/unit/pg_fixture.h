// A scratch PostgreSQL database per test, on the server PAYD_TEST_DATABASE_URL
// names (`make test` starts a throwaway one: scripts/postgres-test-server.sh).
// Without that variable the PostgreSQL tests skip, which only happens when a
// test binary is run by hand.
#pragma once

#include <gtest/gtest.h>
#include <postgresql/libpq-fe.h>  // Debian: /usr/include/postgresql

#include <cstdlib>
#include <memory>
#include <optional>
#include <string>

#include "base/ids.h"
#include "base/strings.h"
#include "store/postgres/pg_db.h"

namespace payd::testing {

inline std::optional<std::string> TestDatabaseServer() {
  const char* url = std::getenv("PAYD_TEST_DATABASE_URL");
  if (!url || !*url) return std::nullopt;
  return std::string(url);
}

// `url` with its database replaced by `dbname`, as a libpq key=value string.
inline std::string WithDatabase(const std::string& url, const std::string& dbname) {
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(url.c_str(), &error);
  if (!options) throw std::runtime_error("bad PAYD_TEST_DATABASE_URL");
  std::string out;
  auto quoted = [](const std::string& v) {
    std::string q = "'";
    for (char c : v) q += (c == '\'' || c == '\\') ? std::string("\\") + c : std::string(1, c);
    return q + "'";
  };
  for (PQconninfoOption* o = options; o->keyword; ++o) {
    std::string key = o->keyword;
    if (key == "dbname" || !o->val) continue;
    out += key + "=" + quoted(o->val) + " ";
  }
  PQconninfoFree(options);
  return out + "dbname=" + quoted(dbname);
}

// Creates a database of its own on the test server; drops it at the end.
class ScratchDatabase {
 public:
  explicit ScratchDatabase(const std::string& server)
      : server_(server), name_(base::AsciiLower(base::NewId("payd_t_"))) {
    store::postgres::Connection admin(server_);
    admin.Exec("CREATE DATABASE " + name_);
    url_ = WithDatabase(server_, name_);
  }
  ~ScratchDatabase() {
    try {
      store::postgres::Connection admin(server_);
      admin.Exec("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
    } catch (...) {  // a leftover scratch database dies with the throwaway server
    }
  }
  const std::string& url() const { return url_; }

 private:
  std::string server_;
  std::string name_;
  std::string url_;
};

// A test with a scratch database of its own (db_); skipped without a server.
class ScratchDatabaseTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto server = TestDatabaseServer();
    if (!server) GTEST_SKIP() << "PAYD_TEST_DATABASE_URL is not set";
    db_ = std::make_unique<ScratchDatabase>(*server);
  }
  std::unique_ptr<ScratchDatabase> db_;
};

}  // namespace payd::testing
