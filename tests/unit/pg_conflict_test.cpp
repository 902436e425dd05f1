// A conflict that outlasts the PostgreSQL store's retries (pg_db.h,
// Transact()): concurrent writers kept taking what this transaction meant to
// take. That is contention, not a bug in the request, so every surface answers
// it as the database being unavailable for a moment (DECISIONS §3: 503
// `unavailable`, with Retry-After), never as a 500. The conflict is the
// server's own: a second session updates the row this transaction read, on
// every attempt, so the server refuses the update with 40001 each time.
#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

#include "api/api_error.h"
#include "domain/store.h"
#include "pg_fixture.h"
#include "store/postgres/pg_db.h"

namespace payd::store::postgres {
namespace {

class PgConflictTest : public testing::ScratchDatabaseTest {
 protected:
  void SetUp() override {
    ScratchDatabaseTest::SetUp();
    if (IsSkipped()) return;
    other_ = std::make_unique<Connection>(db_->url());
    other_->Exec(
        "CREATE TABLE counter (id BIGINT PRIMARY KEY, n BIGINT NOT NULL);"
        "INSERT INTO counter VALUES (1, 0)");
  }

  // Reads the row, lets the other session update it, then updates it too: in
  // REPEATABLE READ the server refuses that (40001) on every attempt.
  void UpdateTakenRow(Pool& pool, int& attempts) {
    Transact(pool, Isolation::kRepeatableRead, [&](Connection& conn) {
      ++attempts;
      conn.Run("SELECT n FROM counter WHERE id = 1");
      other_->Run("UPDATE counter SET n = n + 1 WHERE id = 1");
      conn.Run("UPDATE counter SET n = n + 1 WHERE id = 1");
    });
  }

  std::unique_ptr<Connection> other_;  // the concurrent writer, in autocommit
};

TEST_F(PgConflictTest, AConflictOnEveryAttemptEndsAsTheDatabaseUnavailable) {
  Pool pool(db_->url(), 1);
  int attempts = 0;
  EXPECT_THROW(UpdateTakenRow(pool, attempts), domain::StoreUnavailable);
  EXPECT_GT(attempts, 1) << "the conflict was not retried first";
  // The store's SQL throws sql::Conflict itself (a lapsed amount taken meanwhile): the same.
  attempts = 0;
  EXPECT_THROW(Transact(pool, Isolation::kReadCommitted,
                        [&](Connection&) {
                          ++attempts;
                          throw sql::Conflict("a lapsed exact amount was taken meanwhile");
                        }),
               domain::StoreUnavailable);
  EXPECT_GT(attempts, 1);
}

TEST_F(PgConflictTest, AnEndpointAnswersIt503UnavailableWithRetryAfterNot500) {
  Pool pool(db_->url(), 1);
  int attempts = 0;
  auto handler = api::Endpoint([&](const http::Request&, http::RequestContext&) {
    UpdateTakenRow(pool, attempts);
    return http::Response(http::Status::created, 11);
  });
  http::Request req(http::Verb::post, "/api/v1/payment-links", 11);
  http::RequestContext ctx;
  ctx.request_id = "req_conflict";
  http::Response res;
  // What escapes an endpoint, the server answers 500 internal_error.
  ASSERT_NO_THROW(res = handler(req, ctx)) << "the conflict escaped the endpoint: a 500";
  EXPECT_EQ(res.result(), http::Status::service_unavailable);
  EXPECT_FALSE(res[http::beast_http::field::retry_after].empty());
  auto error = boost::json::parse(res.body()).at("error");
  EXPECT_EQ(error.at("code"), "unavailable");
  EXPECT_EQ(error.at("requestId"), "req_conflict");
  // Nothing internal is revealed: neither the table nor the SQLSTATE.
  EXPECT_EQ(res.body().find("counter"), std::string::npos) << res.body();
  EXPECT_EQ(res.body().find("40001"), std::string::npos) << res.body();
}

}  // namespace
}  // namespace payd::store::postgres
