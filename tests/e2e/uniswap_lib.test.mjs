// The Uniswap test helper (lib/uniswap.mjs) on a real chain: the published
// contracts deploy where uniswapAddresses() says, and a payer's swap pays a
// merchant exactly the USDC asked, with ETH or DAI, within the quoted bound;
// a price that moved past that bound makes the same swap revert.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import { formatEther, keccak256, parseAbi, parseEther } from 'viem';

import { PAYER, PAYER2, PAYOUT, startChain } from './lib/chain.mjs';
import {
  balanceOf, deployUniswap, mintDai, movePrice, payWithSwap, POOL_INIT_CODE_HASH, quoteExactOutput, UNISWAP, uniswapAddresses,
} from './lib/uniswap.mjs';

const require = createRequire(import.meta.url);
const USDC_25 = 25_000000n;
// A wallet's usual slippage bound: 0.5% over the quote.
const withSlippage = (quote) => quote * 1005n / 1000n;

describe('Uniswap on a test chain', () => {
  let chain, uni;

  before(async () => {
    chain = await startChain();
    const started = performance.now();
    uni = await deployUniswap(chain);
    console.log(`deployUniswap: ${Math.round(performance.now() - started)} ms`);
  });
  after(() => chain?.stop());

  test('lands at the addresses known before deployment, wired to each other', async () => {
    assert.deepEqual(uni, UNISWAP);
    assert.deepEqual(uniswapAddresses(), UNISWAP);
    for (const name of ['weth', 'factory', 'positionManager', 'router', 'quoter', 'permit2', 'dai']) {
      assert.ok(await chain.client.getCode({ address: uni[name] }), `${name} has code`);
    }
    const read = (address, signature, functionName, args = []) =>
      chain.client.readContract({ address, abi: parseAbi([signature]), functionName, args });
    assert.equal(await read(uni.router, 'function factory() view returns (address)', 'factory'), uni.factory);
    assert.equal(await read(uni.router, 'function WETH9() view returns (address)', 'WETH9'), uni.weth);
    assert.equal(await read(uni.router, 'function positionManager() view returns (address)', 'positionManager'), uni.positionManager);
    assert.equal(await read(uni.quoter, 'function factory() view returns (address)', 'factory'), uni.factory);
    assert.equal(await read(uni.dai, 'function decimals() view returns (uint8)', 'decimals'), 18);
    assert.equal(await read(uni.dai, 'function symbol() view returns (string)', 'symbol'), 'DAI');
    assert.match(await read(uni.permit2, 'function DOMAIN_SEPARATOR() view returns (bytes32)', 'DOMAIN_SEPARATOR'), /^0x(?!0{64})[0-9a-f]{64}$/);
    // The published pool code is the one the periphery's hard-coded hash names
    // (deployUniswap checked the factory's pools are where that hash puts them).
    const pool = require('@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json');
    assert.equal(keccak256(pool.bytecode), POOL_INIT_CODE_HASH);
  });

  test('the ETH quote for 25 USDC is 25/3000 ETH plus the 0.05% fee', async () => {
    const quote = await quoteExactOutput(chain, uni, { tokenIn: 'ETH', amountOut: USDC_25 });
    const ideal = parseEther('25') / 3000n;
    assert.ok(quote > ideal && quote < ideal * 1001n / 1000n, `quote ${formatEther(quote)} ETH`);
  });

  test('paying with ETH: the merchant gets exactly the USDC, the payer gets the unused ETH back', async () => {
    const quote = await quoteExactOutput(chain, uni, { tokenIn: 'ETH', amountOut: USDC_25 });
    const amountInMaximum = withSlippage(quote);
    const usdcBefore = await balanceOf(chain, uni.usdc, PAYOUT);
    const ethBefore = await chain.client.getBalance({ address: PAYER.address });
    const receipt = await payWithSwap(chain, uni, { account: PAYER, tokenIn: 'ETH', amountOut: USDC_25, amountInMaximum, recipient: PAYOUT });
    assert.equal(receipt.status, 'success');
    assert.equal(await balanceOf(chain, uni.usdc, PAYOUT), usdcBefore + USDC_25);
    const spent = ethBefore - (await chain.client.getBalance({ address: PAYER.address })) - receipt.gasUsed * receipt.effectiveGasPrice;
    assert.ok(spent <= amountInMaximum);
    assert.equal(spent, quote, 'nothing moved the price between quote and swap');
    assert.equal(await chain.client.getBalance({ address: uni.router }), 0n, 'the router refunded the rest');
  });

  test('paying with DAI: one approve, one swap, exactly the USDC asked', async () => {
    await mintDai(chain, uni, PAYER2.address, '1000');
    const amountOut = 999_000000n;
    const quote = await quoteExactOutput(chain, uni, { tokenIn: uni.dai, amountOut });
    assert.ok(quote > parseEther('999') && quote < parseEther('999') * 1001n / 1000n, `quote ${formatEther(quote)} DAI`);
    const usdcBefore = await balanceOf(chain, uni.usdc, PAYOUT);
    const nonce = await chain.client.getTransactionCount({ address: PAYER2.address });
    const receipt = await payWithSwap(chain, uni, {
      account: PAYER2, tokenIn: uni.dai, amountOut, amountInMaximum: withSlippage(quote), recipient: PAYOUT,
    });
    assert.equal(receipt.status, 'success');
    assert.equal(await chain.client.getTransactionCount({ address: PAYER2.address }), nonce + 2);
    assert.equal(await balanceOf(chain, uni.usdc, PAYOUT), usdcBefore + amountOut);
    assert.equal(await balanceOf(chain, uni.dai, PAYER2.address), parseEther('1000') - quote);
  });

  test('after a big trade moves the price, the old bound makes the swap revert', async () => {
    const quote = await quoteExactOutput(chain, uni, { tokenIn: 'ETH', amountOut: USDC_25 });
    const amountInMaximum = withSlippage(quote);
    await movePrice(chain, uni);
    const moved = await quoteExactOutput(chain, uni, { tokenIn: 'ETH', amountOut: USDC_25 });
    assert.ok(moved > amountInMaximum, `moved from ${formatEther(quote)} to ${formatEther(moved)} ETH`);
    const usdcBefore = await balanceOf(chain, uni.usdc, PAYOUT);
    const pay = (options) => payWithSwap(chain, uni, { account: PAYER, tokenIn: 'ETH', amountOut: USDC_25, amountInMaximum, recipient: PAYOUT, ...options });
    // As a wallet sees it: the gas estimate fails (STF: the router cannot take
    // the WETH the swap needs beyond the ETH sent).
    await assert.rejects(pay(), /reverted with the following reason:\s+STF/);
    // Sent anyway: mined, reverted, nothing paid.
    const receipt = await pay({ gas: 500000n });
    assert.equal(receipt.status, 'reverted');
    assert.equal(await balanceOf(chain, uni.usdc, PAYOUT), usdcBefore);
  });
});
