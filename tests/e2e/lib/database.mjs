// Which store the end-to-end tests run payd on: SQLite in each payd's data
// directory (the default), or, with PAYD_E2E_STORE=postgres, a scratch
// database of its own on the PostgreSQL server PAYD_TEST_DATABASE_URL names
// (`make test` runs the suite both ways). `sql()` reads or changes a payd's
// database beside it, whichever store it is, as an operator's shell would.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

export const ON_POSTGRES = process.env.PAYD_E2E_STORE === 'postgres';
const SERVER = process.env.PAYD_TEST_DATABASE_URL;
if (ON_POSTGRES && !SERVER) throw new Error('PAYD_E2E_STORE=postgres needs PAYD_TEST_DATABASE_URL');

// For describe/test options: `{ skip: sqliteOnly('why') }` skips on PostgreSQL.
export const sqliteOnly = (why) => (ON_POSTGRES ? `SQLite only: ${why}` : false);

// `server` with its database replaced by `name`.
export function databaseUrl(server, name) {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.href;
}

// A statement that has not ended in this long (waiting for a lock nobody
// releases, say) is killed and fails: spawnSync blocks the event loop, where
// no test time-out can end it.
const STATEMENT_WITHIN_MS = 60000;

function psql(url, statement) {
  const r = spawnSync('psql', [url, '-X', '-q', '-At', '-v', 'ON_ERROR_STOP=1', '-c', statement], { encoding: 'utf8', timeout: STATEMENT_WITHIN_MS });
  if (r.status !== 0) throw new Error(`psql: ${statement}: ${r.error?.message ?? ''} ${r.stderr}`);
  return r.stdout.trim();
}

// A new, empty database for one payd; its URL.
export function createDatabase() {
  const name = `payd_e2e_${randomBytes(6).toString('hex')}`;
  psql(SERVER, `CREATE DATABASE ${name}`);
  return databaseUrl(SERVER, name);
}

export function dropDatabase(url) {
  const name = new URL(url).pathname.slice(1);
  psql(SERVER, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

// The backend that holds `chainId`'s watch lock (PgStore::LeadChain's key) in
// the database it runs on, or no row. pg_locks is the whole server's: other
// databases on it have their own chain of that id watched at the same time.
export const chainLockHolder = (chainId) => `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 1
  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
  AND ((classid::bigint << 32) | objid::bigint) = hashtextextended('chain-watch|${Number(chainId)}', 0)`;

// Runs `statement` on the payd's database; its rows as text, columns joined by '|'.
export function sql(payd, statement) {
  if (payd.env.PAYD_DATABASE_URL) return psql(payd.env.PAYD_DATABASE_URL, statement);
  // payd writes beside us (its outbox, its clocks): wait for its lock as
  // payd itself would, instead of failing at once with "database is locked".
  const r = spawnSync('sqlite3', ['-cmd', `.timeout ${STATEMENT_WITHIN_MS / 2}`, join(payd.env.PAYD_DATA_DIR, 'payd.sqlite3'), statement], { encoding: 'utf8', timeout: STATEMENT_WITHIN_MS });
  if (r.status !== 0) throw new Error(`sqlite3: ${statement}: ${r.error?.message ?? ''} ${r.stderr}`);
  return r.stdout.trim();
}
