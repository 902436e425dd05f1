// What is on the chain once a scenario has settled, read from anvil itself
// (never through the provider simulator): every USDC Transfer log and every
// native transfer (top-level or internal, from call traces) to the watched
// payout addresses on the final canonical chain, in chain order.
import { USDC_ADDRESS } from './chain.mjs';

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const lower = (a) => a?.toLowerCase();
const addressOfTopic = (t) => `0x${t.slice(26)}`.toLowerCase();

// `watched`: lower-case payout addresses. Returns {transfers, head, headTime}
// with block times in ms, amounts as bigint, addresses lower-case; each
// transfer names its chain (`chainId`).
export async function readFinalChain(chain, watched) {
  const head = await chain.head();
  const blocks = new Map();
  for (let n = 0; n <= head; n++) blocks.set(n, await chain.block(n, true));
  const transfers = [];
  const base = (blockNumber, txHash) => {
    const b = blocks.get(blockNumber);
    const txIndex = b.transactions.findIndex((t) => t.hash === txHash);
    return { chainId: chain.chainId, txHash, blockNumber, blockHash: b.hash, blockTime: Number(b.timestamp) * 1000, txIndex };
  };

  const logs = await chain.rpc('eth_getLogs', [{ fromBlock: '0x0', toBlock: `0x${head.toString(16)}`, address: USDC_ADDRESS, topics: [TRANSFER] }]);
  for (const log of logs) {
    const to = addressOfTopic(log.topics[2]);
    if (!watched.has(to)) continue;
    transfers.push({
      ...base(Number(log.blockNumber), log.transactionHash),
      logIndex: Number(log.logIndex), token: 'USDC', amount: BigInt(log.data),
      from: addressOfTopic(log.topics[1]), to,
    });
  }

  for (const [n, b] of blocks) {
    if (!b.transactions.length) continue;
    let traced = null;
    for (const tx of b.transactions) {
      const to = lower(tx.to);
      if (to && watched.has(to)) {
        const receipt = await chain.rpc('eth_getTransactionReceipt', [tx.hash]);
        if (receipt.status === '0x1') {
          transfers.push({ ...base(n, tx.hash), logIndex: null, token: 'ETH', amount: BigInt(tx.value), from: lower(tx.from), to });
        }
      }
      if (to && to === lower(chain.relay)) {
        traced ??= await chain.rpc('debug_traceBlockByNumber', [`0x${n.toString(16)}`, { tracer: 'callTracer' }]);
        const frame = traced.find((t) => t.txHash === tx.hash)?.result;
        for (const inner of internalTransfers(frame)) {
          if (!watched.has(lower(inner.to))) continue;
          transfers.push({ ...base(n, tx.hash), logIndex: null, token: 'ETH', amount: BigInt(inner.value), from: lower(inner.from), to: lower(inner.to) });
        }
      }
    }
  }
  transfers.sort((a, b) => a.blockNumber - b.blockNumber || a.txIndex - b.txIndex || (a.logIndex ?? -1) - (b.logIndex ?? -1));
  for (const t of transfers) t.key = transferKey(t.chainId, t.txHash, t.logIndex);
  const top = blocks.get(head);
  return { transfers, head, headHash: top.hash, headTime: Number(top.timestamp) * 1000 };
}

// Value-moving calls below the top frame whose call and ancestors succeeded.
function internalTransfers(frame) {
  const out = [];
  if (!frame || frame.error) return out;
  const walk = (f) => {
    for (const c of f.calls ?? []) {
      if (c.error) continue;
      if ((c.type === 'CALL' || c.type === 'CREATE' || c.type === 'CREATE2') && c.value && BigInt(c.value) > 0n) {
        out.push({ from: c.from, to: c.to, value: c.value });
      }
      walk(c);
    }
  };
  walk(frame);
  return out;
}

// A transfer's identity across reorganisations: the chain, the transaction and
// the log (native transfers: one per transaction in these scenarios).
export const transferKey = (chainId, txHash, logIndex) => `${chainId}:${txHash.toLowerCase()}:${logIndex ?? 'native'}`;
