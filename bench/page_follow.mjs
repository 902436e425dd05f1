// How fast a payer's hosted page follows a payment on every process (issue
// 19, P3): two payd processes on one durable PostgreSQL, one watching the
// chain, and a payer's live page (the public intent event stream) open on
// each. From the confirming block being mined to the stream announcing PAID,
// p50 and p99 over PAYMENTS payments, on the watching process and on the
// other, which learns of the change through LISTEN/NOTIFY (store/postgres/
// change_feed.h) instead of its 3 s re-read.
//
//   node bench/page_follow.mjs [PAYMENTS]
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { percentile } from './percentile.mjs';

const PAYMENTS = Number(process.argv[2] ?? 100);
// Not under a mkdtemp directory: its mode 700 would keep the postgres user out.
const pgDir = join(tmpdir(), `payd-page-follow-${process.pid}`);
const pgServer = (cmd, env = {}) => {
  const r = spawnSync('scripts/postgres-test-server.sh', [cmd, pgDir], { encoding: 'utf8', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`postgres-test-server.sh ${cmd}: ${r.stderr}`);
  return r.stdout.trim();
};
process.env.PAYD_TEST_DATABASE_URL = pgServer('start', { PAYD_PG_DURABLE: '1' });
process.env.PAYD_E2E_STORE = 'postgres';
// Imported after the environment names the server: lib/database.mjs reads it.
const { chainConfig, eventually, PAYOUT, startChain } = await import('../tests/e2e/lib/chain.mjs');
const { createIntent, createMerchant, launch, preparePayd, storeOf } = await import('../tests/e2e/lib/payd.mjs');
const { intentViews, openEvents } = await import('../tests/e2e/lib/sse.mjs');

const until = (check, what) => eventually(check, { what, timeout: 30000, interval: 1 });

const chain = await startChain();
const config = `[limits]\napi_requests_per_min = 1000000\npublic_intents_per_min = 1000000\npublic_reads_per_min = 1000000\n` +
  chainConfig(chain, { confirmations: 2, extra: `ws_url = "${chain.url.replace('http://', 'ws://')}"` })
    .replace('poll_interval_ms = 100', 'poll_interval_ms = 1000');
const first = preparePayd({ config });
const procs = [first, preparePayd({ config, env: storeOf(first) })];
for (const p of procs) await launch(p);
try {
  const isWatching = (p) => p.logs.some((l) => l.msg === 'watching chain');
  await until(() => procs.filter(isWatching).length === 1, 'one process watching');
  const shop = createMerchant(first);
  const latency = { watching: [], other: [] };
  for (let i = 0; i < PAYMENTS; i++) {
    const pi = (await createIntent(first, shop.integration.id, { amount: String(1_000_000 + i), currency: 'USDC', chainId: 31337 })).json;
    const path = `/public/integrations/${shop.integration.id}/intents/${pi.id}/events`;
    const streams = await Promise.all(procs.map((p) => openEvents(`${p.url}${path}`, { headers: { Origin: 'https://shop.example' } })));
    const last = (s) => intentViews(s).at(-1)?.status;
    await until(() => streams.every((s) => last(s) === 'CREATED'), 'the first views');
    await chain.payUsdc(PAYOUT, BigInt(pi.amount));
    await until(() => streams.every((s) => last(s) === 'PENDING'), 'PENDING on both pages');
    const mined = performance.now();
    await chain.mine(1);
    const seen = new Array(procs.length).fill(0);
    await until(() => {
      for (const [k, s] of streams.entries()) if (!seen[k] && last(s) === 'PAID') seen[k] = performance.now();
      return seen.every(Boolean);
    }, 'PAID on both pages');
    for (const [k, p] of procs.entries()) latency[isWatching(p) ? 'watching' : 'other'].push(seen[k] - mined);
    for (const s of streams) s.close();
  }
  console.log(`page follows a payment: confirming block mined -> PAID on the live page, ${PAYMENTS} payments`);
  for (const [which, values] of Object.entries(latency)) {
    values.sort((a, b) => a - b);
    console.log(`  ${which === 'watching' ? 'watching process' : 'other process  '}: p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms (goal p50 <= 20, p99 <= 50)`);
  }
} finally {
  for (const p of procs) await p.stop('SIGTERM');
  await procs[1].cleanup();
  await procs[0].cleanup();
  await chain.stop();
  pgServer('stop');
}
