// Cold catch-up: payd starts behind a chain holding 20,000 USDC transfers
// to a merchant's payout address over 2,000 blocks (1,000 of them paying
// intents exactly), and records them all. Printed beside anvil's own time
// for the eth_getLogs that payd's filter makes over the same range.
//
//   node bench/catchup.mjs [BLOCKS] [TRANSFERS_PER_BLOCK]
//
// Each build catches up twice: reading one provider, and reading three that
// must agree (providers = [...], quorum = 2; issue 41: block hashes by
// quorum, each transfer proven from its block's receipts, the logs compared
// with a second provider). The three are the same anvil under three URLs, so
// the difference is payd's own cost of verifying, not a network's.
//
// PAYD_BIN_BEFORE=<other build> catches up with that build too, on a copy of
// the same data directory and chain, the two alternating (PAYD_CATCHUP_RUNS
// each, default 2): on a shared machine, only figures of one run compare.
// PAYD_CATCHUP_PERF=<file prefix> records each payd with `perf record -g`.
import { spawn } from 'node:child_process';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseUnits } from 'viem';

import { chainConfig, PAYOUT, startChain } from '../tests/e2e/lib/chain.mjs';
import { createIntent, createMerchant, launch, PAYD_BIN, preparePayd } from '../tests/e2e/lib/payd.mjs';

const BLOCKS = Number(process.argv[2] ?? 2000);
const PER_BLOCK = Number(process.argv[3] ?? 10);
const MATCHED = Math.min(1000, BLOCKS * PER_BLOCK);
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

const chain = await startChain();
const spray = await chain.deploy('Spray');
await chain.call(chain.usdc, 'mint', [spray.address, parseUnits('100000000', 6)]);

// A payd whose node is unreachable while the merchant creates intents.
const payd = preparePayd({ config: `[limits]\npublic_intents_per_min = 1000000\n${chainConfig({ url: "http://127.0.0.1:9" }, { confirmations: 1 })}` });
await launch(payd);
const shop = createMerchant(payd);
console.error(`creating ${MATCHED} intents...`);
const amounts = [];
for (let i = 0; i < MATCHED; i++) {
  const r = await createIntent(payd, shop.integration.id, { amount: String(5_000_000 + i * PER_BLOCK), currency: 'USDC', chainId: 31337 });
  if (r.status !== 201) throw new Error(`intent: ${r.text}`);
  amounts.push(r.json.amount);
}
await payd.stop();

// One spray per block: block k pays 5,000,000 + k*PER_BLOCK ... + PER_BLOCK-1 units.
console.error(`sending ${BLOCKS} transactions of ${PER_BLOCK} transfers...`);
const first = Number(await chain.blockNumber()) + 1;
const wallet = chain.wallet();
let nonce = await chain.client.getTransactionCount({ address: wallet.account.address });
// One at a time, so that each lands in a block of its own: the next is sent
// once anvil's head shows this one mined (viem's receipt polling timed out on
// a loaded machine).
for (let j = 0; j < BLOCKS; j++) {
  await wallet.writeContract({
    address: spray.address, abi: spray.abi, functionName: 'spray',
    args: [chain.usdc.address, PAYOUT, BigInt(5_000_000 + j * PER_BLOCK), BigInt(PER_BLOCK)],
    nonce: nonce++, gas: 60_000n + 40_000n * BigInt(PER_BLOCK),
  });
  while (Number(await chain.blockNumber()) < first + j);
}
const last = Number(await chain.blockNumber());
if (last - first + 1 !== BLOCKS) throw new Error(`${last - first + 1} blocks mined for ${BLOCKS} transactions`);

// anvil's own time for the eth_getLogs that covers it all.
const filter = {
  fromBlock: `0x${first.toString(16)}`, toBlock: `0x${last.toString(16)}`, address: [chain.usdc.address.toLowerCase()],
  topics: [TRANSFER_TOPIC, null, [`0x000000000000000000000000${PAYOUT.slice(2).toLowerCase()}`]],
};
// Asked again beside each catch-up: the machine's load moves between runs.
async function anvilGetLogs() {
  const t0 = performance.now();
  const answer = await fetch(chain.url, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [filter] }),
  });
  const result = (await answer.json()).result;
  return { logs: result, ms: performance.now() - t0 };
}
const { logs } = await anvilGetLogs();

