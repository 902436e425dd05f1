// `payd db copy` (store/copy/db_copy.h): a SQLite store with rows in every
// table copied into a scratch PostgreSQL database, then read through PgStore
// as payd would: counts, bytea, rowids and identity sequences, awkward text;
// and each refusal (a target not empty, a schema version this payd does not
// know, a damaged copy, a column the target lacks), which must leave the
// target without a row. A payd writing to the source meanwhile does not tear
// the copy.
#include "store/copy/db_copy.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <atomic>
#include <boost/json/serialize.hpp>
#include <thread>

#include "domain/ledger/ledger_tx.h"
#include "domain/links/payment_link.h"
#include "domain/management/integrations.h"
#include "store/copy/copy_plan.h"
#include "store/sqlite/migrations.h"
#include "store_fixture.h"

namespace payd {
namespace {

using store::copy::CopyError;
using store::copy::CopyOptions;
using store::copy::CopyReport;

constexpr base::TimeMs kWrittenAt = 1'700'000'000'000;
// Text COPY's format must escape, and text a careless conversion would mangle.
const std::string kAwkward =
    "tab\there\nnew line\r\\N \\ backslash 'single' \"double\" \u2615 caf\u00e9";

class DbCopyTest : public ::testing::Test, protected testing::StoreFixture {
 protected:
  void SetUp() override {
    server_ = testing::TestDatabaseServer();
    if (!server_) GTEST_SKIP() << "PAYD_TEST_DATABASE_URL is not set";
    OpenStore(testing::StoreKind::kSqlite);
  }
  void TearDown() override { CloseStore(); }

