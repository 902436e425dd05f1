// A real Uniswap v3 deployment on a test's anvil chain, so a test can pay a
// USDC payment with ETH or DAI through a swap the way a payer's wallet does
// (SwapRouter02, the router the Uniswap interface uses for v3 swaps): the
// merchant then receives USDC from a pool in an internal transfer, not from
// the payer.
//
//   const uni = await deployUniswap(chain);           // on a fresh startChain()
//   const max = (await quoteExactOutput(chain, uni, { tokenIn: 'ETH', amountOut: 25_000000n })) * 1005n / 1000n;
//   await payWithSwap(chain, uni, { tokenIn: 'ETH', amountOut: 25_000000n, amountInMaximum: max, recipient: PAYOUT });
//
// Every contract but the test DAI is bytecode as published on npm (never
// compiled here), so tests run the code real pools and routers run:
//   WETH9                      canonical-weth (Gnosis' canonical WETH package)
//   UniswapV3Factory, pools    @uniswap/v3-core
//   NonfungiblePositionManager @uniswap/v3-periphery (no token descriptor: it only serves tokenURI)
//   QuoterV2                   @uniswap/v3-periphery
//   SwapRouter02               @uniswap/swap-router-contracts (no v2 factory: v3 pools only)
//   Permit2                    @uniswap/universal-router 1.x, whose typechain factory carries
//                              its creation code (no package publishes Permit2's own artifact)
// The test DAI (18 decimals) is tools/devchain/TestDAI.sol, compiled and cached like
// tools/devchain's TestUSDC: OpenZeppelin 5 publishes only abstract ERC20s.
// package.json overrides swap-router-contracts' `hardhat-watcher` (a build
// plugin it lists as a dependency, which would pull in hardhat, ~300 MB) with
// a package that does nothing.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import {
  createWalletClient, encodeAbiParameters, encodeFunctionData, getAddress, getContractAddress, isAddressEqual,
  keccak256, maxUint256, parseAbi, parseEther, parseUnits, zeroAddress,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

import { localTransport, PAYER, USDC_ADDRESS } from '../../../tools/devchain/chain.mjs';
import { compile } from '../../../tools/devchain/contracts.mjs';

const require = createRequire(import.meta.url);

// anvil's well-known account #8 (a public test key): deploys Uniswap and
// provides its liquidity. Not #0 (the test USDC's deployer), #1-#6 (payers
// and payout wallets whose balances tests check) nor #9 (the Safe deployer):
// on a fresh chain its nonces are ours alone, so every address is known
// before deployment (payd's config names the router before payd starts).
export const UNISWAP_DEPLOYER = privateKeyToAccount('0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97');

// What the periphery contracts hard-code (PoolAddress.sol) to find a pool
// without asking the factory: keccak256 of UniswapV3Pool's creation code.
// deployUniswap checks the factory's pools land where it says.
export const POOL_INIT_CODE_HASH = '0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54';

// The pools: USDC/WETH at 0.05% like mainnet's busiest, DAI/USDC at 0.01%
// (a fee tier the factory gains by enableFeeAmount, as on mainnet).
export const FEES = { usdcWeth: 500, daiUsdc: 100 };
const TICK_SPACING = { 100: 1, 500: 10, 3000: 60, 10000: 200 };
const MAX_TICK = 887272;

const ARTIFACTS = {
  weth: 'canonical-weth/build/contracts/WETH9.json',
  factory: '@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json',
  positionManager: '@uniswap/v3-periphery/artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json',
  router: '@uniswap/swap-router-contracts/artifacts/contracts/SwapRouter02.sol/SwapRouter02.json',
  quoter: '@uniswap/v3-periphery/artifacts/contracts/lens/QuoterV2.sol/QuoterV2.json',
};
const PERMIT2_FACTORY = '@uniswap/universal-router/typechain/factories/Permit2__factory.ts';
// The order of deployment, i.e. the deployer's nonce of each contract.
const ORDER = ['weth', 'factory', 'positionManager', 'router', 'quoter', 'permit2', 'dai'];

