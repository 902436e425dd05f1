// The floor under durable writes: one row per transaction into SQLite with
// payd's own settings (WAL, synchronous=FULL). bench/intents.sh prints it
// beside payd's intent creations per second, measured in the same run.
//
//   payd_bench_sqlite DIR [SECONDS]
#include <sqlite3.h>

#include <chrono>
#include <cstdio>
#include <string>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s DIR [SECONDS]\n", argv[0]);
    return 2;
  }
  std::string path = std::string(argv[1]) + "/bench.sqlite3";
  double seconds = argc > 2 ? std::stod(argv[2]) : 5.0;
  sqlite3* db = nullptr;
  if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) return 1;
  sqlite3_exec(db,
               "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;"
               "CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)",
               nullptr, nullptr, nullptr);
  sqlite3_stmt* insert = nullptr;
  sqlite3_prepare_v2(db, "INSERT INTO t(body) VALUES (?)", -1, &insert, nullptr);
  std::string body(600, 'x');  // about the size of an intent row with its event
  auto start = std::chrono::steady_clock::now();
  long commits = 0;
  while (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() <
         seconds) {
    sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
    sqlite3_bind_text(insert, 1, body.data(), static_cast<int>(body.size()), SQLITE_STATIC);
    sqlite3_step(insert);
    sqlite3_reset(insert);
    sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
    ++commits;
  }
  double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%.0f\n", commits / elapsed);
  sqlite3_finalize(insert);
  sqlite3_close(db);
  return 0;
}
