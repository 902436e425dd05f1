// A fresh store with one tenant and one integration, for tests of domain
// rules that need persistence: each test runs on SQLite and on PostgreSQL.
#pragma once

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "base/ids.h"
#include "base/time.h"
#include "domain/integration.h"
#include "domain/intents/payment_intent.h"
#include "domain/links/payment_link.h"
#include "domain/management/payment_links.h"
#include "domain/webhooks/event.h"
#include "pg_fixture.h"
#include "store/open_store.h"
#include "store/postgres/pg_store.h"
#include "store/sqlite/sqlite_store.h"

namespace payd::testing {

// A minute of the store's clock, for tests that move time on by hand.
inline constexpr base::TimeMs kMinute = 60'000;

inline domain::ChainCatalog TestCatalog() {
  domain::ChainInfo chain;
  chain.id = 31337;
  chain.name = "Localnet";
  chain.rpc_urls = {"http://127.0.0.1:8545"};
  chain.native = {"ETH",        "Ether",      std::nullopt,       18,
                  std::nullopt, std::nullopt, std::string("3000")};
  chain.tokens.push_back({"USDC", "USD Coin",
                          std::string("0x5FbDB2315678afecb367f032d93F642f64180aa3"), 6,
                          std::string("USD"), std::nullopt, std::nullopt});
  return domain::ChainCatalog({chain});
}

// A fixed-price link (a 25 USD T-shirt) of `integration_id`.
inline domain::PaymentLinkRequest TeeLinkRequest(const std::string& integration_id) {
  domain::PaymentLinkRequest req;
  req.integration_id = integration_id;
  req.type = "LINK";
  req.name = "Tee";
  req.amount = "25.00";
  req.currency = "USD";
  return req;
}

enum class StoreKind { kSqlite, kPostgres };

inline std::string StoreKindName(const ::testing::TestParamInfo<StoreKind>& info) {
  return info.param == StoreKind::kSqlite ? "Sqlite" : "Postgres";
}

// A fresh store of either kind, with one tenant and one integration: SQLite in
// a temporary directory, PostgreSQL in a scratch database on the server
// PAYD_TEST_DATABASE_URL names.
class StoreFixture {
 protected:
  // False when `kind` is PostgreSQL and no test server is named.
  bool OpenStore(StoreKind kind) {
    kind_ = kind;
    if (kind == StoreKind::kPostgres) {
      auto server = TestDatabaseServer();
      if (!server) return false;
      database_.emplace(*server);
    } else {
      dir_ = std::filesystem::temp_directory_path() / base::NewId("payd-test-");
      std::filesystem::create_directories(dir_);
    }
    Reopen();
    tenant_ = {base::NewId("ten_"), "Shop", 1};
    store_->InsertTenant(tenant_, {tenant_.id, "whsec_x", 1, std::nullopt});
    domain::IntegrationRequest req{tenant_.id,
                                   "Web",
                                   {31337},
                                   {"USDC", "ETH"},
                                   "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                                   {"https://shop.example"},
                                   std::nullopt,
                                   false};
    integration_ = domain::PrepareIntegration(catalog_, req, 2);
    store_->InsertIntegration(integration_);
    return true;
  }
  void CloseStore() {
    store_.reset();
    database_.reset();
    if (!dir_.empty()) std::filesystem::remove_all(dir_);
  }
  // Closes the store and opens the same database again, as a restart does.
  void Reopen() {
    store_.reset();
    store_ = OpenAnother();
  }
  // The same database opened once more, as another payd process would.
  std::unique_ptr<domain::Store> OpenAnother() const {
    if (kind_ == StoreKind::kPostgres) {
      auto pg = std::make_unique<store::postgres::PgStore>(database_->url(), 8);
      pg->Migrate();
      return pg;
    }
    auto sqlite = std::make_unique<store::sqlite::SqliteStore>(dir_.string());
    sqlite->Migrate();
    return sqlite;
  }
  // What OpenStore() needs to open this test's database.
  store::StoreOptions Options(domain::Environment env) const {
    store::StoreOptions options;
    options.data_dir = dir_.string();
    if (database_) options.database_url = database_->url();
    options.environment = env;
    return options;
  }

