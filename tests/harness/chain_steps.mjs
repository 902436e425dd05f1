// The steps that reshape the chain: reorganisations (anvil_reorg), snapshots
// and flips (evm_snapshot / evm_revert, with the original branch mined again
// block for block), dropped transactions coming back, and chain-clock jumps.
// Each takes the running scenario (execute.mjs) and its step.
import { LIFETIME_S, MAX_REORG_DEPTH } from './generate.mjs';
import { Prng } from './prng.mjs';
import { SLOW } from './world.mjs';

// Replaces the last blocks: each of their transactions moves to another
// block of the new branch, is dropped (and may come back later), or is gone.
export async function reorg(run, step) {
  await run.chain.flushPool();
  const head = await run.chain.head();
  const depth = Math.min(step.depth, head - run.floor, MAX_REORG_DEPTH);
  if (depth < 1) return run.log('     (nothing to reorganise)');
  const rng = new Prng(step.r, 'reorg');
  const txs = await run.chain.transactionsAbove(head - depth);
  const stopped = new Set(); // senders with a transaction left out: their later ones cannot move
  const moves = [];
  let offset = 0;
  for (const tx of txs) {
    const fate = stopped.has(tx.from) ? 'drop' : rng.weighted([[5, 'move'], [3, 'drop'], [2, 'gone']]);
    if (fate === 'move') {
      offset = Math.min(depth - 1, offset + (rng.chance(0.5) ? 1 : 0));
      moves.push([tx.raw, offset]);
    } else {
      stopped.add(tx.from);
      if (fate === 'drop') run.dropped.push(tx);
    }
  }
  await run.chain.reorg(depth, moves);
  run.counts.reorgs++;
  run.snapshot = null;
  run.log(`     depth ${depth}: ${moves.length} moved, ${txs.length - moves.length} left out`);
  return undefined;
}

export async function snap(run) {
  await run.chain.flushPool();
  run.snapshot = { id: await run.chain.snapshot(), height: await run.chain.head() };
}

// Branch A (since the snapshot) gives way to branch B; then, mostly, A
// comes back block for block with the same hashes: a flip-back.
export async function flip(run, step) {
  if (!run.snapshot) return run.log('     (no snapshot)');
  await run.chain.flushPool();
  const { id, height } = run.snapshot;
  run.snapshot = null;
  const depth = (await run.chain.head()) - height;
  if (depth < 1 || depth > MAX_REORG_DEPTH) return run.log(`     (branch A is ${depth} blocks: no flip)`);
  const rng = new Prng(step.r, 'flip');
  const branchA = await run.chain.recordBranch(height);
  const txsA = await run.chain.transactionsAbove(height);
  await run.chain.revert(id);
  const base = await run.chain.snapshot();
  const stopped = new Set();
  for (const tx of txsA) {
    if (!stopped.has(tx.from) && rng.chance(0.4)) await run.chain.rpc('eth_sendRawTransaction', [tx.raw]);
    else stopped.add(tx.from);
  }
  await run.chain.mine(step.bLen);
  run.counts.reorgs++;
  if (step.observe && run.world.paydUp) await run.sim.waitForPolls(2, 3000 * SLOW);
  if (step.back) {
    await run.chain.revert(base);
    const same = await run.chain.replayBranch(branchA);
    run.counts.reorgs++;
    run.counts.flipBacks++;
    if (same === branchA.length) run.counts.flipBacksExact++;
    run.log(`     A (${depth} blocks) -> B (${step.bLen}) -> A again, ${same}/${branchA.length} blocks identical`);
  } else {
    const included = new Set((await run.chain.transactionsAbove(height)).map((t) => t.hash));
    run.dropped.push(...txsA.filter((t) => !included.has(t.hash)));
    run.log(`     A (${depth} blocks) -> B (${step.bLen} blocks, ${included.size} of A's ${txsA.length} transactions)`);
  }
  return undefined;
}

// Dropped transactions come back (re-broadcast), each sender's in nonce order while they fit.
export async function rebroadcast(run) {
  const bySender = new Map();
  for (const tx of run.dropped) bySender.set(tx.from, [...(bySender.get(tx.from) ?? []), tx]);
  run.dropped = [];
  for (const [from, txs] of bySender) {
    let nonce = Number(await run.chain.rpc('eth_getTransactionCount', [from, 'pending']));
    for (const tx of txs.sort((a, b) => a.nonce - b.nonce)) {
      if (tx.nonce !== nonce) continue;
      if (await run.chain.rpc('eth_getTransactionReceipt', [tx.hash])) continue;
      await run.chain.rpc('eth_sendRawTransaction', [tx.raw]);
      run.chain.pool++;
      run.counts.returned++;
      nonce++;
    }
  }
}

// Moves the chain clock: to the wall clock (catchUp), past every intent's
// expiry (expire), or past every late window (lateEnd; no reorg goes below it).
export async function jump(run, step) {
  await run.chain.flushPool();
  const now = await run.chain.time();
  const ends = run.intents.filter((i) => i?.expiresAt).map((i) => Math.ceil(i.expiresAt / 1000));
  const lastExpiry = Math.max(Math.floor(Date.now() / 1000) + LIFETIME_S, ...ends);
  const target = {
    catchUp: Math.floor(Date.now() / 1000),
    expire: lastExpiry + 30,
    lateEnd: lastExpiry + 24 * 3600 + 60,
  }[step.kind];
  await run.chain.mine(1, { timestamp: Math.max(now + 1, target) });
  if (step.kind === 'lateEnd') run.floor = await run.chain.head();
}
