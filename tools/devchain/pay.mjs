// `node tools/devchain/pay.mjs PAYMENT_URI|PAGE_URL [RPC_URL]`: pays an
// EIP-681 URI (a payment intent's paymentUri, or what the "Open in wallet"
// button of its page holds) from anvil's funded payer account, as a wallet
// would. Given the intent page's URL (http://…/pay/pi_…) it pays what that
// page asks for. For trying payd locally with `make run`.
import { createPublicClient, createWalletClient } from 'viem';
import { foundry } from 'viem/chains';

import { localTransport, PAYER } from './chain.mjs';
import { compile } from './contracts.mjs';

const [given, rpc = 'http://127.0.0.1:8545'] = process.argv.slice(2);

// The payment URI the intent page shows in its "Open in wallet" button.
async function pageUri(url) {
  const res = await fetch(url, { headers: { Accept: 'text/html' } });
  const html = await res.text();
  const href = /<a id="open-wallet"[^>]* href="([^"]+)"/.exec(html);
  const nothingToPay = /<section class="pay"[^>]*\shidden>/.test(html);
  if (!res.ok || !href || nothingToPay) {
    console.error(`${url}: not a payment page waiting for money (HTTP ${res.status})`);
    process.exit(1);
  }
  return href[1].replaceAll('&amp;', '&');
}

const uri = /^https?:\/\//.test(given ?? '') ? await pageUri(given) : given;
const match = /^ethereum:(0x[0-9a-fA-F]{40})@(\d+)(\/transfer)?\?(.*)$/.exec(uri ?? '');
if (!match) {
  console.error('usage: node tools/devchain/pay.mjs "ethereum:<address>@<chain>[/transfer]?..."|http://…/pay/pi_… [RPC_URL]');
  process.exit(2);
}
const [, target, , transfer, query] = match;
const params = new URLSearchParams(query);
const wallet = createWalletClient({ account: PAYER, chain: foundry, transport: localTransport(rpc) });
const client = createPublicClient({ chain: foundry, transport: localTransport(rpc) });
const hash = transfer
  ? await wallet.writeContract({
    address: target, abi: compile('TestUSDC').abi, functionName: 'transfer',
    args: [params.get('address'), BigInt(params.get('uint256'))],
  })
  : await wallet.sendTransaction({ to: target, value: BigInt(params.get('value')) });
const receipt = await client.waitForTransactionReceipt({ hash });
console.log(JSON.stringify({ txHash: hash, block: Number(receipt.blockNumber), status: receipt.status }));