const TOKEN_ABI = parseAbi([
  'function mint(address to, uint256 amount)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
  'function deposit() payable',
]);

const cache = new Map();
function artifact(name) {
  if (!cache.has(name)) {
    if (name === 'permit2') cache.set(name, { abi: [], bytecode: permit2Bytecode() });
    else if (name === 'dai') cache.set(name, compile('TestDAI'));
    else cache.set(name, require(ARTIFACTS[name]));
  }
  return cache.get(name);
}

// The typechain factory is TypeScript; its creation code is one string literal.
function permit2Bytecode() {
  const source = readFileSync(require.resolve(PERMIT2_FACTORY), 'utf8');
  const match = source.match(/const _bytecode =\s*"(0x[0-9a-f]+)"/i);
  if (!match) throw new Error(`no Permit2 bytecode in ${PERMIT2_FACTORY}`);
  return match[1];
}

const sortTokens = (a, b) => (BigInt(a) < BigInt(b) ? [getAddress(a), getAddress(b)] : [getAddress(b), getAddress(a)]);

// The address UniswapV3Factory gives the pool of two tokens and a fee (CREATE2).
export function poolAddress(factory, tokenA, tokenB, fee) {
  const [token0, token1] = sortTokens(tokenA, tokenB);
  const salt = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'uint24' }], [token0, token1, fee]));
  return getContractAddress({ opcode: 'CREATE2', from: factory, salt, bytecodeHash: POOL_INIT_CODE_HASH });
}

// Where deployUniswap puts everything on a fresh chain, known without one:
// the contracts at the deployer's nonces 0-6, the pools where the factory
// creates them. `usdc`: the test USDC (startChain's).
export function uniswapAddresses({ deployer = UNISWAP_DEPLOYER.address, usdc = USDC_ADDRESS } = {}) {
  const addrs = Object.fromEntries(ORDER.map((name, nonce) => [name, getContractAddress({ from: deployer, nonce: BigInt(nonce) })]));
  addrs.usdc = getAddress(usdc);
  addrs.pools = {
    usdcWeth: { address: poolAddress(addrs.factory, addrs.usdc, addrs.weth, FEES.usdcWeth), fee: FEES.usdcWeth },
    daiUsdc: { address: poolAddress(addrs.factory, addrs.dai, addrs.usdc, FEES.daiUsdc), fee: FEES.daiUsdc },
  };
  return addrs;
}

// The addresses on a fresh startChain() chain.
export const UNISWAP = uniswapAddresses();

