// How fast `payd db copy` moves rows into PostgreSQL, with COPY FROM STDIN
// and with multi-row INSERTs (store/copy/table_writer.h), on the same SQLite
// data: ROWS rows, half events (a JSON body each, as payments write them),
// half webhook deliveries of those events, plus a tenant, an integration
// and a key (a bytea digest). Each method copies into a fresh database
// ROUNDS times, alternating, and the best round is printed with the time
// the verification took within it.
//
//   PAYD_TEST_DATABASE_URL=postgresql:///postgres?host=... payd_bench_db_copy [ROWS] [ROUNDS]
#include "store/copy/db_copy.h"

#include <postgresql/libpq-fe.h>
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "base/crypto.h"
#include "base/ids.h"
#include "base/strings.h"
#include "store/sqlite/sqlite_store.h"

namespace {

using namespace payd;

// `server` with its database replaced by `dbname`, as a libpq key=value string.
std::string WithDatabase(const std::string& server, const std::string& dbname) {
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(server.c_str(), &error);
  if (!options) {
    std::fprintf(stderr, "bad PAYD_TEST_DATABASE_URL\n");
    std::exit(1);
  }
  std::string out;
  for (PQconninfoOption* o = options; o->keyword; ++o) {
    if (std::string(o->keyword) == "dbname" || !o->val) continue;
    out += std::string(o->keyword) + "='" + o->val + "' ";
  }
  PQconninfoFree(options);
  return out + "dbname=" + dbname;
}

double CpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto s = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
  return s(usage.ru_utime) + s(usage.ru_stime);
}

void Fill(const std::string& dir, long rows) {
  {
    store::sqlite::SqliteStore store(dir);
    store.Migrate();
  }
  store::sqlite::Connection db(dir + "/payd.sqlite3", store::sqlite::Connection::Sync::kOff);
  store::sqlite::Transaction tx(db);
  db.Exec(
      "INSERT INTO tenants VALUES ('ten_bench', 'Bench', 1);"
      "INSERT INTO integrations(id, tenant_id, name, allow_chains, allow_tokens, payout_address,"
      " allowed_origins, auto_conversion, created_at) VALUES ('int_bench', 'ten_bench', 'Web',"
      " '[31337]', '[\"USDC\"]', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', '[]', 0, 1);");
  db.Prepare(
        "INSERT INTO api_keys(id, tenant_id, kind, name, digest, prefix, last4, scopes, created_at)"
        " VALUES ('key_bench', 'ten_bench', 'account', 'k', ?1, 'svc_pk_test_', 'abcd', '[]', 1)")
      .BindBlob(1, base::Sha256("bench"))
      .Run();
  std::string data(400, 'x');
  for (long i = 0; i < rows / 2; ++i) {
    std::string event = "evt_" + std::to_string(i);
    db.Prepare(
          "INSERT INTO events(id, tenant_id, type, data, created_at) VALUES (?1, ?2, ?3, ?4, ?5)")
        .Bind(1, event)
        .Bind(2, "ten_bench")
        .Bind(3, "PAYMENT_CONFIRMED")
        .Bind(4, "{\"id\":\"pi_" + std::to_string(i) + "\",\"note\":\"" + data + "\"}")
        .Bind(5, std::int64_t{1700000000000} + i)
        .Run();
    db.Prepare(
          "INSERT INTO webhook_deliveries(id, tenant_id, event_id, endpoint_id, endpoint_url, type,"
          " status, attempts, last_response_status, delivered_at, created_at)"
          " VALUES (?1, 'ten_bench', ?2, 'we_bench', 'https://shop.example/hooks',"
          " 'PAYMENT_CONFIRMED', 'DELIVERED', 1, 200, ?3, ?3)")
        .Bind(1, "whd_" + std::to_string(i))
        .Bind(2, event)
        .Bind(3, std::int64_t{1700000000000} + i)
        .Run();
  }
  tx.Commit();
}

}  // namespace

int main(int argc, char** argv) {
  const char* server = std::getenv("PAYD_TEST_DATABASE_URL");
  if (!server || !*server) {
    std::fprintf(stderr, "PAYD_TEST_DATABASE_URL must name a PostgreSQL server\n");
    return 1;
  }
  long rows = argc > 1 ? std::atol(argv[1]) : 100000;
  int rounds = argc > 2 ? std::atoi(argv[2]) : 3;
  auto dir = std::filesystem::temp_directory_path() / base::NewId("payd-bench-copy-");
  std::filesystem::create_directories(dir);
  Fill(dir.string(), rows);
  auto source = store::copy::FindSqliteSource("sqlite:" + dir.string());

  struct Best {
    const char* name;
    store::copy::WriteMethod method;
    double seconds = 1e9;
    double verify = 0;
    double cpu = 0;
    long copied = 0;
  } methods[] = {{"INSERT (multi-row, parameters)", store::copy::WriteMethod::kInsert},
                 {"COPY FROM STDIN", store::copy::WriteMethod::kCopy}};
  for (int round = 0; round < rounds; ++round) {
    for (auto& m : methods) {
      std::string name = base::AsciiLower(base::NewId("payd_bench_"));
      store::postgres::Connection admin(server);
      admin.Exec("CREATE DATABASE " + name);
      store::copy::CopyOptions options;
      options.method = m.method;
      double cpu = CpuSeconds();
      auto report = store::copy::CopyToPostgres(source, WithDatabase(server, name), options);
      cpu = CpuSeconds() - cpu;
      admin.Exec("DROP DATABASE " + name);
      if (report.seconds < m.seconds) {
        m.seconds = report.seconds;
        m.verify = report.verify_seconds;
        m.cpu = cpu;
        m.copied = static_cast<long>(report.rows);
      }
    }
  }
  std::printf("%-32s %8s %8s %9s %9s %10s %13s\n", "method", "rows", "total s", "verify s",
              "payd cpu", "rows/s", "write rows/s");
  for (const auto& m : methods) {
    std::printf("%-32s %8ld %8.2f %9.2f %9.2f %10.0f %13.0f\n", m.name, m.copied, m.seconds,
                m.verify, m.cpu, m.copied / m.seconds, m.copied / (m.seconds - m.verify));
  }
  std::filesystem::remove_all(dir);
  return 0;
}