  // Rows in every table of both SQLite databases, through the store as payd writes them.
  void Fill() {
    const domain::Mailing mailing{"https://pay.shop.example"};
    store_->ClaimEnvironment({domain::Environment::kTestnet, false}, kWrittenAt);  // database_meta
    key_.id = base::NewId("key_");
    key_.tenant_id = tenant_.id;
    key_.kind = domain::KeyKind::kAccount;
    key_.name = kAwkward;
    // Bytes that text would lose: NUL, 0xff, a backslash, a tab.
    key_.digest = std::string("\0\xff\\\t\n", 5) + base::Sha256("k").substr(5);
    key_.prefix = "svc_ak_test_";
    key_.last4 = "abcd";
    key_.scopes = domain::ScopeSet::All();
    key_.created_at = kWrittenAt;
    key_.created_by = "user_" + std::string(kAwkward);
    store_->WithManagement([&](domain::ManagementTx& tx) { tx.InsertApiKey(key_); });
    store_->CountRequest(key_.id, kWrittenAt, 60'000);  // key_usage, in payd-usage.sqlite3

    auto tee = testing::TeeLinkRequest(integration_.id);
    tee.description = kAwkward;
    link_ = StoreLink(
        tee, kWrittenAt,
        domain::IdempotencyClaim{"tenant:" + tenant_.id, "idem-1", std::string("\0fp\xfe", 4), {}});
    store_->InsertWebhookEndpoint({base::NewId("we_"),
                                   tenant_.id,
                                   "https://shop.example/hooks",
                                   std::vector<std::string>{"PAYMENT_CONFIRMED"},
                                   true,
                                   {},
                                   kWrittenAt,
                                   kAwkward,
                                   domain::PayloadShape::kV1,
                                   "whsec_AAAA"});
    // An endpoint of every type: the intents below queue deliveries to it.
    domain::WebhookEndpoint every;
    every.id = base::NewId("we_");
    every.tenant_id = tenant_.id;
    every.url = "https://shop.example/all";
    every.created_at = kWrittenAt;
    store_->InsertWebhookEndpoint(every);
    store_->WithManagement([&](domain::ManagementTx& tx) {
      tx.Audit(domain::NewAuditEntry(tenant_.id, domain::Actor::Cli(), "webhook_endpoint.create",
                                     every.id, std::nullopt, "{\"note\":\"\\t\"}", kWrittenAt));
      // A dashboard user, their password's hash as libsodium writes it.
      user_ = {base::NewId("user_"), tenant_.id,
               "ana@shop.example",   kAwkward,
               domain::Role::kAdmin, "$argon2id$v=19$m=65536,t=2,p=1$c2FsdA$aGFzaA",
               std::nullopt,         kWrittenAt};
      tx.InsertUser(user_);
      tx.InsertSession(domain::OpenSession(user_.id, tenant_.id, {}, kWrittenAt).session);
      tx.InsertSignInLink(
          domain::NewSignInLink(user_.id, tenant_.id, domain::LinkPurpose::kWelcome, kWrittenAt)
              .link);
      tx.SaveThrottle(domain::AccountThrottleKey(user_.email), {3, kWrittenAt, 0});
      // Their second factor (a TOTP secret in clear), recovery codes and the tenant's rule.
      factor_ = domain::NewSecondFactor(user_.id, kWrittenAt);
      factor_.enabled_at = kWrittenAt;
      factor_.last_step = kWrittenAt / 30'000;
      tx.SaveSecondFactor(factor_);
      tx.ReplaceRecoveryCodes(user_.id, {domain::RecoveryCodeDigest("abcde-fghjk")}, kWrittenAt);
      tx.SetTenantRequiresTwoFactor(tenant_.id, true, kWrittenAt);
      tx.RememberBrowser(domain::SessionDigest("a browser's token"), user_.id, kWrittenAt);
      // A message waiting in the email outbox, its model awkward text.
      boost::json::object model{{"account", kAwkward}, {"asker", kAwkward}};
      tx.QueueEmail(domain::NewQueuedEmail(tenant_.id, user_.email, "test", "en",
                                           boost::json::serialize(model), true, kWrittenAt));
      tx.SetEmailChoice(user_.id, "needs_decision", "off", kWrittenAt);
    });
    // A payment's message to the admin, with its one-click unsubscribe link.
    store_->SetMailing(&mailing);
    store_->InsertEvent(domain::NewEvent(tenant_.id, domain::event_type::kPaymentConfirmed,
                                         R"({"id":"pi_x","exception":null})", kWrittenAt));
    store_->OpenChainAlert(31337, "Localnet", kAwkward, kWrittenAt);
    store_->SetMailing(nullptr);

    // Intents created in the same millisecond: only the rowid orders them.
    for (int i = 0; i < 30; ++i) {
      auto intent = UsdcIntent(1'000'000 + i, kWrittenAt, kWrittenAt + 3'600'000);
      if (i % 2) intent.payment_link_id = link_.id;
      intent.keyless = i % 3 == 0;  // counted in keyless_open_counts
      intent.metadata_json = "{\"note\":\"\\t\\n\"}";
      StoreIntent(intent);
      intents_.push_back(intent);
    }
    // A payer waiting for a receipt by email.
    store_->SetMailing(&mailing);
    ASSERT_EQ(store_->RequestReceipt(intents_[1].id, "payer@mail.example", "de", kWrittenAt),
              domain::EmailQueue::ReceiptRequest::kWaiting);
    store_->SetMailing(nullptr);
    store_->WithLedger([&](domain::LedgerTx& tx) {
      domain::BlockHeader block{100, "0xb100", "0xb099", kWrittenAt};
      tx.InsertBlocks(31337, {block});
      tx.SaveCursor(31337, std::nullopt, block);
      domain::Payment p;
      p.id = base::NewId("pay_");
      p.tenant_id = tenant_.id;
      p.intent_id = intents_[0].id;
      p.transfer.chain_id = 31337;
      p.transfer.token_symbol = "USDC";
      p.transfer.token_address = intents_[0].token_address;
      p.transfer.decimals = 6;
      p.transfer.amount = intents_[0].amount;
      p.transfer.tx_hash = "0xtx";
      p.transfer.position = "log:0";
      p.transfer.log_index = 0;
      p.transfer.block_number = 100;
      p.transfer.block_hash = "0xb100";
      p.transfer.block_time = kWrittenAt;
      p.transfer.sender = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
      p.transfer.recipient = intents_[0].recipient;
      p.status = domain::PaymentStatus::kConfirmed;
      p.confirmations = 2;
      p.created_at = kWrittenAt;
      p.confirmed_at = kWrittenAt;
      tx.InsertPayment(p);
      payment_ = p;
    });
    store_->WithManagement([&](domain::ManagementTx& tx) {
      domain::Refund r;
      r.id = base::NewId("re_");
      r.tenant_id = tenant_.id;
      r.payment_id = payment_.id;
      r.intent_id = payment_.intent_id;
      r.chain_id = 31337;
      r.token_symbol = "USDC";
      r.token_address = payment_.transfer.token_address;
      r.decimals = 6;
      r.from_address = payment_.transfer.recipient;
      r.to_address = payment_.transfer.sender;
      r.address_source = "payer";
      r.amount = 1;
      r.reason = "duplicate";
      r.status = domain::RefundStatus::kSent;
      r.transfer = domain::RefundTransfer{"0xtx2", "log:1", 100, "0xb100", kWrittenAt};
      r.created_at = r.updated_at = kWrittenAt;
      tx.InsertRefund(r);
      // A payout of one line (a refund row with payout_id set).
      domain::Payout payout;
      payout.id = base::NewId("po_");
      payout.tenant_id = tenant_.id;
      payout.name = kAwkward;
      payout.chain_id = 31337;
      payout.token_symbol = "USDC";
      payout.token_address = r.token_address;
      payout.decimals = 6;
      payout.from_address = r.from_address;
      payout.created_at = payout.updated_at = kWrittenAt;
      domain::Refund line = r;
      line.id = base::NewId("pol_");
      line.payment_id = "";
      line.intent_id.reset();
      line.payout_id = payout.id;
      line.reference = kAwkward;
      line.line_number = 1;
      line.status = domain::RefundStatus::kReady;
      line.transfer.reset();
      payout.lines.push_back(line);
      tx.InsertPayout(payout);
    });
    store_->WatchStartedAt(31337, kWrittenAt);
    // A payout address moved while intents are open: the old one stays watched (retired_watches).
    domain::IntegrationPatch moved;
    moved.payout_address = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
    domain::UpdateIntegration({*store_, domain::Actor::Cli(), tenant_.id, kWrittenAt, std::nullopt},
                              catalog_, integration_.id, moved);
    // A gap in the rowids: identities must go on past the highest, not the count.
    SqliteExec("UPDATE events SET rowid = 5000 WHERE rowid = (SELECT min(rowid) FROM events)");
  }

  store::copy::SqliteSource Source() const {
    return store::copy::FindSqliteSource("sqlite:" + dir_.string());
  }

  void SqliteExec(const std::string& sql, const char* file = "payd.sqlite3") const {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open((dir_ / file).string().c_str(), &db), SQLITE_OK);
    EXPECT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK)
        << sqlite3_errmsg(db);
    sqlite3_close(db);
  }