// Deploys it all on `chain` (startChain's: the test USDC already there) and
// adds full-range liquidity from the deployer: `ethDepth` WETH against
// `ethUsd` USDC each, and `daiDepth` DAI against as many USDC. With the
// defaults (1000 ETH, 3,000,000 DAI: 3,000,000 USDC in each pool) a 1000 USDC
// payment costs about 0.03% in price impact, well inside a wallet's 0.5%
// bound, while a trade of 20 ETH (movePrice's default) moves the price ~4%.
// Returns uniswapAddresses(); fails unless the deployer's nonce is 0.
export async function deployUniswap(chain, { from = UNISWAP_DEPLOYER, ethUsd = '3000', ethDepth = '1000', daiDepth = '3000000' } = {}) {
  const addrs = uniswapAddresses({ deployer: from.address, usdc: USDC_ADDRESS });
  const nonce = await chain.client.getTransactionCount({ address: from.address });
  if (nonce !== 0) throw new Error(`Uniswap deployer ${from.address} has nonce ${nonce}; the addresses need a fresh chain`);
  if (!(await chain.client.getCode({ address: addrs.usdc }))) throw new Error(`no test USDC at ${addrs.usdc}`);
  const wallet = walletFor(chain, from);
  const constructorArgs = {
    positionManager: [addrs.factory, addrs.weth, zeroAddress],
    router: [zeroAddress, addrs.factory, addrs.positionManager, addrs.weth],
    quoter: [addrs.factory, addrs.weth],
  };
  // One after another: each needs the nonce before it, and a failure names the contract.
  for (const name of ORDER) {
    const { abi, bytecode } = artifact(name);
    const hash = await wallet.deployContract({ abi, bytecode, args: constructorArgs[name] ?? [] });
    const receipt = await chain.client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success' || !isAddressEqual(receipt.contractAddress ?? zeroAddress, addrs[name])) {
      throw new Error(`deploying ${name} failed or landed elsewhere than ${addrs[name]} (${hash})`);
    }
  }
  const send = async (address, abi, functionName, args, value) => {
    const receipt = await write(chain, wallet, { address, abi, functionName, args, value });
    if (receipt.status !== 'success') throw new Error(`${functionName} on ${address} reverted (${receipt.transactionHash})`);
  };
  await send(addrs.factory, artifact('factory').abi, 'enableFeeAmount', [FEES.daiUsdc, TICK_SPACING[FEES.daiUsdc]]);

  const weth = parseEther(ethDepth);
  const dai = parseUnits(daiDepth, 18);
  const usdcForWeth = parseUnits(ethDepth, 6) * parseUnits(ethUsd, 6) / 10n ** 6n;
  const usdcForDai = parseUnits(daiDepth, 6);
  await send(addrs.weth, TOKEN_ABI, 'deposit', [], weth);
  await send(addrs.usdc, TOKEN_ABI, 'mint', [from.address, usdcForWeth + usdcForDai]);
  await send(addrs.dai, TOKEN_ABI, 'mint', [from.address, dai]);
  for (const token of [addrs.weth, addrs.usdc, addrs.dai]) {
    await send(token, TOKEN_ABI, 'approve', [addrs.positionManager, maxUint256]);
  }
  // As a liquidity provider does through the interface: the position manager
  // creates and prices the pool, then mints the position.
  const npm = artifact('positionManager').abi;
  const pools = [
    [addrs.pools.usdcWeth, { [addrs.usdc]: usdcForWeth, [addrs.weth]: weth }],
    [addrs.pools.daiUsdc, { [addrs.dai]: dai, [addrs.usdc]: usdcForDai }],
  ];
  for (const [{ address, fee }, amounts] of pools) {
    const [token0, token1] = sortTokens(...Object.keys(amounts));
    const [amount0, amount1] = [amounts[token0], amounts[token1]];
    await send(addrs.positionManager, npm, 'createAndInitializePoolIfNecessary', [token0, token1, fee, sqrtPriceX96(amount0, amount1)]);
    const tick = Math.floor(MAX_TICK / TICK_SPACING[fee]) * TICK_SPACING[fee];
    await send(addrs.positionManager, npm, 'mint', [{
      token0, token1, fee, tickLower: -tick, tickUpper: tick, amount0Desired: amount0, amount1Desired: amount1,
      amount0Min: 0n, amount1Min: 0n, recipient: from.address, deadline: maxUint256,
    }]);
    // The router finds pools by POOL_INIT_CODE_HASH, not by asking the factory: they must agree.
    const actual = await chain.client.readContract({ address: addrs.factory, abi: artifact('factory').abi, functionName: 'getPool', args: [token0, token1, fee] });
    if (!isAddressEqual(actual, address)) throw new Error(`the factory put the pool at ${actual}, the periphery expects ${address}`);
  }
  return addrs;
}

// A pool's starting price for amount1/amount0, as Q64.96 square root.
function sqrtPriceX96(amount0, amount1) {
  const ratio = (amount1 << 192n) / amount0;
  let x = ratio;
  let y = (x + 1n) / 2n;
  while (y < x) [x, y] = [y, (y + ratio / y) / 2n];
  return x;
}

const tokenAddress = (addrs, token) => (token === 'ETH' ? addrs.weth : getAddress(token));