  // Runs `sql` on the database beside the store (what an operator's shell could do).
  void RunSql(const std::string& sql) const {
    if (database_) {
      store::postgres::Connection conn(database_->url());
      conn.Exec(sql);
      return;
    }
    sqlite3* db = nullptr;
    std::string path = (dir_ / "payd.sqlite3").string();
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    sqlite3_busy_timeout(db, 5000);
    char* error = nullptr;
    EXPECT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error), SQLITE_OK)
        << (error ? error : "");
    sqlite3_free(error);
    sqlite3_close(db);
  }

  // One number, read from the database beside the store.
  std::int64_t CountRows(const std::string& sql) const {
    if (database_) {
      store::postgres::Connection conn(database_->url());
      return conn.Run(sql).Int(0, 0);
    }
    sqlite3* db = nullptr;
    std::string path = (dir_ / "payd.sqlite3").string();
    EXPECT_EQ(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    sqlite3_stmt* stmt = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr), SQLITE_OK)
        << sqlite3_errmsg(db);
    std::int64_t n = sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_int64(stmt, 0) : -1;
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return n;
  }

  // A USDC intent of the test integration asking for `requested`, not stored yet.
  domain::PaymentIntent UsdcIntent(domain::Uint256 requested, base::TimeMs created,
                                   base::TimeMs expires) const {
    domain::PaymentIntent intent;
    intent.id = base::NewId("pi_");
    intent.tenant_id = tenant_.id;
    intent.integration_id = integration_.id;
    intent.chain_id = 31337;
    intent.token_symbol = "USDC";
    intent.token_address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
    intent.decimals = 6;
    intent.recipient = integration_.payout_address;
    intent.requested_amount = requested;
    intent.amount = requested;
    intent.required_confirmations = "2";
    intent.created_at = created;
    intent.expires_at = expires;
    return intent;
  }

  // Stores it with its PAYMENT_CREATED event, as the API does; `intent.amount` becomes exact.
  void StoreIntent(domain::PaymentIntent& intent) {
    store_->InsertIntent(
        intent, nullptr, {},
        [&](const domain::PaymentIntent& i) {
          return domain::Store::IntentCreated{
              {201, "{}"}, domain::NewEvent(i.tenant_id, "PAYMENT_CREATED", "{}", i.created_at)};
        },
        intent.created_at);
  }

  // Makes a link of the tenant as the API and the dashboard do (domain::CreatePaymentLink,
  // by the operator's CLI), with `claim` as its Idempotency-Key when given; the link made.
  domain::PaymentLink StoreLink(const domain::PaymentLinkRequest& request, base::TimeMs now,
                                std::optional<domain::IdempotencyClaim> claim = std::nullopt) {
    domain::Change change{*store_, domain::Actor::Cli(), tenant_.id, now, std::move(claim)};
    return *domain::CreatePaymentLink(change, catalog_, "https://pay.example", request).object;
  }

  StoreKind kind_ = StoreKind::kSqlite;
  std::filesystem::path dir_;
  std::optional<ScratchDatabase> database_;
  domain::ChainCatalog catalog_ = TestCatalog();
  std::unique_ptr<domain::Store> store_;
  domain::Tenant tenant_;
  domain::Integration integration_;
};

// Each test runs on both stores (PAYD_ON_BOTH_STORES below its tests).
class StoreTest : public ::testing::TestWithParam<StoreKind>, protected StoreFixture {
 protected:
  void SetUp() override {
    if (!OpenStore(GetParam())) GTEST_SKIP() << "PAYD_TEST_DATABASE_URL is not set";
  }
  void TearDown() override { CloseStore(); }
};

// For what only SQLite has (its files, its shared counter table).
class SqliteStoreTest : public ::testing::Test, protected StoreFixture {
 protected:
  void SetUp() override { OpenStore(StoreKind::kSqlite); }
  void TearDown() override { CloseStore(); }
  store::sqlite::SqliteStore& sqlite() { return static_cast<store::sqlite::SqliteStore&>(*store_); }
};

#define PAYD_ON_BOTH_STORES(Suite)                                                   \
  INSTANTIATE_TEST_SUITE_P(Stores, Suite,                                            \
                           ::testing::Values(::payd::testing::StoreKind::kSqlite,    \
                                             ::payd::testing::StoreKind::kPostgres), \
                           ::payd::testing::StoreKindName)

}  // namespace payd::testing
