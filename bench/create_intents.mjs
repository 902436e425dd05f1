// Creates COUNT key-less payment intents through the public endpoint, as
// widgets on https://shop.example do, CONNECTIONS at a time, each for a
// different USD amount; fails on any answer but 201.
//
//   node bench/create_intents.mjs BASE_URL INTEGRATION_ID COUNT [CONNECTIONS]
const [base, integration, countArg, connsArg] = process.argv.slice(2);
const count = Number(countArg);
const conns = Number(connsArg ?? 16);
let next = 0;
let done = 0;
const started = performance.now();

async function worker() {
  while (next < count) {
    const i = next++;
    const cents = 100 + ((i * 7919) % 900000);
    const r = await fetch(`${base}/public/integrations/${integration}/intent`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://shop.example' },
      body: JSON.stringify({ amount_usd: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`, currency: 'USDC', chainId: 31337 }),
    });
    if (r.status !== 201) throw new Error(`intent ${i}: ${r.status} ${await r.text()}`);
    await r.arrayBuffer();
    if (++done % 20000 === 0) console.error(`  ${done} intents`);
  }
}
await Promise.all(Array.from({ length: conns }, worker));
const s = (performance.now() - started) / 1000;
console.log(`${count} intents in ${s.toFixed(1)} s (${Math.round(count / s)}/s)`);