// The fee of the deployed pool of two tokens, unless the caller names one.
function feeOf(addrs, tokenIn, tokenOut, fee) {
  if (fee !== undefined) return fee;
  const pair = new Set([tokenIn, tokenOut].map((t) => t.toLowerCase()));
  const has = (...tokens) => tokens.every((t) => pair.has(t.toLowerCase()));
  if (has(addrs.usdc, addrs.weth)) return addrs.pools.usdcWeth.fee;
  if (has(addrs.dai, addrs.usdc)) return addrs.pools.daiUsdc.fee;
  throw new Error(`no pool of ${tokenIn} and ${tokenOut}: name the fee`);
}

// What QuoterV2 says a swap paying exactly `amountOut` of `tokenOut` (default
// USDC) costs in `tokenIn` ('ETH' or a token address), as a wallet asks it
// before the swap (an eth_call: the quoter simulates the swap and reverts).
export async function quoteExactOutput(chain, addrs, { tokenIn, tokenOut = addrs.usdc, fee, amountOut }) {
  const inAddress = tokenAddress(addrs, tokenIn);
  const { result } = await chain.client.simulateContract({
    address: addrs.quoter, abi: artifact('quoter').abi, functionName: 'quoteExactOutputSingle',
    args: [{ tokenIn: inAddress, tokenOut, amount: amountOut, fee: feeOf(addrs, inAddress, tokenOut, fee), sqrtPriceLimitX96: 0n }],
  });
  return result[0];
}

// Pays `amountOut` of `tokenOut` (default USDC) to `recipient` with `tokenIn`
// as a wallet's swap does, spending at most `amountInMaximum`: for a token,
// one approve of the router, then SwapRouter02.exactOutputSingle; for 'ETH',
// one multicall of exactOutputSingle (from WETH, which the router wraps from
// the ETH sent) and refundETH, with `amountInMaximum` as its value, so the
// payer gets back what the swap did not need. `deadline` (seconds): the
// multicall(deadline, data) the Uniswap interface sends instead.
// Gas: the estimate plus 20%, as a wallet sends it; a swap over its bound
// then fails at the estimate (viem throws with the revert reason). With `gas`
// given it is sent unestimated, so such a swap is mined, reverted.
// Returns the swap's receipt.
export async function payWithSwap(chain, addrs, {
  account = PAYER, tokenIn, tokenOut = addrs.usdc, fee, amountOut, recipient, amountInMaximum, deadline, gas,
}) {
  if (!recipient) throw new Error('payWithSwap needs a recipient');
  const wallet = walletFor(chain, account);
  const router = { address: addrs.router, abi: artifact('router').abi };
  const inAddress = tokenAddress(addrs, tokenIn);
  const params = {
    tokenIn: inAddress, tokenOut, fee: feeOf(addrs, inAddress, tokenOut, fee), recipient,
    amountOut, amountInMaximum, sqrtPriceLimitX96: 0n,
  };
  if (tokenIn !== 'ETH') {
    await approve(chain, wallet, inAddress, addrs.router, amountInMaximum);
    return write(chain, wallet, { ...router, functionName: 'exactOutputSingle', args: [params], gas });
  }
  const data = [
    encodeFunctionData({ ...router, functionName: 'exactOutputSingle', args: [params] }),
    encodeFunctionData({ ...router, functionName: 'refundETH', args: [] }),
  ];
  return write(chain, wallet, {
    ...router, functionName: 'multicall', args: deadline === undefined ? [data] : [BigInt(deadline), data], value: amountInMaximum, gas,
  });
}

