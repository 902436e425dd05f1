// The /v1 API's reads (spec "Planned API", DECISIONS §12): the bare base
// address, `X-API-Key` or `Authorization: Bearer`, the account key may do
// everything and public keys need `payments:read`; statuses are lowercase and
// an intent has the preview's fields (`amount` a decimal string in the
// currency it was asked in, `chains` and `tokens` as names and symbols,
// `token`, `chain`, `chainId`, `txHash`, `senderAddress`, `confirmedAt` "present
// once paid") plus `checkoutUrl`. `GET /v1/payments` lists confirmed payments.
// The same intent as /api/v1's.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYER, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { createIntent, createMerchant, startPayd } from './lib/payd.mjs';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const PAID_FIELDS = ['token', 'chain', 'chainId', 'txHash', 'senderAddress', 'confirmedAt'];

describe('/v1 reads', () => {
  let chain, payd, shop, other;

  before(async () => {
    chain = await startChain();
    payd = await startPayd({ config: chainConfig(chain, { confirmations: 2 }) });
    shop = createMerchant(payd);
    other = createMerchant(payd, { name: 'Other' });
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  const get = (path, key, opts = {}) => payd.request('GET', path, { key, ...opts });
  const newIntent = async (body = { amount_usd: '25.00', currency: 'USDC', chainId: 31337, metadata: { orderId: 'A-1' } }) => {
    const r = await createIntent(payd, shop.integration.id, body);
    assert.equal(r.status, 201, r.text);
    return r.json;
  };
  const assertError = (r, status, code, param) => {
    assert.equal(r.status, status, r.text);
    assert.equal(r.json.error.code, code, r.text);
    if (param) assert.equal(r.json.error.param, param, r.text);
  };

  test('an open intent reads with the preview\'s fields, lowercase, in the currency it was asked in', async () => {
    const made = await newIntent();
    const r = await get(`/v1/payment_intents/${made.id}`, shop.read.key);
    assert.equal(r.status, 200, r.text);
    const pi = r.json;
    assert.equal(pi.id, made.id);
    assert.equal(pi.status, 'created');
    assert.equal(pi.amount, '25.00');
    assert.equal(pi.currency, 'USD');
    assert.equal(pi.recipient, PAYOUT);
    assert.deepEqual(pi.chains, ['Localnet']);
    assert.deepEqual(pi.tokens, ['USDC']);
    assert.match(pi.expiresAt, ISO);
    assert.match(pi.createdAt, ISO);
    assert.deepEqual(pi.metadata, { orderId: 'A-1' });
    assert.equal(pi.checkoutUrl, `${payd.url}/pay/${made.id}`);
    assert.equal(pi.createdVia, 'public');
    for (const field of PAID_FIELDS) assert.equal(field in pi, false, `${field} is present once paid only`);

    // An amount asked in the token reads in the token, as a decimal.
    const inToken = await newIntent({ amount: '3500000', currency: 'USDC', chainId: 31337 });
    const t = (await get(`/v1/payment_intents/${inToken.id}`, shop.read.key)).json;
    assert.deepEqual([t.amount, t.currency], ['3.5', 'USDC']);
  });

  test('a paid intent says what paid it; /v1/payments lists the confirmed payment only once it is confirmed', async () => {
    const made = await newIntent({ amount_usd: '7.00', currency: 'USDC', chainId: 31337 });
    const tx = await chain.payUsdc(PAYOUT, BigInt(made.amount));
    const pending = await eventually(async () => {
      const list = (await get('/api/v1/payments?limit=100', shop.read.key)).json.data;
      return list.find((p) => p.txHash === tx.transactionHash && p.status === 'PENDING');
    }, { what: 'the transfer seen, not yet confirmed' });
    const v1List = async () => (await get('/v1/payments?limit=100', shop.read.key)).json.data;
    assert.equal((await v1List()).some((p) => p.id === pending.id), false, 'an unconfirmed payment is not listed');
    assertError(await get(`/v1/payments/${pending.id}`, shop.read.key), 404, 'not_found');

    await chain.mine(2);
    const pi = await eventually(async () => {
      const r = await get(`/v1/payment_intents/${made.id}`, shop.read.key);
      return r.json.status === 'paid' ? r.json : null;
    }, { what: 'the intent paid in /v1' });
    assert.equal(pi.token, 'USDC');
    assert.equal(pi.chain, 'Localnet');
    assert.equal(pi.chainId, 31337);
    assert.equal(pi.txHash, tx.transactionHash);
    assert.equal(pi.senderAddress, PAYER.address);
    assert.match(pi.confirmedAt, ISO);

    const payment = await eventually(async () => (await v1List()).find((p) => p.id === pending.id), {
      what: 'the payment listed once confirmed',
    });
    assert.equal(payment.status, 'confirmed');
    assert.equal(payment.intentId, made.id);
    assert.equal(payment.txHash, tx.transactionHash);
    assert.equal(payment.amount, made.amount);
    const one = await get(`/v1/payments/${pending.id}`, shop.read.key);
    assert.equal(one.status, 200, one.text);
    assert.deepEqual(one.json, payment);
    assert.ok((await v1List()).every((p) => p.status === 'confirmed'));
  });

  test('the list filters by lowercase status and pages as /api/v1 does', async () => {
    await newIntent();
    const paid = await get('/v1/payment_intents?status=paid', shop.read.key);
    assert.equal(paid.status, 200, paid.text);
    assert.ok(paid.json.data.length >= 1);
    assert.ok(paid.json.data.every((pi) => pi.status === 'paid'));
    const created = (await get('/v1/payment_intents?status=created&limit=1', shop.read.key)).json;
    assert.deepEqual([created.data.length, created.limit, created.offset, created.hasMore], [1, 1, 0, true]);
    assert.equal(created.data[0].status, 'created');
    // The /api/v1 spelling is not the /v1 one.
    assertError(await get('/v1/payment_intents?status=PAID', shop.read.key), 400, 'invalid_request', 'status');
    assertError(await get('/v1/payment_intents?limit=101', shop.read.key), 400, 'invalid_request', 'limit');
    assertError(await get('/v1/payments?status=confirmed', shop.read.key), 400, 'invalid_request', 'status');
  });

  test('keys: X-API-Key or Bearer, the account key too; no scope is 403, an integration key 401, another tenant\'s intent 404', async () => {
    const made = await newIntent();
    const path = `/v1/payment_intents/${made.id}`;
    assert.equal((await get(path, shop.read.key)).status, 200);
    assert.equal((await get(path, undefined, { bearer: shop.read.key })).status, 200);
    const account = payd.admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'backend', '--kind', 'account']);
    assert.equal((await get(path, account.key)).status, 200);

    const noScope = await get(path, shop.events.key);
    assertError(noScope, 403, 'insufficient_scope');
    assert.match(noScope.json.error.message, /payments:read/);
    const integrationKey = payd.admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'app', '--kind', 'integration',
      '--integration', shop.integration.id]);
    assert.equal((await get(path, integrationKey.key)).status, 401);
    assert.equal((await get(path)).status, 401);
    assertError(await get(path, other.read.key), 404, 'not_found');
    assertError(await get('/v1/payments/pay_nosuchpayment', shop.read.key), 404, 'not_found');
  });
});