  // The source's tables (schema_migrations aside) and their row counts.
  std::vector<std::pair<std::string, std::int64_t>> SourceTables(const char* file) const {
    store::sqlite::Connection conn((dir_ / file).string(), store::sqlite::Connection::ReadOnly{});
    std::vector<std::pair<std::string, std::int64_t>> out;
    auto q = conn.Prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name <> 'schema_migrations'");
    while (q.Step()) {
      if (!store::copy::IsDerivedTable(q.Text(0))) out.emplace_back(q.Text(0), 0);
    }
    for (auto& [name, rows] : out) {
      auto count = conn.Prepare("SELECT count(*) FROM \"" + name + "\"");
      rows = count.Step() ? count.Int(0) : -1;
    }
    return out;
  }

  static std::int64_t PgNumber(const std::string& url, const std::string& sql,
                               const store::postgres::Params& params = {}) {
    store::postgres::Connection conn(url);
    return conn.Run(sql, params).Int(0, 0);
  }

  // Rows in the target's payd tables, all of them.
  static std::int64_t PgRows(const std::string& url) {
    store::postgres::Connection conn(url);
    std::int64_t rows = 0;
    for (const auto& t : store::copy::TargetTables(conn)) {
      rows += conn.Run("SELECT count(*) FROM " + store::copy::Quote(t)).Int(0, 0);
    }
    return rows;
  }

