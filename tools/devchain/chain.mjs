// A local anvil chain for development and tests: start it, wait until it
// answers, and deploy the test USDC where payd's embedded defaults expect it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPublicClient, createWalletClient, http, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';

// The tests' safety net (a child still alive when the test process ends is
// killed): every anvil started here is one of a test's.
import { stopProcess, track } from '../../tests/e2e/lib/cleanup.mjs';
import { threadStacks } from '../../tests/e2e/lib/stacks.mjs';
import { compile } from './contracts.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ANVIL_BIN = join(root, 'node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil');

// anvil's well-known development accounts (public test keys, never real funds).
export const DEPLOYER = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
export const PAYER = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
// Where the deployer's first contract lands: the USDC address of payd's embedded defaults.
export const USDC_ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

// The transport to a local anvil. A loaded machine (the ASan suites beside a
// browser pass) can take longer than viem's 10 s to mine 600 blocks: slowness,
// not failure, so a minute; and no retries, since a repeated anvil_mine or
// transaction would change the chain a test then checks. The suites' per-test
// time-outs still bound a node that never answers.
export const localTransport = (url) => http(url, { timeout: 60000, retryCount: 0 });

// anvil's standard error is piped and its last lines kept (`proc.stderrTail()`),
// never inherited: an anvil left running must not hold the test runner's pipes open.
export function startAnvil({ port = 8545, args = [], chainId = 31337 } = {}) {
  const proc = spawn(ANVIL_BIN, ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr.on('data', (d) => { stderr = (stderr + d).slice(-4000); });
  proc.stderrTail = () => stderr;
  return track(proc);
}

// SIGTERM; an anvil that has not ended in `withinMs` is SIGKILLed and the stop
// fails, saying what its threads were doing (a PostgreSQL soak saw one once).
export function stopAnvil(proc, { signal = 'SIGTERM', withinMs = 10000, name = 'anvil' } = {}) {
  return stopProcess(proc, {
    signal, withinMs, name,
    onHung: (pid) => `its threads:\n${threadStacks(pid)}\nits last words: ${proc.stderrTail?.() || '(none)'}`,
  });
}

// Whether a node process (startAnvil's) has not exited.
export const running = (proc) => proc.exitCode === null && proc.signalCode === null;

// `alive`: while it says true; a node that exited is not waited for.
export async function waitForRpc(url, timeoutMs = 10000, alive = () => true) {
  // Asked with a short time-out of its own (a port that accepts and never answers is not
  // waited on past the deadline); the client returned has the usual one.
  const probe = createPublicClient({ chain: foundry, transport: http(url, { timeout: 2000, retryCount: 0 }) });
  const client = createPublicClient({ chain: foundry, transport: localTransport(url) });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return { client, chainId: await probe.getChainId() };
    } catch (e) {
      if (Date.now() > deadline || !alive()) throw new Error(`no JSON-RPC at ${url}: ${e.message}`);
      await new Promise((r) => setTimeout(r, 100)); // sleep-ok: polling interval of the wait for the node to answer
    }
  }
}

// The first port of the kernel's range for outgoing connections.
function ephemeralLow() {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

function listenable(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

// A loopback port nothing listens on, below the range the kernel draws
// outgoing connections' ports from: none of those takes it before a server
// binds it, or while a node stopped on it is down before it starts again
// (the kernel's own free port, port 0, is in that range: CI once saw an
// outgoing connection take one before anvil bound it).
export async function freePort() {
  const low = 10000;
  const high = Math.max(low + 1000, ephemeralLow()) - 1;
  for (;;) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (await listenable(port)) return port;
  }
}

// anvil on a free port, answering: { port, url, proc }. Another test process
// may still take the port before anvil binds it (anvil then exits at once):
// another port is tried. A node that answers must be ours and new (at block
// `head`: 0, or the block a fork (--fork-block-number) starts from), not
// another process's on the port we lost.
export async function startAnvilOnFreePort({ args = [], chainId = 31337, attempts = 3, head = 0n } = {}) {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const proc = startAnvil({ port, args, chainId });
    const url = `http://127.0.0.1:${port}`;
    try {
      const { client } = await waitForRpc(url, 10000, () => running(proc));
      if (running(proc) && (await client.getBlockNumber()) === head) return { port, url, proc };
      throw new Error(`anvil on port ${port} is not ours`);
    } catch (e) {
      await stopAnvil(proc, { signal: 'SIGKILL' }).catch(() => {});
      if (attempt === attempts) throw new Error(`${e.message}${proc.stderrTail() ? `\nanvil said: ${proc.stderrTail()}` : ''}`);
    }
  }
}

// Deploys TestUSDC unless it is already there, and funds the payer.
// On a chain of another id (`chainId`), the deployer's first contract lands at the same address.
export async function ensureUsdc(url, { mintTo = [PAYER.address], amount = '1000000', chainId = foundry.id } = {}) {
  const { client } = await waitForRpc(url);
  const chain = chainId === foundry.id ? foundry : { ...foundry, id: chainId };
  const wallet = createWalletClient({ account: DEPLOYER, chain, transport: localTransport(url) });
  const { abi, bytecode } = compile('TestUSDC');
  let deployed = false;
  if (!(await client.getCode({ address: USDC_ADDRESS }))) {
    const nonce = await client.getTransactionCount({ address: DEPLOYER.address });
    if (nonce !== 0) throw new Error(`deployer nonce is ${nonce}; USDC cannot land at ${USDC_ADDRESS}`);
    const hash = await wallet.deployContract({ abi, bytecode });
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.contractAddress.toLowerCase() !== USDC_ADDRESS.toLowerCase()) {
      throw new Error(`USDC deployed at ${receipt.contractAddress}, expected ${USDC_ADDRESS}`);
    }
    deployed = true;
    for (const to of mintTo) {
      const mint = await wallet.writeContract({ address: USDC_ADDRESS, abi, functionName: 'mint', args: [to, parseUnits(amount, 6)] });
      await client.waitForTransactionReceipt({ hash: mint });
    }
  }
  return { address: USDC_ADDRESS, abi, deployed };
}
