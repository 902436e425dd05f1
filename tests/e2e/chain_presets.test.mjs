// Chains by name (issue 20): an operator writes `chains = ["base-sepolia"]`
// and an RPC URL, and payd takes the chain id, the token's real contract
// address and decimals from its catalog (`payd chains`). Here anvil runs
// with Base Sepolia's chain id and the test USDC's code is placed at the
// address the catalog names, so a payment there is matched end to end. A
// contract whose decimals() is not the catalog's stops the chain: a log line
// and a failing /readyz, never a payment counted at the wrong scale.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parseUnits, toHex } from 'viem';
import { eventually, PAYER, PAYOUT, startChain, USDC_ADDRESS } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { sql } from './lib/database.mjs';
import { createIntent, launch, preparePayd, startPayd } from './lib/payd.mjs';
import { emailSettings, SMTP_PASSWORD, startRelay, throwawayCertificate, unsubscribeUrlOf } from './lib/smtp.mjs';

const BASE_SEPOLIA = 84532;

// The catalog as `payd chains --json` prints it (the operator's view).
function catalog() {
  const payd = preparePayd();
  try {
    return payd.admin(['chains']);
  } finally {
    payd.cleanup();
  }
}

// The code at `from` placed at `to`, with its first storage slots (an
// ERC-20's name and symbol live there); balances are minted afresh.
async function placeCode(chain, from, to) {
  await chain.rpc('anvil_setCode', [to, await chain.rpc('eth_getCode', [from, 'latest'])]);
  for (let slot = 0; slot < 8; slot++) {
    const value = await chain.rpc('eth_getStorageAt', [from, toHex(slot), 'latest']);
    await chain.rpc('anvil_setStorageAt', [to, toHex(slot, { size: 32 }), value]);
  }
}

// The preset's other tokens (EURC) as the test token's code answering their
// own symbol: OpenZeppelin's ERC20 keeps _symbol in slot 4, a short string
// stored left-aligned with twice its length in the last byte.
async function placeToken(chain, token) {
  await placeCode(chain, USDC_ADDRESS, token.address);
  const bytes = Buffer.from(token.contractSymbol ?? token.symbol, 'utf8');
  const word = Buffer.alloc(32);
  bytes.copy(word);
  word[31] = bytes.length * 2;
  await chain.rpc('anvil_setStorageAt', [token.address, toHex(4, { size: 32 }), `0x${word.toString('hex')}`]);
}

const presetConfig = (chain) => `chains = ["base-sepolia"]
[limits]
api_requests_per_min = 1000000
public_intents_per_min = 1000
[chain.base-sepolia]
rpc_urls = ["${chain.url}"]
confirmations = 1
poll_interval_ms = 100
`;

function merchant(payd) {
  const tenant = payd.admin(['tenant', 'create', '--name', 'Preset shop']);
  const integration = payd.admin(['integration', 'create', '--tenant', tenant.id, '--name', 'web',
    '--chains', String(BASE_SEPOLIA), '--tokens', 'USDC', '--payout', PAYOUT, '--origins', 'https://shop.example']);
  const key = payd.admin(['key', 'create', '--tenant', tenant.id, '--name', 'r', '--scopes', 'payments:read']);
  return { integration, key };
}

