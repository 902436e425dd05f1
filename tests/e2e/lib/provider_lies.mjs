// What a lying provider tells (issue 41), for the provider simulator
// (provider_sim.mjs): each lie is a behaviour like the others, switched on
// with `sim.set(name, params)`, and changes anvil's true answer after it
// came. A consistent liar changes every answer that would give it away: an
// altered log is altered in the block's receipts too, so only the header's
// receiptsRoot (which a quorum of providers vouches for) can catch it.
//
// To add a lie: a default in LIES, a counter in LIE_STATS, and a case in `tell`.

export const LIES = {
  fabricateLog: { token: null, from: null, to: null, amount: 0n }, // a Transfer log that was never emitted, in the newest block asked for
  alterAmount: { amount: 0n },    // every Transfer's amount, in logs and receipts
  alterRecipient: { to: null },   // every Transfer's recipient, in logs and receipts
  hideLogs: {},                   // every Transfer log left out of eth_getLogs (receipts true: they are the header's)
  forgeHash: {},                  // every block's hash (and the logs' blockHash) made up
  fork: { upstream: null },       // every answer from another node: a fork served to this reader alone
  badReceipts: {},                // receipts altered where logs are not: they no longer match the header
  alterValue: { value: 0n },      // every transaction that sends the native coin, in full blocks, sends `value`
};

export const LIE_STATS = () => ({ fabricated: 0, altered: 0, hidden: 0, forged: 0, forked: 0 });

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const word = (v) => `0x${BigInt(v).toString(16).padStart(64, '0')}`;
const topic = (address) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;
// A hash that is not the true one, the same each time for the same one.
const forged = (hash) => `0x${[...hash.slice(2)].reverse().join('')}`;
const isTransfer = (log) => log?.topics?.[0] === TRANSFER && log.topics.length === 3;

function alterLog(log, lie, stats) {
  if (!isTransfer(log)) return log;
  stats.altered++;
  if (lie.name === 'alterAmount') return { ...log, data: word(lie.amount) };
  return { ...log, topics: [log.topics[0], log.topics[1], topic(lie.to)] };
}

function receiptsLogs(receipts, change) {
  return receipts.map((r) => ({ ...r, logs: change(r.logs ?? []) }));
}

// The answer a liar gives to `call` instead of anvil's `reply`. `ask(call)`
// asks the liar's upstream (for the true hash of a block it fabricates in).
export async function tell(lie, call, reply, stats, ask) {
  const result = reply?.result;
  if (result === undefined || result === null) return reply;
  const { method, params = [] } = call;
  switch (lie.name) {
    case 'fabricateLog': {
      if (method !== 'eth_getLogs') return reply;
      const to = params[0]?.toBlock;
      const block = (await ask({ jsonrpc: '2.0', id: 0, method: 'eth_getBlockByNumber', params: [to, false] })).result;
      if (!block) return reply;
      stats.fabricated++;
      const log = {
        address: lie.token.toLowerCase(), topics: [TRANSFER, topic(lie.from), topic(lie.to)], data: word(lie.amount),
        blockNumber: block.number, blockHash: block.hash, transactionHash: `0x${'fa'.repeat(32)}`,
        transactionIndex: '0x0', logIndex: '0x0', removed: false,
      };
      return { ...reply, result: [...result, log] };
    }
    case 'alterRecipient':
      if (method === 'eth_getLogs' && params[0]?.topics?.[2]) {
        // Transfers to anyone, as if to the recipients asked for.
        const wide = { ...params[0], topics: [params[0].topics[0]] };
        const all = (await ask({ jsonrpc: '2.0', id: 0, method, params: [wide] })).result ?? [];
        return { ...reply, result: all.map((l) => alterLog(l, lie, stats)) };
      }
    // falls through: receipts altered alike
    case 'alterAmount':
      if (method === 'eth_getLogs') return { ...reply, result: result.map((l) => alterLog(l, lie, stats)) };
      if (method === 'eth_getBlockReceipts')
        return { ...reply, result: receiptsLogs(result, (logs) => logs.map((l) => alterLog(l, lie, stats))) };
      return reply;
    case 'hideLogs':
      if (method === 'eth_getLogs') {
        stats.hidden += result.filter(isTransfer).length;
        return { ...reply, result: result.filter((l) => !isTransfer(l)) };
      }
      return reply;
    case 'forgeHash':
      if (method === 'eth_getBlockByNumber' && result.hash) {
        stats.forged++;
        return { ...reply, result: { ...result, hash: forged(result.hash) } };
      }
      if (method === 'eth_getLogs') return { ...reply, result: result.map((l) => ({ ...l, blockHash: forged(l.blockHash) })) };
      return reply;
    case 'badReceipts':
      if (method !== 'eth_getBlockReceipts') return reply;
      return { ...reply, result: receiptsLogs(result, (logs) => logs.map((l) => (isTransfer(l) ? alterLog(l, { name: 'alterAmount', amount: 1n }, stats) : l))) };
    case 'alterValue':
      if (method !== 'eth_getBlockByNumber' || params[1] !== true) return reply;
      return {
        ...reply,
        result: {
          ...result,
          transactions: result.transactions.map((tx) => {
            if (BigInt(tx.value) === 0n) return tx;
            stats.altered++;
            return { ...tx, value: `0x${BigInt(lie.value).toString(16)}` };
          }),
        },
      };
    default:
      return reply;
  }
}