  std::optional<std::string> server_;
  domain::ApiKey key_;
  domain::PaymentLink link_;
  domain::User user_;
  domain::SecondFactor factor_;
  std::vector<domain::PaymentIntent> intents_;
  domain::Payment payment_;
};

template <typename T>
std::vector<std::string> Ids(const std::vector<T>& items) {
  std::vector<std::string> ids;
  for (const auto& i : items) ids.push_back(i.id);
  return ids;
}

TEST_F(DbCopyTest, CopiesEveryTableAndPaydReadsTheCopyAsTheOriginal) {
  Fill();
  for (const char* file : {"payd.sqlite3", "payd-usage.sqlite3"}) {
    for (const auto& [table, rows] : SourceTables(file)) {
      EXPECT_GT(rows, 0) << table << ": a table this test leaves empty (a new one? fill it above)";
    }
  }
  testing::ScratchDatabase target(*server_);
  store::postgres::PgStore(target.url(), 1).Migrate();  // the schema alone is not "data"
  CopyReport report = store::copy::CopyToPostgres(Source(), target.url());

  EXPECT_EQ(report.schema_version, store::sqlite::LatestVersion(store::sqlite::Schema::kMain));
  ASSERT_TRUE(report.usage);
  std::size_t expected_tables =
      SourceTables("payd.sqlite3").size() + SourceTables("payd-usage.sqlite3").size();
  EXPECT_EQ(report.tables.size(), expected_tables);
  for (const auto& t : report.tables) {
    EXPECT_EQ(t.target_rows, t.source_rows) << t.name;
    EXPECT_EQ(PgNumber(target.url(), "SELECT count(*) FROM " + t.name), t.source_rows) << t.name;
    if (t.database == "main") {
      EXPECT_EQ(CountRows("SELECT count(*) FROM " + t.name), t.source_rows) << t.name;
    }
  }

  // Not copied: derived from the copied rows at the end of the copy.
  EXPECT_EQ(PgNumber(target.url(), "SELECT sum(open) FROM keyless_open_counts"), 10);
  EXPECT_EQ(CountRows("SELECT sum(open) FROM keyless_open_counts"), 10);
  EXPECT_EQ(PgNumber(target.url(), "SELECT sum(n) FROM intent_status_counts"),
            CountRows("SELECT count(*) FROM payment_intents"));
  ASSERT_GT(CountRows("SELECT count(*) FROM payments WHERE status = 'CONFIRMED'"), 0);
  EXPECT_EQ(
      PgNumber(target.url(), "SELECT sum(units)::bigint FROM received_per_day"),
      CountRows("SELECT sum(CAST(amount AS INTEGER)) FROM payments WHERE status = 'CONFIRMED'"));

  store::postgres::PgStore pg(target.url(), 2);
  // bytea: the digest's bytes as they were, so the key still authenticates.
  auto key = pg.FindApiKeyByDigest(key_.digest);
  ASSERT_TRUE(key);
  EXPECT_EQ(key->id, key_.id);
  EXPECT_EQ(key->digest, key_.digest);
  EXPECT_EQ(key->name, kAwkward);
  EXPECT_EQ(key->created_by, key_.created_by);
  EXPECT_EQ(pg.FindPaymentLink(tenant_.id, link_.id)->description, kAwkward);
  EXPECT_EQ(pg.FindIntent(tenant_.id, intents_[3].id)->metadata_json, intents_[3].metadata_json);
  // Lists ordered by (created_at, rowid) come out in the same order.
  EXPECT_EQ(Ids(pg.ListIntents(tenant_.id, std::nullopt, 100, 0)),
            Ids(store_->ListIntents(tenant_.id, std::nullopt, 100, 0)));
  EXPECT_EQ(Ids(pg.RecentEvents(tenant_.id, 100)), Ids(store_->RecentEvents(tenant_.id, 100)));
  EXPECT_EQ(Ids(pg.ListDeliveries(tenant_.id, std::nullopt, 100, 0)),
            Ids(store_->ListDeliveries(tenant_.id, std::nullopt, 100, 0)));
  EXPECT_EQ(Ids(pg.ListPayments(tenant_.id, std::nullopt, 100, 0)),
            Ids(store_->ListPayments(tenant_.id, std::nullopt, 100, 0)));
  EXPECT_EQ(pg.LoadCursor(31337)->hash, "0xb100");
  auto user = pg.FindUserByEmail(user_.email);
  ASSERT_TRUE(user);
  EXPECT_EQ(user->name, kAwkward);
  EXPECT_EQ(user->password_hash, user_.password_hash);
  EXPECT_EQ(user->role, domain::Role::kAdmin);
  auto factor = pg.FindSecondFactor(user_.id);
  ASSERT_TRUE(factor);
  EXPECT_EQ(factor->secret, factor_.secret);
  EXPECT_EQ(factor->last_step, factor_.last_step);
  EXPECT_EQ(pg.CountRecoveryCodes(user_.id), 1);
  EXPECT_TRUE(pg.TenantRequiresTwoFactor(tenant_.id));
  EXPECT_EQ(pg.FindApiKey(key_.id)->last_used_at, kWrittenAt);

  // The rowids themselves, and the next identity past the highest (5000).
  for (const auto& table : {"payment_intents", "payment_links", "api_keys", "webhook_deliveries"}) {
    std::string max = "SELECT coalesce(max(rowid), 0) FROM " + std::string(table);
    EXPECT_EQ(PgNumber(target.url(), max), CountRows(max)) << table;
  }
  EXPECT_EQ(PgNumber(target.url(), "SELECT max(rowid) FROM events"), 5000);
  auto later = domain::NewEvent(tenant_.id, "WEBHOOK_TEST", "{}", kWrittenAt);
  pg.InsertEvent(later);
  EXPECT_GT(PgNumber(target.url(), "SELECT rowid FROM events WHERE id = $1",
                     store::postgres::Params(later.id)),
            5000);
  EXPECT_EQ(pg.RecentEvents(tenant_.id, 1)[0].id, later.id) << "newest of its millisecond";

  // And they count on: the triggers are back once the copy committed.
  store::postgres::Connection(target.url())
      .Exec("UPDATE payments SET status = 'REORGED' WHERE status = 'CONFIRMED'");
  EXPECT_EQ(PgNumber(target.url(), "SELECT coalesce(sum(units), 0)::bigint FROM received_per_day"),
            0);
}

TEST_F(DbCopyTest, CopyAndInsertWriteTheSameRows) {
  Fill();
  testing::ScratchDatabase by_copy(*server_);
  testing::ScratchDatabase by_insert(*server_);
  CopyOptions copy, insert;
  copy.method = store::copy::WriteMethod::kCopy;
  insert.method = store::copy::WriteMethod::kInsert;
  auto a = store::copy::CopyToPostgres(Source(), by_copy.url(), copy);
  auto b = store::copy::CopyToPostgres(Source(), by_insert.url(), insert);
  ASSERT_EQ(a.tables.size(), b.tables.size());
  for (std::size_t i = 0; i < a.tables.size(); ++i) {
    EXPECT_EQ(a.tables[i].sha256, b.tables[i].sha256) << a.tables[i].name;
  }
}

TEST_F(DbCopyTest, ATargetWithRowsIsRefusedAndKeepsThem) {
  Fill();
  testing::ScratchDatabase target(*server_);
  auto first = store::copy::CopyToPostgres(Source(), target.url());
  std::int64_t rows = PgRows(target.url());
  try {
    store::copy::CopyToPostgres(Source(), target.url());
    FAIL() << "copied twice";
  } catch (const CopyError& e) {
    EXPECT_EQ(e.side(), "to");
    EXPECT_NE(std::string(e.what()).find("not empty"), std::string::npos) << e.what();
  }
  EXPECT_EQ(PgRows(target.url()), rows);
  EXPECT_EQ(rows, first.rows);
}

TEST_F(DbCopyTest, ASchemaVersionThisPaydDoesNotKnowIsRefused) {
  Fill();
  testing::ScratchDatabase target(*server_);
  SqliteExec("INSERT INTO schema_migrations VALUES (99, 'from the future', 0)");
  try {
    store::copy::CopyToPostgres(Source(), target.url());
    FAIL() << "copied a newer schema";
  } catch (const CopyError& e) {
    EXPECT_EQ(e.side(), "from");
    EXPECT_NE(std::string(e.what()).find("schema version 99"), std::string::npos) << e.what();
  }
  SqliteExec("DELETE FROM schema_migrations WHERE version >= 8");
  EXPECT_THROW(store::copy::CopyToPostgres(Source(), target.url()), CopyError);
  // Refused before the target was touched: not even its schema.
  EXPECT_EQ(PgNumber(target.url(),
                     "SELECT count(*) FROM information_schema.tables "
                     "WHERE table_schema = current_schema()"),
            0);
}

TEST_F(DbCopyTest, WhatIsNotAPaydDatabaseIsRefused) {
  testing::ScratchDatabase target(*server_);
  SqliteExec("CREATE TABLE other (x)", "other.sqlite3");
  EXPECT_THROW(store::copy::FindSqliteSource("sqlite:" + (dir_ / "missing").string()), CopyError);
  EXPECT_THROW(store::copy::FindSqliteSource((dir_ / "payd.sqlite3").string()), CopyError);
  EXPECT_THROW(
      store::copy::CopyToPostgres({(dir_ / "other.sqlite3").string(), std::nullopt}, target.url()),
      CopyError);
  std::FILE* junk = std::fopen((dir_ / "junk").c_str(), "w");
  std::fputs("not a database, but long enough to look like a header of one............", junk);
  std::fclose(junk);
  EXPECT_THROW(store::copy::CopyToPostgres({(dir_ / "junk").string(), std::nullopt}, target.url()),
               CopyError);
}

TEST_F(DbCopyTest, ADamagedCopyIsCaughtAndNothingIsCommitted) {
  Fill();
  struct Damage {
    const char* sql;
    const char* expect;
  } damages[] = {
      {"UPDATE payment_links SET description = description || 'x'", "table payment_links differs"},
      {"UPDATE api_keys SET digest = digest || '\\x00'::bytea", "table api_keys differs"},
      {"DELETE FROM webhook_deliveries WHERE rowid = (SELECT max(rowid) FROM webhook_deliveries)",
       "table webhook_deliveries has"},
  };
  for (const auto& damage : damages) {
    testing::ScratchDatabase target(*server_);
    CopyOptions options;
    options.before_verify = [&](store::postgres::Connection& c) { c.Exec(damage.sql); };
    try {
      store::copy::CopyToPostgres(Source(), target.url(), options);
      ADD_FAILURE() << "verified a copy damaged by " << damage.sql;
    } catch (const CopyError& e) {
      EXPECT_NE(std::string(e.what()).find(damage.expect), std::string::npos) << e.what();
    }
    EXPECT_EQ(PgRows(target.url()), 0) << damage.sql;
  }
}

TEST_F(DbCopyTest, ATargetSchemaWithoutAColumnIsRefused) {
  Fill();
  testing::ScratchDatabase target(*server_);
  store::postgres::PgStore(target.url(), 1).Migrate();
  store::postgres::Connection(target.url()).Exec("ALTER TABLE events DROP COLUMN data");
  try {
    store::copy::CopyToPostgres(Source(), target.url());
    FAIL() << "copied into a schema without events.data";
  } catch (const CopyError& e) {
    EXPECT_NE(std::string(e.what()).find("no column events.data"), std::string::npos) << e.what();
  }
}

// The source is read in one snapshot: a delivery committed after its event
// was read (events are copied first) is not copied either, or the target's
// foreign key would refuse it.
TEST_F(DbCopyTest, APaydWritingMeanwhileDoesNotTearTheCopy) {
  Fill();
  SqliteExec(
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000) "
      "INSERT INTO events(id, tenant_id, type, data, created_at) "
      "SELECT 'evt_bulk' || i, '" +
      tenant_.id + "', 'PAYMENT_CREATED', hex(zeroblob(150)), " + std::to_string(kWrittenAt) +
      " FROM n;"
      "INSERT INTO webhook_deliveries(id, tenant_id, event_id, endpoint_id, endpoint_url, type, "
      "status, attempts, created_at) SELECT 'whd_' || id, tenant_id, id, 'we_x', 'https://x', "
      "type, 'DELIVERED', 1, created_at FROM events WHERE id LIKE 'evt_bulk%'");
  std::atomic<bool> copying = true;
  std::atomic<int> written = 0;
  std::thread writer([&] {
    while (copying) {
      store_->InsertEvent(domain::NewEvent(tenant_.id, "WEBHOOK_TEST", "{}", kWrittenAt));
      ++written;
    }
  });
  testing::ScratchDatabase target(*server_);
  std::optional<CopyReport> report;
  try {
    report = store::copy::CopyToPostgres(Source(), target.url());
  } catch (const std::exception& e) {
    ADD_FAILURE() << e.what();
  }
  copying = false;
  writer.join();
  ASSERT_TRUE(report);
  EXPECT_GT(written, 0) << "the writer never got a turn";
  // A test event goes to every enabled endpoint (Fill makes two).
  EXPECT_EQ(PgNumber(target.url(), "SELECT count(*) FROM events WHERE type = 'WEBHOOK_TEST'") *
                PgNumber(target.url(), "SELECT count(*) FROM webhook_endpoints WHERE enabled = 1"),
            PgNumber(target.url(),
                     "SELECT count(*) FROM webhook_deliveries WHERE type = 'WEBHOOK_TEST'"));
}

