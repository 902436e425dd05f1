// POST /v1/payment_intents (spec "Planned API", DECISIONS §12, §8): a shop's
// server asks for `amount` in `currency` (USD or a token), the amount read
// exactly as written whether a JSON string or number; optional
// `integrationId` (required with several integrations), `chains` and
// `tokens` narrow what the payer may choose. 201 with the preview's fields,
// lowercase status and `checkoutUrl`; until the payer chooses, the chain
// fields are null in /api/v1; never chosen, it expires with PAYMENT_EXPIRED.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYER, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { checkedFetch } from './lib/openapi.mjs';
import { assertApiError, createMerchant, startPayd } from './lib/payd.mjs';

const CHAIN_FIELDS = ['amount', 'amountFormatted', 'currency', 'chainId', 'chain', 'tokenAddress', 'decimals', 'paymentUri', 'requiredConfirmations'];

describe('POST /v1/payment_intents', () => {
  let chain, payd, shop;

  before(async () => {
    chain = await startChain();
    payd = await startPayd({ config: chainConfig(chain, { confirmations: 2 }) });
    shop = createMerchant(payd);
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  // The body as the client wrote it: a JSON number's digits must reach payd untouched.
  const post = (rawBody, { key = shop.rw.key, headers = {} } = {}) => payd.request('POST', '/v1/payment_intents', {
    key, rawBody, headers: { 'Content-Type': 'application/json', ...headers },
  });
  const create = async (rawBody, opts) => {
    const r = await post(rawBody, opts);
    assert.equal(r.status, 201, r.text);
    return r;
  };
  const intentsOf = async () => (await payd.request('GET', '/api/v1/payment-intents?limit=100', { key: shop.read.key })).json.data;

  test('an amount sent as a JSON number is read from its digits, never through a double', async () => {
    const r = await create('{"amount": 19.99, "currency": "USD", "metadata": {"orderId": "A-1"}}');
    const pi = r.json;
    assert.match(pi.id, /^pi_[a-z2-7]+$/);
    assert.equal(pi.status, 'created');
    assert.equal(pi.amount, '19.99');
    assert.equal(pi.currency, 'USD');
    assert.equal(pi.recipient, PAYOUT);
    assert.deepEqual(pi.chains, ['Localnet']);
    assert.deepEqual(pi.tokens, ['USDC', 'ETH'], 'every token of the integration, in its order');
    assert.deepEqual(pi.metadata, { orderId: 'A-1' });
    assert.equal(pi.checkoutUrl, `${payd.url}/pay/${pi.id}`);
    assert.equal(pi.createdVia, 'api');
    // 2^53 + 1 dollars and 1 cent: a double would round it to ...992.
    const big = await create('{"amount": 9007199254740993.01, "currency": "USD"}');
    assert.equal(big.json.amount, '9007199254740993.01');
  });

  test('until the payer chooses, /api/v1 shows no chain, token or exact amount', async () => {
    const { json: made } = await create('{"amount": "25.00", "currency": "USD"}');
    const r = await payd.request('GET', `/api/v1/payment-intents/${made.id}`, { key: shop.read.key });
    assert.equal(r.status, 200, r.text);
    for (const field of CHAIN_FIELDS) assert.equal(r.json[field], null, field);
    assert.equal(r.json.amountUsd, '25.00');
    assert.equal(r.json.status, 'CREATED');
    assert.equal(r.json.createdVia, 'api');
    assert.equal(r.json.recipient, PAYOUT);
    // The same intent on /v1, read back.
    const v1 = await payd.request('GET', `/v1/payment_intents/${made.id}`, { key: shop.read.key });
    assert.deepEqual(v1.json, made);
  });

  test('an amount in a token, and the options narrowed by chains and tokens', async () => {
    const { json: pi } = await create(JSON.stringify({ amount: '12.5', currency: 'USDC', chains: [31337], tokens: ['USDC'] }));
    assert.deepEqual([pi.amount, pi.currency, pi.chains, pi.tokens], ['12.5', 'USDC', ['Localnet'], ['USDC']]);
    const byName = await create(JSON.stringify({ amount: 3, currency: 'USD', chains: ['Localnet'], tokens: ['ETH'] }));
    assert.deepEqual([byName.json.amount, byName.json.tokens], ['3', ['ETH']]);
  });

  test('bad asks are 400s naming the field, and store nothing', async () => {
    const before = (await intentsOf()).length;
    const cases = [
      ['{"amount": 1e3, "currency": "USD"}', 'amount'],
      ['{"amount": "1e3", "currency": "USD"}', 'amount'],
      ['{"amount": -5, "currency": "USD"}', 'amount'],
      ['{"amount": 0, "currency": "USD"}', 'amount'],
      ['{"amount": "19.999", "currency": "USD"}', 'amount'],
      ['{"amount": true, "currency": "USD"}', 'amount'],
      ['{"currency": "USD"}', 'amount'],
      ['{"amount": "5"}', 'currency'],
      ['{"amount": "5", "currency": "DOGE"}', 'currency'],
      ['{"amount": "5", "currency": "USD", "chains": ["Nowhere"]}', 'chains'],
      ['{"amount": "5", "currency": "USD", "chains": "Localnet"}', 'chains'],
      ['{"amount": "5", "currency": "USD", "tokens": ["DAI"]}', 'tokens'],
      ['{"amount": "5", "currency": "USDC", "tokens": ["ETH"]}', 'tokens'],
      ['{"amount": "5", "currency": "USD", "integrationId": "int_nosuch"}', 'integrationId'],
      ['{"amount": "5", "currency": "USD", "metadata": {"a": {"b": 1}}}', 'metadata.a'],
      ['{"amount": "5", "currency": "USD", "colour": "red"}', 'colour'],
    ];
    for (const [body, param] of cases) assertApiError(await post(body), 400, 'invalid_request', param);
    assertApiError(await post('[1]'), 400, 'invalid_request');
    assert.equal((await intentsOf()).length, before, 'nothing was stored');
  });

  test('payments:write is needed; the account key may do everything', async () => {
    const body = '{"amount": "5", "currency": "USD"}';
    assertApiError(await post(body, { key: shop.read.key }), 403, 'insufficient_scope');
    assertApiError(await post(body, { key: null }), 401, 'unauthorized');
    const account = payd.admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'backend', '--kind', 'account']);
    await create(body, { key: account.key });
  });

  test('Idempotency-Key: the same ask replays the original, another ask is a 409 (§8)', async () => {
    const headers = { 'Idempotency-Key': `order-${Date.now()}` };
    const first = await create('{"amount": 19.99, "currency": "USD"}', { headers });
    const count = (await intentsOf()).length;
    const again = await create('{"amount": 19.99, "currency": "USD"}', { headers });
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.json, first.json);
    // The same amount written as a string is the same ask.
    const asText = await create('{"amount": "19.99", "currency": "USD"}', { headers });
    assert.equal(asText.json.id, first.json.id);
    assert.equal((await intentsOf()).length, count, 'no second intent');
    assertApiError(await post('{"amount": 19.98, "currency": "USD"}', { headers }), 409, 'idempotency_conflict');
  });

  test('the payer\'s choice on the hosted page: an option not offered is refused; once money is seen the choice is closed', async () => {
    const { json: pi } = await create('{"amount": "4.00", "currency": "USD", "tokens": ["USDC"]}');
    const choose = (option) => checkedFetch(pi.checkoutUrl, {
      method: 'POST', redirect: 'manual', body: `option=${encodeURIComponent(option)}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
    });
    const read = async () => (await payd.request('GET', `/api/v1/payment-intents/${pi.id}`, { key: shop.read.key })).json;
    // The wallet's proof names the chain: none before the choice (409), then as usual.
    const message = () => payd.request('GET', `/public/integrations/${shop.integration.id}/intents/${pi.id}/sender-message?address=${PAYER.address}`,
      { headers: { Origin: 'https://shop.example' } });
    assertApiError(await message(), 409, 'intent_not_waiting');
    const refused = await choose('31337:ETH');
    assert.equal(refused.status, 400);
    assert.match(await refused.text(), /Choose how you want to pay/);
    assert.equal((await read()).chainId, null, 'nothing chosen');

    const chose = await choose('31337:USDC');
    assert.equal(chose.status, 303);
    assert.equal(chose.headers.get('location'), `/pay/${pi.id}`);
    const chosen = await read();
    assert.deepEqual([chosen.chainId, chosen.currency, chosen.amountUsd], [31337, 'USDC', '4.00']);
    assert.ok(BigInt(chosen.amount) > 4_000_000n, `${chosen.amount}: at least one unit above the price (DECISIONS §5 rule 1)`);
    const asked = await message();
    assert.equal(asked.status, 200, asked.text);
    assert.equal(asked.json.chainId, 31337);

    await chain.payUsdc(PAYOUT, BigInt(chosen.amount));
    await eventually(async () => (await read()).status !== 'CREATED', { what: 'the payment seen' });
    const late = await choose('31337:USDC');
    assert.equal(late.status, 303);
    assert.equal((await read()).amount, chosen.amount, 'the choice stands once money is seen');
  });

  test('with several integrations, integrationId says which', async () => {
    const second = payd.admin(['integration', 'create', '--tenant', shop.tenant.id, '--name', 'Second', '--chains', '31337',
      '--tokens', 'USDC', '--payout', '0x90F79bf6EB2c4f870365E785982E1f101E93b906', '--origins', 'https://shop.example']);
    assertApiError(await post('{"amount": "5", "currency": "USD"}'), 400, 'invalid_request', 'integrationId');
    const r = await create(JSON.stringify({ amount: '5', currency: 'USD', integrationId: second.id }));
    assert.equal(r.json.recipient, '0x90F79bf6EB2c4f870365E785982E1f101E93b906');
    assert.deepEqual(r.json.tokens, ['USDC']);
  });
});

describe('an asked intent never chosen', () => {
  let payd, shop;

  before(async () => {
    payd = await startPayd({ config: '[intents]\nlifetime_s = 2\n' });
    shop = createMerchant(payd);
  });
  after(() => payd?.close());

  test('expires by the clock, with one PAYMENT_EXPIRED event', async () => {
    const r = await payd.request('POST', '/v1/payment_intents', { key: shop.rw.key, body: { amount: '5.00', currency: 'USD' } });
    assert.equal(r.status, 201, r.text);
    const expired = await eventually(async () => {
      const pi = (await payd.request('GET', `/v1/payment_intents/${r.json.id}`, { key: shop.read.key })).json;
      return pi.status === 'expired' ? pi : null;
    }, { timeout: 20000, what: 'the unchosen intent expired' });
    assert.equal(expired.id, r.json.id);
    const events = await eventually(async () => {
      const list = (await payd.request('GET', '/api/v1/events', { key: shop.events.key })).json.data;
      const mine = list.filter((e) => e.data?.id === r.json.id);
      return mine.some((e) => e.type === 'PAYMENT_EXPIRED') ? mine : null;
    }, { what: 'its PAYMENT_EXPIRED event' });
    assert.deepEqual(events.map((e) => e.type).sort(), ['PAYMENT_CREATED', 'PAYMENT_EXPIRED']);
    const data = events.find((e) => e.type === 'PAYMENT_EXPIRED').data;
    assert.equal(data.status, 'EXPIRED');
    assert.equal(data.chainId, null);
    // Its page says so, and offers no choice; a late choice is not taken.
    const page = await checkedFetch(r.json.checkoutUrl, { headers: { Accept: 'text/html' } });
    const html = await page.text();
    assert.equal(page.status, 200);
    assert.match(html, /The time to pay has run out/);
    assert.doesNotMatch(html, /<form/);
    const late = await checkedFetch(r.json.checkoutUrl, {
      method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'option=31337%3AUSDC',
    });
    assert.equal(late.status, 303);
    assert.equal((await payd.request('GET', `/api/v1/payment-intents/${r.json.id}`, { key: shop.read.key })).json.chainId, null);
  });
});
