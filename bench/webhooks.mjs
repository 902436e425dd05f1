// Webhook latency and throughput, measured at a real receiver that verifies
// every delivery with the `standardwebhooks` package:
// 1. latency from the block that confirms a payment being mined to the
//    verified PAYMENT_CONFIRMED at the receiver, p50 and p99 over 200 payments
//    (the watcher woken by heads pushed over anvil's WebSocket);
// 2. deliveries per second to a local receiver, draining 2,000 queued deliveries.
//
//   node bench/webhooks.mjs [PAYMENTS] [DELIVERIES]
import { chainConfig, eventually, PAYOUT, startChain } from '../tests/e2e/lib/chain.mjs';
import { createIntent, createMerchant, linkBody, startPayd } from '../tests/e2e/lib/payd.mjs';
import { startReceiver } from '../tests/e2e/lib/receiver.mjs';
import { percentile } from './percentile.mjs';

const PAYMENTS = Number(process.argv[2] ?? 200);
const DELIVERIES = Number(process.argv[3] ?? 2000);
const until = (check, what, timeout = 60000) => eventually(check, { what, timeout, interval: 2 });

const chain = await startChain();
// One endpoint takes everything here: endpoint_concurrency (default 2) is
// raised to the worker count so that 8 deliveries are in flight, as before.
const config = `[limits]\napi_requests_per_min = 1000000\npublic_intents_per_min = 1000000\n` +
  `[webhooks]\nallow_private_targets = true\nretry_schedule_s = [3, 3, 3]\nconcurrency = 8\nendpoint_concurrency = 8\n` +
  // New heads pushed over anvil's WebSocket (same port as HTTP); polling
  // only once a second, so the figures are the pushed path's.
  chainConfig(chain, { confirmations: 2, extra: `ws_url = "${chain.url.replace('http://', 'ws://')}"` })
    .replace('poll_interval_ms = 100', 'poll_interval_ms = 1000');
const payd = await startPayd({ config });
const shop = createMerchant(payd);
const secret = payd.admin(['webhook-secret', 'show', '--tenant', shop.tenant.id]).secret;
const receiver = await startReceiver({ secrets: [secret] });
payd.admin(['webhook-endpoint', 'add', '--tenant', shop.tenant.id, '--url', receiver.url]);

// 1. Latency, one payment at a time.
const latencies = [];
for (let i = 0; i < PAYMENTS; i++) {
  const pi = (await createIntent(payd, shop.integration.id, { amount: String(1_000_000 + i), currency: 'USDC', chainId: 31337 })).json;
  await chain.payUsdc(PAYOUT, BigInt(pi.amount));
  await until(() => receiver.of('PAYMENT_PENDING').some((d) => d.payload.data.id === pi.id), 'PENDING');
  const mined = performance.now();
  await chain.mine(1);
  await until(() => receiver.of('PAYMENT_CONFIRMED').some((d) => d.payload.data.id === pi.id), 'CONFIRMED');
  latencies.push(receiver.of('PAYMENT_CONFIRMED').find((d) => d.payload.data.id === pi.id).at - mined);
}
latencies.sort((a, b) => a - b);

// 2. Throughput: the receiver refuses every first attempt with 503 and a
// Retry-After naming one instant, so all deliveries come due together.
const due = new Date(Date.now() + 20000);
receiver.answer = { status: 503, headers: { 'Retry-After': due.toUTCString() } };
const before = receiver.deliveries.length;
for (let i = 0; i < DELIVERIES; i++) {
  await payd.request('POST', '/api/v1/payment-links', { key: shop.rw.key, body: linkBody(shop.integration.id) });
}
await until(() => receiver.deliveries.length - before >= DELIVERIES, 'first attempts', 120000);
receiver.answer = 200;
const start = receiver.deliveries.length;
const accepted = () => receiver.deliveries.slice(start).filter((d) => d.answer === 200).length;
await until(() => accepted() >= DELIVERIES, 'second attempts', 120000);
const retried = receiver.deliveries.slice(start);
const seconds = (retried.at(-1).at - retried[0].at) / 1000;
const verified = retried.filter((d) => d.ok).length;

console.log(`confirming block mined -> verified PAYMENT_CONFIRMED at the receiver, ${PAYMENTS} payments:`);
console.log(`  p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1).toFixed(1)} ms (heads pushed over the WebSocket; polling every 1 s)`);
console.log(`deliveries to a local receiver: ${DELIVERIES} in ${seconds.toFixed(2)} s = ${Math.round(DELIVERIES / seconds)}/s (${verified} verified, 8 in flight)`);
await payd.stopCleanly();
await payd.cleanup();
await receiver.close();
await chain.stop();
