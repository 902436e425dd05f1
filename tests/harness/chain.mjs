// The harness's chain: a fresh anvil per scenario (mining by hand), the test
// USDC and the Relay contract deployed, and the operations scenarios draw:
// signed transfers from anvil's public test accounts, mining (with a chosen
// time), reorganisations with anvil_reorg, snapshots to flip back to, and the
// raw bytes of transactions so dropped ones can come back.
import { encodeFunctionData, parseUnits } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

import { ensureUsdc, startAnvilOnFreePort, stopAnvil, USDC_ADDRESS } from '../../tools/devchain/chain.mjs';
import { compile } from '../../tools/devchain/contracts.mjs';
import { threadStacks } from '../e2e/lib/stacks.mjs';

export { USDC_ADDRESS };

// anvil's public development accounts, by role.
const account = (i) => mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: i });
export const DEPLOYER = account(0);
export const PAYERS = [account(1), account(3), account(4)];
export const POISONER = account(5); // sends zero-value transferFrom(victim, payout, 0)
export const TYPIST = account(9); // types an intent's round price by hand; no intent names it
export const PAYOUTS = { A: account(2).address, B: account(6).address, C: account(8).address };
export const OTHER = account(7).address; // nobody watches it
const SIGNERS = new Map([DEPLOYER, ...PAYERS, POISONER, TYPIST].map((a) => [a.address, a]));

const ERC20 = compile('TestUSDC').abi;
const RELAY = compile('Relay');
const GWEI = 1_000_000_000n;
const ANVIL_ANSWERS_WITHIN_MS = 30000;
const hex = (n) => `0x${BigInt(n).toString(16)}`;

export async function startHarnessChain({ clockOffsetS = 0, chainId = 31337 } = {}) {
  const args = ['--slots-in-an-epoch', '4'];
  if (clockOffsetS) args.push('--timestamp', String(Math.floor(Date.now() / 1000) + clockOffsetS));
  const { port, proc } = await startAnvilOnFreePort({ args, chainId });
  const chain = new HarnessChain(port, proc, chainId);
  try {
    await ensureUsdc(chain.url, { mintTo: [...PAYERS, TYPIST].map((p) => p.address), chainId });
    const deployed = await chain.send(DEPLOYER, { data: RELAY.bytecode, gas: 500_000n });
    chain.relay = (await chain.receipt(deployed.hash)).contractAddress;
    await chain.rpc('evm_setAutomine', [false]);
  } catch (e) {
    await chain.stop().catch(() => {});
    throw e;
  }
  return chain;
}

export class HarnessChain {
  constructor(port, proc, chainId = 31337) {
    this.chainId = chainId;
    this.port = port;
    this.proc = proc;
    this.url = `http://127.0.0.1:${port}`;
    this.id = 0;
    this.pool = 0; // transactions sent and not mined yet
    this.snapshots = new Map(); // snapshot id -> height when taken
    this.removed = new Set();   // hashes of every block that left the canonical chain
  }

