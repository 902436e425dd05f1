// What finding a unique exact amount costs when many are already reserved at
// one price (DECISIONS §5 rule 1): the store holds RESERVED reservations of
// consecutive amounts at one price (written straight into the tables, as
// key-less spam would leave them), then COUNT intents are created at that
// price through Store::InsertIntent, each one durable transaction. The same
// number of creations at a price nobody holds gives the floor (the commit).
//
//   payd_bench_reservations [RESERVED] [COUNT]
//
// The same source builds against payd before and after the block counts
// (see the requires-expression in Insert), so that the figures compare.
#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "base/ids.h"
#include "domain/store.h"
#include "domain/webhooks/event.h"
#include "store/sql/rows.h"
#include "store/sqlite/sqlite_store.h"

namespace {

using namespace payd;

constexpr const char* kToken = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
constexpr const char* kRecipient = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

template <typename S>
void Insert(S& store, domain::PaymentIntent& intent, base::TimeMs now) {
  auto finish = [&](const domain::PaymentIntent& i) {
    return domain::Store::IntentCreated{
        {201, "{}"}, domain::NewEvent(i.tenant_id, "PAYMENT_CREATED", "{}", now)};
  };
  if constexpr (requires { typename S::IntentLimits; }) {
    store.InsertIntent(intent, nullptr, typename S::IntentLimits{}, finish, now);
  } else {
    store.InsertIntent(intent, nullptr, finish, now);
  }
}

void Exec(sqlite3* db, const std::string& sql) {
  char* error = nullptr;
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
    std::fprintf(stderr, "%s: %s\n", sql.c_str(), error);
    std::exit(1);
  }
}

// RESERVED consecutive amounts from `price`, held for a day, in one transaction.
void Fill(const std::string& path, long reserved, long price, base::TimeMs until) {
  sqlite3* db = nullptr;
  sqlite3_open(path.c_str(), &db);
  Exec(db, "BEGIN IMMEDIATE");
  sqlite3_stmt* insert = nullptr;
  sqlite3_prepare_v2(db,
                     "INSERT INTO amount_reservations(chain_id, token_key, recipient, amount, "
                     "intent_id, reserved_until) VALUES (31337, ?, ?, ?, ?, ?)",
                     -1, &insert, nullptr);
  for (long i = 0; i < reserved; ++i) {
    std::string amount = store::sql::AmountKey(domain::Uint256(price + i));
    std::string intent = "pi_spam" + std::to_string(i);
    sqlite3_bind_text(insert, 1, kToken, -1, SQLITE_STATIC);
    sqlite3_bind_text(insert, 2, kRecipient, -1, SQLITE_STATIC);
    sqlite3_bind_text(insert, 3, amount.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(insert, 4, intent.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(insert, 5, until);
    sqlite3_step(insert);
    sqlite3_reset(insert);
  }
  sqlite3_finalize(insert);
  // Where the block counts exist, they are what the store would have kept.
  sqlite3_stmt* has_blocks = nullptr;
  sqlite3_prepare_v2(db, "SELECT 1 FROM sqlite_master WHERE name = 'amount_reservation_blocks'", -1,
                     &has_blocks, nullptr);
  if (sqlite3_step(has_blocks) == SQLITE_ROW) {
    Exec(db,
         "INSERT INTO amount_reservation_blocks(chain_id, token_key, recipient, block, taken) "
         "SELECT chain_id, token_key, recipient, substr(amount, 1, 75), count(*) FROM "
         "amount_reservations GROUP BY 1, 2, 3, 4");
  }
  sqlite3_finalize(has_blocks);
  Exec(db, "COMMIT");
  sqlite3_close(db);
}

struct Figures {
  std::vector<double> ms;
  std::string last_amount;

  void Print(const char* what) {
    std::sort(ms.begin(), ms.end());
    double sum = 0;
    for (double m : ms) sum += m;
    std::printf("%s: mean %.2f ms, p50 %.2f ms, p99 %.2f ms (last exact amount %s)\n", what,
                sum / ms.size(), ms[ms.size() / 2], ms[ms.size() * 99 / 100], last_amount.c_str());
  }
};

void CreateAt(store::sqlite::SqliteStore& store, const domain::Integration& integration, long price,
              Figures& figures) {
  base::TimeMs now = base::NowMs();
  domain::PaymentIntent intent;
  intent.id = base::NewId("pi_");
  intent.tenant_id = integration.tenant_id;
  intent.integration_id = integration.id;
  intent.chain_id = 31337;
  intent.token_symbol = "USDC";
  intent.token_address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
  intent.decimals = 6;
  intent.recipient = kRecipient;
  intent.requested_amount = price;
  intent.amount = price;
  intent.required_confirmations = "2";
  intent.created_at = now;
  intent.expires_at = now + 30 * 60 * 1000;
  auto start = std::chrono::steady_clock::now();
  Insert(store, intent, now);
  figures.ms.push_back(
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  figures.last_amount = domain::FormatUnits(intent.amount);
}

}  // namespace

int main(int argc, char** argv) {
  long reserved = argc > 1 ? std::stol(argv[1]) : 100'000;
  int count = argc > 2 ? std::stoi(argv[2]) : 200;
  auto dir = std::filesystem::temp_directory_path() / base::NewId("payd-bench-");
  std::filesystem::create_directories(dir);
  {
    store::sqlite::SqliteStore store(dir.string());
    store.Migrate();
    domain::Tenant tenant{base::NewId("ten_"), "Bench", 1};
    store.InsertTenant(tenant, {tenant.id, "whsec_x", 1, std::nullopt});
    domain::Integration integration;
    integration.id = base::NewId("int_");
    integration.tenant_id = tenant.id;
    integration.name = "Bench";
    integration.allow_chains = {31337};
    integration.allow_tokens = {"USDC"};
    integration.payout_address = kRecipient;
    integration.created_at = 1;
    store.InsertIntegration(integration);

    const long price = 25'000'000;
    // From the price itself, so that an earlier payd (whose first intent at a
    // price got the price) and this one (which starts one unit above it,
    // DECISIONS §5 rule 1) both walk past the amounts held.
    Fill(store.path(), reserved, price, base::NowMs() + 86'400'000);
    // Alternating, so that both see the same disk and cache conditions.
    Figures floor, held, warmup;
    for (int i = 0; i < 20; ++i) CreateAt(store, integration, 3'000'000, warmup);
    for (int i = 0; i < count; ++i) {
      CreateAt(store, integration, 7'000'000, floor);
      CreateAt(store, integration, price, held);
    }
    floor.Print("creations at a price nobody else holds");
    std::string what = "creations at a price with " + std::to_string(reserved) + " reservations";
    held.Print(what.c_str());
  }
  std::filesystem::remove_all(dir);
  return 0;
}
