// A real Safe (Gnosis Safe) smart account on a test's anvil chain, driven
// through Safe's own SDK (protocol-kit), so payments a Safe sends reach payd
// the way a Safe{Wallet} user's do: one transaction from an owner (the
// executor) to the Safe proxy, the transfers inside it as internal calls.
//
//   const contractNetworks = await deploySafeContracts(chain);
//   const safeAddress = await deploySafe(chain, contractNetworks, { owners: [PAYOUT], ownerKey: KEY2 });
//   await executeSafeBatch(chain, contractNetworks, { safeAddress, ownerKeys: [KEY2], transactions });
import { createRequire } from 'node:module';

import Safe from '@safe-global/protocol-kit';
import { createWalletClient, isAddressEqual, parseEventLogs } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

import { localTransport } from '../../../tools/devchain/chain.mjs';

const require = createRequire(import.meta.url);

// anvil's well-known account #9 (a public test key): deploys the Safe
// contracts. Not #0, whose first contract must be the test USDC and whose
// later nonces other helpers may count on, nor the payer accounts, whose
// nonces and balances tests check.
export const SAFE_DEPLOYER = privateKeyToAccount('0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6');

// The Safe contracts v1.4.1 (the kit's default version) as built by Safe and
// published on npm: the same bytecode as the canonical deployments, so a
// test runs the code real Safes run, not a copy compiled here. Keys are the
// names of protocol-kit's ContractNetworkConfig (`<key>Address`, `<key>Abi`).
const ARTIFACTS = '@safe-global/safe-contracts/build/artifacts/contracts';
const CONTRACTS = {
  safeSingleton: { L1: 'Safe.sol/Safe', L2: 'SafeL2.sol/SafeL2' },
  safeProxyFactory: 'proxies/SafeProxyFactory.sol/SafeProxyFactory',
  multiSend: 'libraries/MultiSend.sol/MultiSend',
  multiSendCallOnly: 'libraries/MultiSendCallOnly.sol/MultiSendCallOnly',
  fallbackHandler: 'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler',
  signMessageLib: 'libraries/SignMessageLib.sol/SignMessageLib',
  createCall: 'libraries/CreateCall.sol/CreateCall',
  simulateTxAccessor: 'accessors/SimulateTxAccessor.sol/SimulateTxAccessor',
};

// Deploys every contract protocol-kit needs and returns its `contractNetworks`
// ({ [chainId]: { safeSingletonAddress, safeSingletonAbi, ... } }), to pass to
// the other functions here (or to Safe.init). `l1`: the plain Safe singleton
// (Ethereum mainnet's) instead of SafeL2 (the one Safe{Wallet} deploys on L2s
// and most chains; it also emits SafeMultiSigTransaction events).
// Sent one after another, not in parallel: each waits for the previous
// nonce, and a failure names the contract.
export async function deploySafeContracts(chain, { l1 = false, from = SAFE_DEPLOYER } = {}) {
  const wallet = walletFor(chain, from);
  const config = {};
  for (const [key, path] of Object.entries(CONTRACTS)) {
    const file = typeof path === 'string' ? path : path[l1 ? 'L1' : 'L2'];
    const { abi, bytecode } = require(`${ARTIFACTS}/${file}.json`);
    const hash = await wallet.deployContract({ abi, bytecode });
    const receipt = await chain.client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploying ${file} failed (${hash})`);
    config[`${key}Address`] = receipt.contractAddress;
    config[`${key}Abi`] = abi;
  }
  return { [String(chain.chainId)]: config };
}

// Deploys a Safe proxy the way Safe{Wallet} does (SafeProxyFactory's
// createProxyWithNonce with the kit's setup call, the compatibility fallback
// handler included), sent by the account of `ownerKey` (any funded key works;
// it need not be an owner). The address is the kit's CREATE2 prediction, so
// the same owners, threshold and `saltNonce` give the same address; deploying
// it twice fails. Returns the Safe's address.
export async function deploySafe(chain, contractNetworks, { owners, threshold = 1, ownerKey, saltNonce = '0' }) {
  const kit = await Safe.init({
    provider: chain.url,
    signer: ownerKey,
    contractNetworks,
    predictedSafe: {
      safeAccountConfig: { owners, threshold },
      safeDeploymentConfig: { saltNonce: String(saltNonce), safeVersion: '1.4.1' },
    },
  });
  const safeAddress = await kit.getAddress();
  const tx = await kit.createSafeDeploymentTransaction();
  const hash = await walletFor(chain, privateKeyToAccount(ownerKey)).sendTransaction({
    to: tx.to, value: BigInt(tx.value), data: tx.data,
  });
  const receipt = await chain.client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`Safe deployment reverted (${hash})`);
  if (!(await chain.client.getCode({ address: safeAddress }))) throw new Error(`no Safe at ${safeAddress} after ${hash}`);
  return safeAddress;
}

// Executes `transactions` ([{ to, value, data }], as in a Safe Transaction
// Builder batch file: value a decimal wei string, data hex or null for a plain
// ETH send) as one Safe transaction: one call when there is one, else a
// MultiSend batch. Each of `ownerKeys` signs (EIP-712, as a wallet would);
// the last one also sends the execTransaction, so it pays the gas. Returns
// { hash, receipt } once mined.
// `onlyCalls` (default true): batch through MultiSendCallOnly, as
// Safe{Wallet} does for Transaction Builder batches (no delegatecalls inside);
// false: the MultiSend contract. The transfers inside are CALLs from the Safe
// either way, so an ERC-20 Transfer's `from` is the Safe.
// A failing inner call throws: with safeTxGas and gasPrice 0 (the kit's
// defaults) Safe 1.4.1 reverts the whole execTransaction (GS013), which the
// kit's gas estimate already reports; with safeTxGas set, the transaction is
// mined with an ExecutionFailure event instead, checked here too.
export async function executeSafeBatch(chain, contractNetworks, { safeAddress, ownerKeys, transactions, onlyCalls = true }) {
  if (!ownerKeys?.length) throw new Error('executeSafeBatch needs at least one owner key');
  if (!transactions?.length) throw new Error('executeSafeBatch needs at least one transaction');
  const metaTxs = transactions.map(({ to, value, data }) => ({
    to, value: String(value ?? '0'), data: data ?? '0x',
  }));
  let kit = await Safe.init({ provider: chain.url, signer: ownerKeys[0], safeAddress, contractNetworks });
  let safeTx = await kit.createTransaction({ transactions: metaTxs, onlyCalls });
  for (const [i, key] of ownerKeys.entries()) {
    if (i > 0) kit = await kit.connect({ signer: key });
    safeTx = await kit.signTransaction(safeTx);
  }
  const { hash } = await kit.executeTransaction(safeTx);
  const receipt = await chain.client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`Safe transaction reverted (${hash})`);
  const abi = contractNetworks[String(chain.chainId)].safeSingletonAbi;
  const events = parseEventLogs({ abi, logs: receipt.logs, eventName: ['ExecutionSuccess', 'ExecutionFailure'] })
    .filter((e) => isAddressEqual(e.address, safeAddress));
  if (events.length !== 1 || events[0].eventName !== 'ExecutionSuccess') {
    throw new Error(`Safe transaction ${hash} did not succeed: ${events.map((e) => e.eventName).join(', ') || 'no execution event'}`);
  }
  return { hash, receipt };
}

function walletFor(chain, account) {
  return createWalletClient({ account, chain: chain.viemChain, transport: localTransport(chain.url) });
}
