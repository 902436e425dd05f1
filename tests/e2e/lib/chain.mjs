// A real EVM chain for a test: anvil on a free port with the test USDC
// deployed (tools/devchain), viem clients for the payer, and the chain
// operations tests need (mine, reorg, stop and restart the node).
import { createPublicClient, createTestClient, createWalletClient, encodeFunctionData, parseEther, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';

import { ensureUsdc, freePort, localTransport, PAYER, running, startAnvil, startAnvilOnFreePort, stopAnvil, USDC_ADDRESS, waitForRpc } from '../../../tools/devchain/chain.mjs';
import { compile } from '../../../tools/devchain/contracts.mjs';
import { runningTails } from './payd.mjs';

// anvil's well-known account #2 receives payments: the merchant's payout wallet.
export const PAYOUT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
// Account #3 pays too, for tests with two payers.
export const PAYER2 = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6');
export { freePort, PAYER, USDC_ADDRESS };

// `chainId`: anvil's chain id (the test USDC lands at USDC_ADDRESS on every id).
// A chain that fails to get ready is stopped before the error goes on (the
// caller never gets it to stop).
// `forkOf`: a chain this one forks from at its head (anvil --fork-url): the
// same blocks up to there, its own after.
export async function startChain({ args = [], chainId = foundry.id, forkOf = null } = {}) {
  let head = 0n;
  if (forkOf) {
    head = await forkOf.blockNumber();
    args = [...args, '--fork-url', forkOf.url, '--fork-block-number', String(head)];
  }
  const { port, proc } = await startAnvilOnFreePort({ args, chainId, head });
  const chain = new Chain(port, args, chainId);
  chain.proc = proc;
  try {
    chain.usdc = await ensureUsdc(chain.url, { mintTo: [PAYER.address, PAYER2.address], chainId });
  } catch (e) {
    await chain.stop().catch(() => {});
    throw e;
  }
  return chain;
}

class Chain {
  constructor(port, args, chainId = foundry.id) {
    this.port = port;
    this.args = args;
    this.chainId = chainId;
    this.viemChain = chainId === foundry.id ? foundry : { ...foundry, id: chainId };
    this.url = `http://127.0.0.1:${port}`;
    const transport = localTransport(this.url);
    this.client = createPublicClient({ chain: this.viemChain, transport });
    this.test = createTestClient({ chain: this.viemChain, mode: 'anvil', transport });
    this.wallets = new Map();
  }

  // Brings up a fresh node on the same port, after stop().
  async start() {
    const proc = startAnvil({ port: this.port, args: this.args, chainId: this.chainId });
    this.proc = proc;
    await waitForRpc(this.url, 10000, () => running(proc));
  }

  // SIGTERM; a node that has not ended within 10 s is SIGKILLed and the stop fails.
  async stop() {
    await stopAnvil(this.proc, { name: `anvil on port ${this.port}` });
  }

  wallet(account = PAYER) {
    if (!this.wallets.has(account.address)) {
      this.wallets.set(account.address, createWalletClient({ account, chain: this.viemChain, transport: localTransport(this.url) }));
    }
    return this.wallets.get(account.address);
  }

  // Sends USDC (an amount in smallest units, or a decimal string) and waits for its receipt.
  async payUsdc(to, amount, { from = PAYER } = {}) {
    const units = typeof amount === 'bigint' ? amount : parseUnits(amount, 6);
    const hash = await this.wallet(from).writeContract({
      address: USDC_ADDRESS, abi: this.usdc.abi, functionName: 'transfer', args: [to, units],
    });
    return this.client.waitForTransactionReceipt({ hash });
  }

  async payEth(to, wei, { from = PAYER } = {}) {
    const value = typeof wei === 'bigint' ? wei : parseEther(wei);
    const hash = await this.wallet(from).sendTransaction({ to, value });
    return this.client.waitForTransactionReceipt({ hash });
  }

  // A signed USDC transfer, not yet sent (for reorgs that replay it).
  async signedUsdcTransfer(to, units, { from = PAYER } = {}) {
    const wallet = this.wallet(from);
    const request = await wallet.prepareTransactionRequest({
      to: USDC_ADDRESS,
      data: encodeFunctionData({ abi: this.usdc.abi, functionName: 'transfer', args: [to, units] }),
    });
    return wallet.signTransaction(request);
  }

  async sendRaw(raw) {
    const hash = await this.rpc('eth_sendRawTransaction', [raw]);
    return this.client.waitForTransactionReceipt({ hash });
  }

  // Replaces the last `depth` blocks; `txs` are [rawTx, blockOffset] pairs to put in the new ones.
  reorg(depth, txs = []) {
    return this.rpc('anvil_reorg', [depth, txs]);
  }

  // Compiles and deploys a contract of tools/devchain; returns {address, abi}.
  async deploy(name, { from = PAYER, args = [] } = {}) {
    const { abi, bytecode } = compile(name);
    const hash = await this.wallet(from).deployContract({ abi, bytecode, args });
    const receipt = await this.client.waitForTransactionReceipt({ hash });
    return { address: receipt.contractAddress, abi };
  }

  async call(contract, functionName, args, { from = PAYER, value } = {}) {
    const hash = await this.wallet(from).writeContract({ address: contract.address, abi: contract.abi, functionName, args, value });
    return this.client.waitForTransactionReceipt({ hash });
  }

  mine(blocks = 1) {
    return this.test.mine({ blocks });
  }

  blockNumber() {
    return this.client.getBlockNumber({ cacheTime: 0 });  // viem caches it for 4 s otherwise
  }

  rpc(method, params = []) {
    return this.client.request({ method, params });
  }
}

// The [[chains]] section that points payd at this chain (`chain.url`; its
// `chainId` if it has one, else 31337).
// `providers` (URLs) instead of the chain's own: independent providers of which
// `quorum` must agree (issue 41).
export function chainConfig(chain, { confirmations = 2, extra = '', name = 'Localnet', providers = null, quorum = 2 } = {}) {
  const read = providers
    ? `providers = [${providers.map((url) => `"${url}"`).join(', ')}]\nquorum = ${quorum}`
    : `rpc_urls = ["${chain.url}"]`;
  return `
[[chains]]
id = ${chain.chainId ?? foundry.id}
name = "${name}"
${read}
confirmations = ${typeof confirmations === 'number' ? confirmations : `"${confirmations}"`}
poll_interval_ms = 100
native = { symbol = "ETH", name = "Ether", decimals = 18, price_usd = "3000" }
${extra}
[[chains.tokens]]
symbol = "USDC"
name = "USD Coin"
address = "${USDC_ADDRESS}"
decimals = 6
usd_pegged = true
`;
}

// Polls `fn` until it returns something truthy; fails after `timeout` ms with
// `what` and the last log lines of every payd running, so a failure in CI
// says why.
export async function eventually(fn, { timeout = 10000, interval = 50, what = 'condition', context = runningTails } = {}) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    last = await fn();
    if (last) return last;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}${context ? `\n${context()}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, interval)); // sleep-ok: eventually()'s own polling interval
  }
}