describe('a chain named by its preset', () => {
  const presets = catalog();
  const preset = presets.find((c) => c.key === 'base-sepolia');
  const usdc = preset.tokens.find((t) => t.symbol === 'USDC');

  test('payd chains lists the chains the issue names, mainnets and their testnets, each USDC from Circle', () => {
    const ids = Object.fromEntries(presets.map((c) => [c.key, [c.id, c.network]]));
    // Chain ids as the chains publish them (chainlist.org, EIP-155).
    for (const [key, id, network] of [['ethereum', 1, 'mainnet'], ['base', 8453, 'mainnet'],
      ['arbitrum', 42161, 'mainnet'], ['optimism', 10, 'mainnet'], ['polygon', 137, 'mainnet'],
      ['bsc', 56, 'mainnet'], ['avalanche', 43114, 'mainnet'], ['sepolia', 11155111, 'testnet'],
      ['base-sepolia', BASE_SEPOLIA, 'testnet']]) {
      assert.deepEqual(ids[key], [id, network], key);
    }
    assert.equal(preset.pair, 'base');
    assert.equal(usdc.decimals, 6);
    assert.match(usdc.source, /^Circle: https:\/\/developers\.circle\.com\//);
  });

  describe('on a chain whose preset address holds the token', () => {
    let chain, payd, shop;
    before(async () => {
      chain = await startChain({ chainId: BASE_SEPOLIA });
      await placeCode(chain, USDC_ADDRESS, usdc.address);
      // Every token of the preset is checked at start: each must be there.
      for (const token of preset.tokens.filter((t) => t.symbol !== 'USDC')) await placeToken(chain, token);
      await chain.call({ address: usdc.address, abi: chain.usdc.abi }, 'mint', [PAYER.address, parseUnits('1000', 6)]);
      payd = await startPayd({ config: presetConfig(chain) });
      shop = merchant(payd);
    });
    after(() => stopAll(() => payd?.close(), () => chain?.stop()));

    test("a payment of the preset's USDC is matched and the intent paid; /readyz is ready", async () => {
      const r = await createIntent(payd, shop.integration.id, { amount_usd: '12.50', currency: 'USDC', chainId: BASE_SEPOLIA });
      assert.equal(r.status, 201, r.text);
      const uri = new URL(r.json.paymentUri);
      assert.equal(uri.pathname.split('@')[0].toLowerCase(), usdc.address.toLowerCase(),
        "the payer is asked to pay the catalog's contract");
      const units = BigInt(uri.searchParams.get('uint256'));
      assert.ok(units >= parseUnits('12.50', 6) && units < parseUnits('12.51', 6), `6 decimals: ${units}`);
      const hash = await chain.wallet(PAYER).writeContract({
        address: usdc.address, abi: chain.usdc.abi, functionName: 'transfer', args: [PAYOUT, units],
      });
      await chain.client.waitForTransactionReceipt({ hash });
      await chain.mine(1);
      let seen;
      await eventually(async () => {
        seen = await payd.request('GET', `/api/v1/payment-intents/${r.json.id}`, { key: shop.key.key });
        return seen.json?.status === 'PAID';
      }, { what: 'the intent PAID', context: () => seen?.text });
      const ready = await payd.request('GET', '/readyz');
      assert.equal(ready.status, 200, ready.text);
    });
  });

  describe("on a chain where the preset's address answers other decimals", () => {
    let chain, payd, mailDir, relay;
    before(async () => {
      chain = await startChain({ chainId: BASE_SEPOLIA });
      // A contract whose decimals() answers 18 and that has no symbol().
      const other = await chain.deploy('PriceFeed', { args: [18, 1n] });
      await placeCode(chain, other.address, usdc.address);
      // payd sends email: the merchant on that chain hears of it (issue 39 item 2).
      mailDir = mkdtempSync(join(tmpdir(), 'payd-presets-mail-'));
      const tls = throwawayCertificate(mailDir);
      relay = await startRelay({ key: tls.key, cert: tls.cert });
      payd = preparePayd({ config: `${presetConfig(chain)}\n[email]\n${emailSettings(relay.port, tls.caFile)}`,
        env: { PAYD_SMTP_PASSWORD: SMTP_PASSWORD } });
      const tenant = payd.admin(['tenant', 'create', '--name', 'Acme']);
      payd.admin(['integration', 'create', '--tenant', tenant.id, '--name', 'Acme web', '--chains', String(BASE_SEPOLIA),
        '--tokens', 'USDC', '--payout', PAYOUT, '--origins', 'https://shop.example']);
      payd.admin(['user', 'create', '--tenant', tenant.id, '--email', 'dev@acme.example', '--role', 'developer', '--password-stdin'],
        { input: 'plum tree by the harbour\n' });
      await launch(payd);
    });
    after(() => stopAll(() => payd?.close(), () => chain?.stop(), () => relay?.close(),
      () => mailDir && rmSync(mailDir, { recursive: true, force: true })));

    test('the chain is stopped: a log line naming the token and /readyz 503 saying why', async () => {
      const line = await eventually(() => payd.logs.find((l) => l.msg?.startsWith('chain stopped')),
        { what: 'the chain stopped' });
      assert.equal(line.level, 'error');
      assert.equal(line.chainId, BASE_SEPOLIA);
      assert.match(line.problems.join(' '), new RegExp(`USDC at ${usdc.address}: the contract's decimals\\(\\) is 18, the configuration says 6`));
      const ready = await payd.request('GET', '/readyz');
      assert.equal(ready.status, 503, ready.text);
      assert.equal(ready.json.error.code, 'unavailable');
      assert.match(ready.json.error.message, /chain 84532: USDC at .*decimals\(\) is 18/);
    });

    test('the people of a merchant on that chain are told by email', async () => {
      const mail = await eventually(() => relay.received.find((m) => m.envelope.rcptTo.some((r) => r.address === 'dev@acme.example')),
        { what: 'the chain problem message', timeout: 20000 });
      assert.match(mail.parsed.subject, /^payd cannot watch .+ for Acme$/);
      assert.match(mail.parsed.text, /payd stopped watching .+: its token check failed: USDC at 0x[0-9a-fA-F]{40}: the contract's decimals\(\) is 18, the configuration says 6/);
      assert.match(mail.parsed.text, /are not lost: they are recorded once the operator fixes it/);
      assert.ok(unsubscribeUrlOf(mail), 'a developer may turn these off');
      // One episode while the chain stays stopped (once per episode: email_outbox_test.cpp).
      assert.equal(sql(payd, 'SELECT COUNT(*) FROM chain_alerts'), '1');
      assert.ok(payd.logs.some((l) => l.msg === 'chain problem: its people are told by email' && l.chainId === BASE_SEPOLIA));
    });
  });

  test('a name payd does not know, or a testnet in a mainnet process, is a start error naming the key', () => {
    const run = (config, env = {}) => {
      const payd = preparePayd({ config: `${config}\n[limits]\napi_requests_per_min = 1000\n` , env });
      try {
        return payd.adminRaw(['migrate']);
      } finally {
        payd.cleanup();
      }
    };
    const unknown = run('chains = ["base-sepolai"]');
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /chains "base-sepolai" is not a chain payd knows \(`payd chains` lists them\)/);
    const mainnet = run('chains = ["base-sepolia"]\n[chain.base-sepolia]\nrpc_urls = ["http://127.0.0.1:1"]', { PAYD_ENVIRONMENT: 'mainnet' });
    assert.equal(mainnet.status, 1);
    assert.match(mainnet.stderr, /"base-sepolia" \(chain 84532\) is a testnet, and this payd serves mainnet/);
  });
});
