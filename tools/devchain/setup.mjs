// `node tools/devchain/setup.mjs [RPC_URL]`: makes a running local chain ready
// for payd's embedded defaults (test USDC deployed, payer funded).
import { ensureUsdc, PAYER } from './chain.mjs';

const url = process.argv[2] ?? 'http://127.0.0.1:8545';
const usdc = await ensureUsdc(url);
console.log(JSON.stringify({ usdc: usdc.address, deployed: usdc.deployed, payer: PAYER.address }));