TEST(TableChecksum, TellsApartRowsThatPrintAlike) {
  using store::copy::Kind;
  auto hex = [](std::vector<Kind> kinds, std::vector<store::copy::Row> rows) {
    store::copy::TableChecksum sum(std::move(kinds));
    for (const auto& r : rows) sum.Add(r);
    return sum.Hex();
  };
  std::vector<Kind> two_text{Kind::kText, Kind::kText};
  EXPECT_NE(hex(two_text, {{"ab", "c"}}), hex(two_text, {{"a", "bc"}}));
  EXPECT_NE(hex(two_text, {{std::nullopt, "c"}}), hex(two_text, {{"", "c"}}));
  EXPECT_NE(hex({Kind::kInt}, {{"1"}}), hex({Kind::kText}, {{"1"}}));
  EXPECT_NE(hex(two_text, {{"a", "b"}, {"c", "d"}}), hex(two_text, {{"c", "d"}, {"a", "b"}}));
  EXPECT_EQ(hex(two_text, {{"a", "b"}}), hex(two_text, {{"a", "b"}}));
}

TEST(CopyFormat, EscapesWhatCopyReadsSpecially) {
  using store::copy::Kind;
  std::string out;
  store::copy::AppendCopyRow({"a\tb\nc\rd\\e", std::nullopt, "42", std::string("\0\xff", 2)},
                             {Kind::kText, Kind::kText, Kind::kInt, Kind::kBytes}, out);
  EXPECT_EQ(out, "a\\tb\\nc\\rd\\\\e\t\\N\t42\t\\\\x00ff\n");
}

}  // namespace
}  // namespace payd
