// A local anvil chain for development and tests: start it, wait until it
// answers, and deploy the test USDC where payd's embedded defaults expect it.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPublicClient, createWalletClient, http, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';

import { compile } from './contracts.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ANVIL_BIN = join(root, 'node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil');

// anvil's well-known development accounts (public test keys, never real funds).
export const DEPLOYER = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
export const PAYER = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
// Where the deployer's first contract lands: the USDC address of payd's embedded defaults.
export const USDC_ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

export function startAnvil({ port = 8545, args = [], chainId = 31337 } = {}) {
  return spawn(ANVIL_BIN, ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent', ...args], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function waitForRpc(url, timeoutMs = 10000) {
  const client = createPublicClient({ chain: foundry, transport: http(url) });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return { client, chainId: await client.getChainId() };
    } catch (e) {
      if (Date.now() > deadline) throw new Error(`no JSON-RPC at ${url}: ${e.message}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

// Deploys TestUSDC unless it is already there, and funds the payer.
// On a chain of another id (`chainId`), the deployer's first contract lands at the same address.
export async function ensureUsdc(url, { mintTo = [PAYER.address], amount = '1000000', chainId = foundry.id } = {}) {
  const { client } = await waitForRpc(url);
  const chain = chainId === foundry.id ? foundry : { ...foundry, id: chainId };
  const wallet = createWalletClient({ account: DEPLOYER, chain, transport: http(url) });
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