// The same payd, now pointed at the chain, from the first spray block.
const oneProvider = chainConfig(chain, { confirmations: 1, extra: `start_block = ${first}` });
const quorumOfThree = chainConfig(chain, {
  confirmations: 1, extra: `start_block = ${first}`, providers: ['a', 'b', 'c'].map((p) => `${chain.url}/?provider=${p}`),
});
writeFileSync(payd.env.PAYD_CONFIG, oneProvider);
const pristine = `${payd.dir}-pristine`;
cpSync(payd.dir, pristine, { recursive: true });

async function catchUp(bin, label, config) {
  rmSync(payd.dir, { recursive: true, force: true });
  cpSync(pristine, payd.dir, { recursive: true });
  writeFileSync(payd.env.PAYD_CONFIG, config);
  const start = performance.now();
  const perf = process.env.PAYD_CATCHUP_PERF;
  const [cmd, args] = perf
    ? ['perf', ['record', '-g', '-o', `${perf}-${label}.data`, '--', bin, 'serve']]
    : [bin, ['serve']];
  const proc = spawn(cmd, args, { cwd: payd.dir, env: payd.env, stdio: ['ignore', 'ignore', 'pipe'] });
  let watching = 0;
  // A catch-up takes several passes, each logging what it recorded.
  const total = { paymentsRecorded: 0, unmatched: 0, intentsChanged: 0 };
  const done = await new Promise((resolve) => {
    createInterface({ input: proc.stderr }).on('line', (raw) => {
      if (!raw.startsWith('{')) return;  // perf's own lines
      const line = JSON.parse(raw);
      if (line.msg === 'watching chain') watching = performance.now();
      if (line.msg !== 'chain progress') return;
      for (const key of Object.keys(total)) total[key] += line[key];
      if (line.block >= last) resolve({ at: performance.now(), line: total });
    });
  });
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill(perf ? 'SIGINT' : 'SIGTERM');
  await exited;
  return { label, catchupMs: done.at - watching, startupMs: watching - start, line: done.line };
}

const builds = [['payd', PAYD_BIN]];
if (process.env.PAYD_BIN_BEFORE) builds.unshift(['before', process.env.PAYD_BIN_BEFORE]);
const runs = Number(process.env.PAYD_CATCHUP_RUNS ?? (builds.length > 1 ? 2 : 1));
console.log(`chain: ${last - first + 1} blocks, ${logs.length} transfers to the payout address, ${MATCHED} paying intents`);
const modes = [['one provider', oneProvider], ['3 providers, quorum 2', quorumOfThree]];
for (let run = 0; run < runs; run++) {
  // The build before may not know providers: it catches up from one.
  for (const [label, bin] of builds) for (const [mode, config] of label === 'before' ? modes.slice(0, 1) : modes) {
    const anvilMs = (await anvilGetLogs()).ms;
    const r = await catchUp(bin, `${label}${run}`, config);
    if (r.line.paymentsRecorded !== logs.length) throw new Error(`${label} recorded ${r.line.paymentsRecorded} of ${logs.length} transfers`);
    console.log(`${label}, ${mode}: cold catch-up into SQLite: ${(r.catchupMs / 1000).toFixed(2)} s (${Math.round(logs.length / (r.catchupMs / 1000))} transfers/s; start-up ${r.startupMs.toFixed(0)} ms); ` +
      `recorded ${r.line.paymentsRecorded} payments, ${r.line.unmatched} unmatched, ${r.line.intentsChanged} intents changed`);
    console.log(`  anvil eth_getLogs for the same range just before: ${anvilMs.toFixed(0)} ms; ratio payd/anvil getLogs: ${(r.catchupMs / anvilMs).toFixed(1)}x`);
  }
}
await chain.stop();
rmSync(payd.dir, { recursive: true, force: true });
rmSync(pristine, { recursive: true, force: true });