  // anvil answers in milliseconds; one that has not answered in 30 s is hung
  // (what its threads were doing goes in the error).
  async rpc(method, params = []) {
    let reply;
    try {
      const res = await fetch(this.url, {
        method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++this.id, method, params }),
        signal: AbortSignal.timeout(ANVIL_ANSWERS_WITHIN_MS),
      });
      reply = await res.json();
    } catch (e) {
      if (e.name !== 'TimeoutError') throw e;
      throw new Error(`anvil (chain ${this.chainId}) did not answer ${method} within ${ANVIL_ANSWERS_WITHIN_MS / 1000} s; its threads:\n${threadStacks(this.proc.pid)}`);
    }
    if (reply.error) throw new Error(`${method}: ${reply.error.message}`);
    return reply.result;
  }

  // Waits for a transaction's receipt (automine mines it, but not always before it answers).
  async receipt(hash) {
    for (let i = 0; ; i++) {
      const r = await this.rpc('eth_getTransactionReceipt', [hash]);
      if (r) return r;
      if (i === 100) throw new Error(`no receipt for ${hash}`);
      await new Promise((resolve) => setTimeout(resolve, 50)); // sleep-ok: polling interval of the wait for a receipt
    }
  }

  async head() {
    return Number(await this.rpc('eth_blockNumber'));
  }

  block(n, full = false) {
    return this.rpc('eth_getBlockByNumber', [typeof n === 'number' ? hex(n) : n, full]);
  }

  async time() {
    return Number((await this.block('latest')).timestamp);
  }

  // Signs and sends a transaction from one of the test accounts; it waits in
  // the pool for the next mine(). Returns {hash, raw, from, nonce}.
  async send(from, { to, value = 0n, data, gas = 120_000n }) {
    const nonce = Number(await this.rpc('eth_getTransactionCount', [from.address, 'pending']));
    const raw = await SIGNERS.get(from.address).signTransaction({
      chainId: this.chainId, type: 'eip1559', nonce, to, value, data, gas,
      maxFeePerGas: 100n * GWEI, maxPriorityFeePerGas: GWEI,
    });
    const hash = await this.rpc('eth_sendRawTransaction', [raw]);
    this.pool++;
    return { hash, raw, from: from.address, nonce };
  }

  usdcTransfer(from, to, units) {
    return this.send(from, { to: USDC_ADDRESS, data: encodeFunctionData({ abi: ERC20, functionName: 'transfer', args: [to, units] }) });
  }

  // Anyone may move zero tokens of anyone: the address-poisoning pattern.
  usdcZeroFrom(victim, to) {
    return this.send(POISONER, { to: USDC_ADDRESS, data: encodeFunctionData({ abi: ERC20, functionName: 'transferFrom', args: [victim, to, 0n] }) });
  }

  ethTransfer(from, to, wei) {
    return this.send(from, { to, value: wei, gas: 21_000n });
  }

  // Native coin paid by a contract through `depth` nested calls: only traces show it.
  relayTransfer(from, to, wei, depth) {
    const data = encodeFunctionData({
      abi: RELAY.abi, functionName: 'pay', args: [to, BigInt(depth)],
    });
    return this.send(from, { to: this.relay, value: wei, data, gas: 200_000n + 40_000n * BigInt(depth) });
  }

  async mine(blocks = 1, { timestamp } = {}) {
    if (timestamp !== undefined) await this.rpc('evm_setNextBlockTimestamp', [hex(timestamp)]);
    await this.rpc('anvil_mine', [hex(blocks)]);
    this.pool = 0;
  }

  async flushPool() {
    if (this.pool) await this.mine(1);
  }

  // The transactions of blocks above `height`, oldest first, with their raw bytes.
  async transactionsAbove(height) {
    const head = await this.head();
    const out = [];
    for (let n = height + 1; n <= head; n++) {
      const block = await this.block(n, true);
      for (const tx of block.transactions) {
        out.push({ hash: tx.hash, from: tx.from, nonce: Number(tx.nonce), block: n, raw: await this.rpc('eth_getRawTransactionByHash', [tx.hash]) });
      }
    }
    return out;
  }

  // Blocks above `height` as they are, to be mined again identically later.
  async recordBranch(height) {
    const head = await this.head();
    const blocks = [];
    for (let n = height + 1; n <= head; n++) {
      const block = await this.block(n, true);
      const raws = [];
      for (const tx of block.transactions) raws.push(await this.rpc('eth_getRawTransactionByHash', [tx.hash]));
      blocks.push({ number: n, hash: block.hash, timestamp: Number(block.timestamp), baseFee: block.baseFeePerGas, raws });
    }
    return blocks;
  }

  // Mines recorded blocks again: same transactions, time and base fee give
  // the same block hashes, the original branch back. Returns how many match.
  async replayBranch(blocks) {
    let same = 0;
    for (const b of blocks) {
      await this.rpc('anvil_setNextBlockBaseFeePerGas', [b.baseFee]);
      for (const raw of b.raws) await this.rpc('eth_sendRawTransaction', [raw]);
      await this.mine(1, { timestamp: b.timestamp });
      if ((await this.block(b.number)).hash === b.hash) same++;
    }
    return same;
  }

  async snapshot() {
    const id = await this.rpc('evm_snapshot');
    this.snapshots.set(id, await this.head());
    return id;
  }

  async revert(id) {
    await this.noteRemoved(this.snapshots.get(id));
    return this.rpc('evm_revert', [id]);
  }

  // Replaces the last `depth` blocks; `moves` are [raw, blockOffset] to put in the new ones.
  async reorg(depth, moves = []) {
    await this.noteRemoved((await this.head()) - depth);
    return this.rpc('anvil_reorg', [depth, moves]);
  }

  // Remembers the hashes of the blocks above `height`, about to leave the
  // canonical chain: a payment payd marks REORGED in any other block was
  // reorganised by mistake (a node behind taken for a reorg).
  async noteRemoved(height) {
    const head = await this.head();
    for (let n = height + 1; n <= head; n++) this.removed.add((await this.block(n)).hash);
  }

  // SIGTERM; a hung anvil, one that has not ended within 10 s, is SIGKILLed and the stop fails.
  async stop() {
    await stopAnvil(this.proc, { name: `anvil of chain ${this.chainId}` });
  }
}

export const usdcUnits = (decimal) => parseUnits(decimal, 6);
