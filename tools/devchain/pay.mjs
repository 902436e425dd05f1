// `node tools/devchain/pay.mjs PAYMENT_URI [RPC_URL]`: pays an EIP-681 URI
// (a payment intent's paymentUri) from anvil's funded payer account, as a
// wallet would. For trying payd locally with `make run`.
import { createPublicClient, createWalletClient, http } from 'viem';
import { foundry } from 'viem/chains';

import { PAYER } from './chain.mjs';
import { compile } from './contracts.mjs';

const [uri, rpc = 'http://127.0.0.1:8545'] = process.argv.slice(2);
const match = /^ethereum:(0x[0-9a-fA-F]{40})@(\d+)(\/transfer)?\?(.*)$/.exec(uri ?? '');
if (!match) {
  console.error('usage: node tools/devchain/pay.mjs "ethereum:<address>@<chain>[/transfer]?..." [RPC_URL]');
  process.exit(2);
}
const [, target, , transfer, query] = match;
const params = new URLSearchParams(query);
const wallet = createWalletClient({ account: PAYER, chain: foundry, transport: http(rpc) });
const client = createPublicClient({ chain: foundry, transport: http(rpc) });
const hash = transfer
  ? await wallet.writeContract({
    address: target, abi: compile('TestUSDC').abi, functionName: 'transfer',
    args: [params.get('address'), BigInt(params.get('uint256'))],
  })
  : await wallet.sendTransaction({ to: target, value: BigInt(params.get('value')) });
const receipt = await client.waitForTransactionReceipt({ hash });
console.log(JSON.stringify({ txHash: hash, block: Number(receipt.blockNumber), status: receipt.status }));
