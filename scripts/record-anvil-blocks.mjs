#!/usr/bin/env node
// Records real blocks from anvil, as a provider returns them, for the unit
// tests of chain/block_proof.h (tests/unit/block_proof_test.cpp): each block's
// header (eth_getBlockByNumber) and receipts (eth_getBlockReceipts), whose
// hash and receiptsRoot the C++ must recompute. The blocks cover what the
// proofs meet: ERC-20 Transfer logs (EIP-1559), a legacy and an EIP-2930
// transaction, a reverted one (status 0), a block with 130 transactions (trie
// keys of two bytes past index 127) and an empty block.
//
//   node scripts/record-anvil-blocks.mjs > tests/unit/data/anvil_blocks.json
import { parseEther } from 'viem';

import { PAYER, PAYOUT, startChain } from '../tests/e2e/lib/chain.mjs';

const chain = await startChain();
try {
  const numbers = [];
  const mark = async () => numbers.push(Number(await chain.blockNumber()));

  await chain.payUsdc(PAYOUT, 25_000_001n);
  await mark();

  await chain.rpc('evm_setAutomine', [false]);
  const wallet = chain.wallet(PAYER);
  let nonce = await chain.client.getTransactionCount({ address: PAYER.address, blockTag: 'pending' });
  const gasPrice = 2_000_000_000n;
  const sent = [];
  sent.push(await wallet.sendTransaction({ to: PAYOUT, value: parseEther('0.01'), type: 'legacy', gasPrice, nonce: nonce++ }));
  sent.push(await wallet.sendTransaction({ to: PAYOUT, value: 1n, type: 'eip2930', gasPrice, nonce: nonce++,
    accessList: [{ address: PAYOUT, storageKeys: [] }] }));
  // More than the payer holds: mined, and reverted (status 0).
  sent.push(await wallet.writeContract({ address: chain.usdc.address, abi: chain.usdc.abi, functionName: 'transfer',
    args: [PAYOUT, 10n ** 30n], gas: 100_000n, nonce: nonce++ }));
  await chain.mine(1);
  for (const hash of sent) await chain.client.waitForTransactionReceipt({ hash });
  await mark();

  const many = [];
  for (let i = 0; i < 130; ++i) {
    many.push(await wallet.writeContract({ address: chain.usdc.address, abi: chain.usdc.abi, functionName: 'transfer',
      args: [PAYOUT, BigInt(i + 1)], gas: 100_000n, nonce: nonce++ }));
  }
  await chain.mine(1);
  for (const hash of many) await chain.client.waitForTransactionReceipt({ hash });
  await mark();

  await chain.mine(1);
  await mark();

  const blocks = [];
  for (const n of numbers) {
    const tag = `0x${n.toString(16)}`;
    blocks.push({
      header: await chain.rpc('eth_getBlockByNumber', [tag, false]),
      receipts: await chain.rpc('eth_getBlockReceipts', [tag]),
    });
  }
  for (const b of blocks) b.header.transactions = b.header.transactions.length;  // the count is enough
  process.stdout.write(`${JSON.stringify({ source: "anvil (scripts/record-anvil-blocks.mjs)", blocks })}\n`);
} finally {
  await chain.stop();
}
