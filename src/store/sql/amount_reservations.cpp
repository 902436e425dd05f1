#include "store/sql/amount_reservations.h"

#include <optional>
#include <utility>
#include <vector>

#include "domain/error.h"
#include "domain/intents/payment_intent.h"
#include "store/sql/rows.h"

namespace payd::store::sql {

namespace {

using boost::multiprecision::cpp_int;

constexpr std::int64_t kBlockSize = 1000;
// An amount key has 78 digits; its block is the key without the last 3.
constexpr std::size_t kBlockKeyDigits = 75;

cpp_int FromAmountKey(const std::string& key) {
  auto first = key.find_first_not_of('0');
  return cpp_int(*domain::ParseUnits(first == std::string::npos ? "0" : key.substr(first)));
}

std::string BlockKey(const cpp_int& amount) {
  return AmountKey(domain::Uint256(amount)).substr(0, kBlockKeyDigits);
}

// SQLite's planner would read every reservation at a price through the
// primary key; the index by end time reads only the lapsed ones, which the
// ledger keeps few. PostgreSQL picks that index by itself here.
std::string ByEndTime(Connection& c) {
  return c.dialect() == Dialect::kSqlite ? "INDEXED BY amount_reservations_by_end " : "";
}

// The lapsed reservations of a scope from `from` up: ?1 chain, ?2 now,
// ?3 token, ?4 recipient, ?5 amount key. Both planners would read min(amount)
// off the primary key, walking every reservation above the price (all the
// open intents of a busy payout address) to find the few lapsed ones: SQLite
// is told the index by end time, PostgreSQL (whose generic plan of a prepared
// statement does exactly that, 36 ms at 34,000 open intents) is fenced off
// from the primary key by OFFSET 0.
const std::string& FirstLapsedSql(Connection& c) {
  static const std::string sqlite =
      "SELECT min(amount) FROM amount_reservations INDEXED BY amount_reservations_by_end "
      "WHERE chain_id = ?1 AND reserved_until <= ?2 AND token_key = ?3 AND recipient = ?4 AND "
      "amount >= ?5";
  static const std::string postgres =
      "SELECT min(amount) FROM (SELECT amount FROM amount_reservations WHERE chain_id = ?1 AND "
      "reserved_until <= ?2 AND token_key = ?3 AND recipient = ?4 OFFSET 0) AS lapsed "
      "WHERE amount >= ?5";
  return c.dialect() == Dialect::kSqlite ? sqlite : postgres;
}

std::string ScopeKey(const ReservationScope& scope) {
  return "amounts|" + std::to_string(scope.chain_id) + "|" + scope.token_key + "|" +
         scope.recipient;
}

cpp_int BlockStart(const cpp_int& amount) {
  return amount - amount % kBlockSize;
}

// The first amount in [from, to] that no row of the block holds, if any.
std::optional<cpp_int> FirstGapInBlock(Connection& c, const ReservationScope& scope,
                                       const cpp_int& from, const cpp_int& to) {
  auto q = c.Prepare(
      "SELECT amount FROM amount_reservations WHERE chain_id = ? AND token_key = ? AND "
      "recipient = ? AND amount >= ? AND amount <= ? ORDER BY amount");
  q.Bind(1, scope.chain_id)
      .Bind(2, scope.token_key)
      .Bind(3, scope.recipient)
      .Bind(4, AmountKey(domain::Uint256(from)))
      .Bind(5, AmountKey(domain::Uint256(to)));
  cpp_int candidate = from;
  while (candidate <= to && q.Step() && q.Text(0) == AmountKey(domain::Uint256(candidate)))
    ++candidate;
  if (candidate > to) return std::nullopt;
  return candidate;
}

// Block counts read at a time. The walk usually stops at the first block;
// PostgreSQL sends a statement's rows whole, so an unbounded read would
// carry every block above the price on every reservation.
constexpr int kBlocksPerRead = 16;

// The smallest amount >= `from` without a row, lapsed rows included. `from`
// may be the first amount of a block (a price ending in 999, plus one): the
// walk starts at that block, whatever the price's own block holds.
std::optional<cpp_int> FirstUnheldAmount(Connection& c, const ReservationScope& scope,
                                         const cpp_int& from) {
  cpp_int amount = from;
  for (;;) {
    auto blocks = c.Prepare(
        "SELECT block, taken FROM amount_reservation_blocks WHERE chain_id = ? AND token_key = ? "
        "AND recipient = ? AND block >= ? ORDER BY block LIMIT ?");
    blocks.Bind(1, scope.chain_id)
        .Bind(2, scope.token_key)
        .Bind(3, scope.recipient)
        .Bind(4, BlockKey(amount))
        .Bind(5, kBlocksPerRead);
    int read = 0;
    while (blocks.Step()) {
      ++read;
      // A block without a row holds nothing: `amount` is free.
      if (blocks.Text(0) != BlockKey(amount)) return amount;
      cpp_int end = std::min<cpp_int>(BlockStart(amount) + kBlockSize - 1, domain::MaxUint256());
      if (blocks.Int(1) < kBlockSize) {
        if (auto gap = FirstGapInBlock(c, scope, amount, end)) return gap;
      }
      if (end == domain::MaxUint256()) return std::nullopt;
      amount = end + 1;
    }
    if (read < kBlocksPerRead) return amount;  // no block holds `amount` or any above it
  }
}

// The smallest amount >= `from` whose reservation ended by `now` but was
// not yet released (the ledger releases by chain time, each poll).
std::optional<cpp_int> FirstLapsedAmount(Connection& c, const ReservationScope& scope,
                                         const cpp_int& from, base::TimeMs now) {
  auto q = c.Prepare(FirstLapsedSql(c));
  q.Bind(1, scope.chain_id)
      .Bind(2, now)
      .Bind(3, scope.token_key)
      .Bind(4, scope.recipient)
      .Bind(5, AmountKey(domain::Uint256(from)));
  if (!q.Step() || q.IsNull(0)) return std::nullopt;
  return FromAmountKey(q.Text(0));
}

void AddToBlock(Connection& c, const ReservationScope& scope, const std::string& block,
                std::int64_t delta) {
  c.Prepare(
       "INSERT INTO amount_reservation_blocks(chain_id, token_key, recipient, block, taken) "
       "VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT(chain_id, token_key, recipient, block) "
       "DO UPDATE SET taken = amount_reservation_blocks.taken + ?5")
      .Bind(1, scope.chain_id)
      .Bind(2, scope.token_key)
      .Bind(3, scope.recipient)
      .Bind(4, block)
      .Bind(5, delta)
      .Run();
}

[[noreturn]] void ThrowNoAmountLeft() {
  domain::ThrowInvalid("amount",
                       "No unique exact amount is left above this amount up to 2^256-1 for this "
                       "token and payout address; ask for a smaller amount.");
}

}  // namespace

domain::Uint256 ReserveExactAmount(Connection& c, const ReservationScope& scope,
                                   const domain::Uint256& requested, const std::string& intent_id,
                                   base::TimeMs reserved_until, base::TimeMs now) {
  // At least one unit above the price (DECISIONS §5 rule 1), so that a payer
  // who types the round price pays no intent. A row holding the price itself
  // (reserved under the earlier rule, or lapsed) is never looked at again.
  const cpp_int from = cpp_int(requested) + 1;
  if (from > domain::MaxUint256()) ThrowNoAmountLeft();
  // Reservations on one scope run side by side, but never beside a release
  // of its lapsed amounts, which rewrites the block counts the search reads.
  // Those starting in the same block of 1,000 amounts (the same price) would
  // all find the same free amount: they take turns. One that walks into the
  // next block and meets another there collides on the primary key (or on
  // the lapsed row both meant to reuse) and is run again (sql::Conflict).
  c.LockSharedUntilCommit(ScopeKey(scope));
  c.LockUntilCommit(ScopeKey(scope) + "|" + BlockKey(from));
  auto unheld = FirstUnheldAmount(c, scope, from);
  // By the clock, an amount is reused only once its late window has been
  // over for the clock skew an exact match allows: a transfer made in the old
  // intent's last minutes but read late (a node behind) must never find the
  // new intent, which it could if that intent were created within the skew.
  // The ledger releases amounts by chain time, with every earlier block read.
  base::TimeMs lapsed_by = now - domain::kChainClockSkewMs;
  auto lapsed = FirstLapsedAmount(c, scope, from, lapsed_by);
  if (!unheld && !lapsed) ThrowNoAmountLeft();
  bool reuse = lapsed && (!unheld || *lapsed < *unheld);
  domain::Uint256 amount(reuse ? *lapsed : *unheld);
  if (reuse) {
    c.Prepare(
         "UPDATE amount_reservations SET intent_id = ?, reserved_until = ? WHERE chain_id = ? "
         "AND token_key = ? AND recipient = ? AND amount = ? AND reserved_until <= ?")
        .Bind(1, intent_id)
        .Bind(2, reserved_until)
        .Bind(3, scope.chain_id)
        .Bind(4, scope.token_key)
        .Bind(5, scope.recipient)
        .Bind(6, AmountKey(amount))
        .Bind(7, lapsed_by)
        .Run();
    if (c.Changes() != 1) throw Conflict("a lapsed exact amount was taken meanwhile");
    return amount;
  }
  c.Prepare(
       "INSERT INTO amount_reservations(chain_id, token_key, recipient, amount, intent_id, "
       "reserved_until) VALUES (?, ?, ?, ?, ?, ?)")
      .Bind(1, scope.chain_id)
      .Bind(2, scope.token_key)
      .Bind(3, scope.recipient)
      .Bind(4, AmountKey(amount))
      .Bind(5, intent_id)
      .Bind(6, reserved_until)
      .Run();
  AddToBlock(c, scope, BlockKey(cpp_int(amount)), 1);
  return amount;
}

void ReleaseExactAmounts(Connection& c, std::int64_t chain_id, base::TimeMs chain_time) {
  std::vector<ReservationScope> scopes;
  {
    auto q =
        c.Prepare("SELECT DISTINCT token_key, recipient FROM amount_reservations " + ByEndTime(c) +
                  "WHERE chain_id = ? AND reserved_until <= ? ORDER BY token_key, recipient");
    q.Bind(1, chain_id).Bind(2, chain_time);
    while (q.Step()) scopes.push_back({chain_id, q.Text(0), q.Text(1)});
  }
  // In one order, so that two releases cannot wait on each other's locks.
  for (const auto& scope : scopes) {
    c.LockUntilCommit(ScopeKey(scope));
    std::vector<std::pair<std::string, std::int64_t>> released;
    {
      auto q = c.Prepare(
          "SELECT substr(amount, 1, 75), count(*) FROM amount_reservations " + ByEndTime(c) +
          "WHERE chain_id = ? AND reserved_until <= ? AND token_key = ? AND recipient = ? "
          "GROUP BY 1");
      q.Bind(1, chain_id).Bind(2, chain_time).Bind(3, scope.token_key).Bind(4, scope.recipient);
      while (q.Step()) released.emplace_back(q.Text(0), q.Int(1));
    }
    for (const auto& [block, count] : released) {
      AddToBlock(c, scope, block, -count);
      c.Prepare(
           "DELETE FROM amount_reservation_blocks WHERE chain_id = ? AND token_key = ? AND "
           "recipient = ? AND block = ? AND taken <= 0")
          .Bind(1, scope.chain_id)
          .Bind(2, scope.token_key)
          .Bind(3, scope.recipient)
          .Bind(4, block)
          .Run();
    }
    c.Prepare(
         "DELETE FROM amount_reservations WHERE chain_id = ? AND reserved_until <= ? AND "
         "token_key = ? AND recipient = ?")
        .Bind(1, chain_id)
        .Bind(2, chain_time)
        .Bind(3, scope.token_key)
        .Bind(4, scope.recipient)
        .Run();
  }
}

}  // namespace payd::store::sql