// Someone else's big trade: sells `amountIn` of `tokenIn` ('ETH' by default,
// or a test token, minted to `account` first) for `tokenOut` (default USDC).
// Selling ETH makes USDC dearer in ETH, so an ETH payment quoted before now
// needs more ETH than its bound allows. Returns the receipt.
export async function movePrice(chain, addrs, {
  account = UNISWAP_DEPLOYER, tokenIn = 'ETH', tokenOut = addrs.usdc, fee, amountIn = parseEther('20'),
} = {}) {
  const wallet = walletFor(chain, account);
  const inAddress = tokenAddress(addrs, tokenIn);
  if (tokenIn !== 'ETH') {
    await mint(chain, inAddress, account.address, amountIn);
    await approve(chain, wallet, inAddress, addrs.router, amountIn);
  }
  const receipt = await write(chain, wallet, {
    address: addrs.router, abi: artifact('router').abi, functionName: 'exactInputSingle',
    args: [{ tokenIn: inAddress, tokenOut, fee: feeOf(addrs, inAddress, tokenOut, fee), recipient: account.address, amountIn, amountOutMinimum: 0n, sqrtPriceLimitX96: 0n }],
    value: tokenIn === 'ETH' ? amountIn : undefined,
  });
  if (receipt.status !== 'success') throw new Error(`the price-moving swap reverted (${receipt.transactionHash})`);
  return receipt;
}

// Another ERC-20 (the test DAI's code at a new address, from the deployer's
// next nonce): a token no pool trades, which a payer cannot swap from.
export async function deployPoollessToken(chain, { from = UNISWAP_DEPLOYER } = {}) {
  const { abi, bytecode } = compile('TestDAI');
  const hash = await walletFor(chain, from).deployContract({ abi, bytecode });
  const receipt = await chain.client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`deploying the pool-less token reverted (${hash})`);
  return getAddress(receipt.contractAddress);
}

// payd's configuration of a deployment (chainConfig's `extra`): [chains.swap]
// and the test DAI as a USD-pegged token of the chain.
export function swapConfig(addrs) {
  return `
[chains.swap]
router = "${addrs.router}"
quoter = "${addrs.quoter}"
permit2 = "${addrs.permit2}"
wrapped_native = "${addrs.weth}"

[[chains.tokens]]
symbol = "DAI"
name = "Dai"
address = "${addrs.dai}"
decimals = 18
usd_pegged = true
`;
}

// Gives `to` test DAI (smallest units, or a decimal string); anyone may mint it.
export function mintDai(chain, addrs, to, amount) {
  return mint(chain, addrs.dai, to, typeof amount === 'bigint' ? amount : parseUnits(amount, 18));
}

export function balanceOf(chain, token, owner) {
  return chain.client.readContract({ address: token, abi: TOKEN_ABI, functionName: 'balanceOf', args: [owner] });
}

async function mint(chain, token, to, amount) {
  const receipt = await write(chain, walletFor(chain, UNISWAP_DEPLOYER), { address: token, abi: TOKEN_ABI, functionName: 'mint', args: [to, amount] });
  if (receipt.status !== 'success') throw new Error(`mint of ${token} reverted (${receipt.transactionHash})`);
  return receipt;
}

async function approve(chain, wallet, token, spender, amount) {
  const receipt = await write(chain, wallet, { address: token, abi: TOKEN_ABI, functionName: 'approve', args: [spender, amount] });
  if (receipt.status !== 'success') throw new Error(`approve of ${token} reverted (${receipt.transactionHash})`);
}

// Sends a contract call with 20% more gas than estimated (or `gas`, then
// unestimated), as the Uniswap interface does: a pool's gas use depends on
// the block's second (it writes a price observation at most once a second),
// so a call estimated in one second and mined in the next can run out of the
// exact estimate (deployUniswap's DAI/USDC position mint did, 4 runs in 60).
// Returns the receipt, whatever its status.
async function write(chain, wallet, request) {
  const gas = request.gas ?? (await chain.client.estimateContractGas({ account: wallet.account, ...request })) * 6n / 5n;
  const hash = await wallet.writeContract({ ...request, gas });
  return chain.client.waitForTransactionReceipt({ hash });
}

function walletFor(chain, account) {
  return createWalletClient({ account, chain: chain.viemChain, transport: localTransport(chain.url) });
}
