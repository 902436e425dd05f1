// The provider's own rules, without a server: options checked at start, payd's
// states mapped onto Medusa's (docs/plugins.md, step 4), webhooks verified as
// Standard Webhooks says (signed with the reference library here).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { createServer } from 'node:http';
import { cartAmount, minorUnitsOf, PaydPaymentProviderService, sessionStateOf, validateOptions, verifyWebhook, webhookActionOf } from '../dist/index.js';

const GOOD = { url: 'https://pay.example.com/', apiKey: 'svc_ak_test_abc123', webhookSecret: 'whsec_' + Buffer.from('k'.repeat(32)).toString('base64') };

describe('options', () => {
  test('good options are read, the URL without its trailing slash, the store "medusa" by default', () => {
    assert.deepEqual(validateOptions(GOOD), { ...GOOD, url: 'https://pay.example.com', storeId: 'medusa' });
    assert.equal(validateOptions({ ...GOOD, storeId: 'eu-shop' }).storeId, 'eu-shop');
  });
  for (const [name, value, words] of [
    ['url', undefined, 'option "url" is required'],
    ['url', 'pay.example.com', 'option "url" must be payd\'s base address'],
    ['url', 'ftp://pay.example.com', 'option "url" must be an http(s) URL'],
    ['url', 'https://pay.example.com/?x=1', 'must not have a query'],
    ['apiKey', '', 'option "apiKey" is required'],
    ['apiKey', 'sk_live_123', 'option "apiKey" must be a payd API key'],
    ['webhookSecret', 'secret', 'option "webhookSecret" must be the endpoint\'s signing secret'],
    ['storeId', '  ', 'option "storeId" is required'],
  ]) {
    test(`${name} = ${JSON.stringify(value)} is refused, naming the option`, () => {
      assert.throws(() => validateOptions({ ...GOOD, [name]: value }), (e) => e.message.includes(words));
    });
  }
});

const intent = (over = {}) => ({ id: 'pi_abc', status: 'created', amount: '42.50', currency: 'USD', metadata: {}, ...over });

describe('states', () => {
  // The expected mapping is docs/plugins.md's table.
  for (const [paydState, status, action] of [
    [{ status: 'created' }, 'pending', 'not_supported'],
    [{ status: 'pending' }, 'pending', 'pending'],
    [{ status: 'pending', exception: 'underpaid' }, 'pending', 'pending'],
    [{ status: 'paid' }, 'captured', 'captured'],
    [{ status: 'paid', exception: 'overpaid' }, 'requires_more', 'requires_more'],
    [{ status: 'paid', exception: 'paid_late' }, 'requires_more', 'requires_more'],
    [{ status: 'paid', exception: 'reversed_after_confirmation' }, 'requires_more', 'requires_more'],
    [{ status: 'failed', exception: 'underpaid' }, 'requires_more', 'requires_more'],
    [{ status: 'expired' }, 'canceled', 'canceled'],
    [{ status: 'paid', exception: 'overpaid', resolution: { outcome: 'paid', note: 'ok' } }, 'captured', 'captured'],
    [{ status: 'failed', exception: 'underpaid', resolution: { outcome: 'not_paid', note: '' } }, 'canceled', 'canceled'],
  ]) {
    test(`${JSON.stringify(paydState)}: the session ${status}`, () => {
      const i = intent(paydState);
      assert.equal(sessionStateOf(i).status, status);
      const type = { created: 'PAYMENT_CREATED', pending: 'PAYMENT_PENDING', paid: 'PAYMENT_CONFIRMED', failed: 'PAYMENT_FAILED', expired: 'PAYMENT_EXPIRED' }[i.status];
      assert.equal(webhookActionOf(i.resolution ? 'PAYMENT_RESOLVED' : type, i), action);
    });
  }
  test('an irregular payment always says what the merchant must decide', () => {
    for (const exception of ['overpaid', 'paid_late', 'reversed_after_confirmation']) {
      assert.match(sessionStateOf(intent({ status: 'paid', exception })).attention, /decide in payd/);
    }
  });
});

describe('webhooks', () => {
  const body = JSON.stringify({ type: 'PAYMENT_CONFIRMED', timestamp: new Date().toISOString(), data: intent({ status: 'paid' }) });
  const signed = (secret = GOOD.webhookSecret, at = new Date(), id = 'evt_1') => ({
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  });
  test('a delivery signed with the secret is read: its id, type and intent', () => {
    const event = verifyWebhook(GOOD.webhookSecret, signed(), body);
    assert.equal(event.id, 'evt_1');
    assert.equal(event.type, 'PAYMENT_CONFIRMED');
    assert.equal(event.intent.id, 'pi_abc');
  });
  test('another secret, a changed body, or a delivery 10 minutes old is refused', () => {
    const other = 'whsec_' + Buffer.from('x'.repeat(32)).toString('base64');
    assert.throws(() => verifyWebhook(GOOD.webhookSecret, signed(other), body), /refused/);
    assert.throws(() => verifyWebhook(GOOD.webhookSecret, signed(), body.replace('42.50', '4.50')), /refused/);
    assert.throws(() => verifyWebhook(GOOD.webhookSecret, signed(GOOD.webhookSecret, new Date(Date.now() - 600_000)), body), /refused/);
    assert.throws(() => verifyWebhook(GOOD.webhookSecret, {}, body), /refused/);
  });
});

// A server standing in for payd: `answer(req, body)` gives [status, JSON, headers];
// the bodies asked are kept in `asked`.
async function standIn(answer) {
  const asked = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (d) => (text += d));
    req.on('end', () => {
      const body = text ? JSON.parse(text) : null;
      asked.push(body);
      const [status, json, headers = {}] = answer(req, body);
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    asked,
    provider: new PaydPaymentProviderService({}, { ...GOOD, url: `http://127.0.0.1:${server.address().port}` }),
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}
// payd's answer to a good ask: the intent, for what was asked.
const created = (body) => [201, { id: 'pi_abc', status: 'created', amount: body.amount, currency: body.currency, metadata: body.metadata, checkoutUrl: 'http://x/pay/pi_abc', createdVia: 'api' }];

describe("amounts in the cart's currency", () => {
  test("a currency's minor units are ISO 4217's, as ICU knows them", () => {
    assert.deepEqual(['USD', 'EUR', 'JPY', 'BHD'].map(minorUnitsOf), [2, 2, 0, 3]);
  });
  // The expected strings are written by hand: the amount with the currency's
  // minor units; more digits than those passed as they are (payd refuses
  // them), never rounded, never through a floating-point sum.
  for (const [amount, currency, expected] of [
    [42.5, 'USD', '42.50'],
    [25, 'EUR', '25.00'],
    ['42.5', 'EUR', '42.50'],
    [19.99, 'EUR', '19.99'],
    ['0.1', 'EUR', '0.10'],
    ['123456789012345678.9', 'EUR', '123456789012345678.90'],
    ['19.999', 'EUR', '19.999'],
    [3000, 'JPY', '3000'],
    ['3000.00', 'JPY', '3000'],
    ['12.5', 'JPY', '12.5'],
    [5.125, 'BHD', '5.125'],
    ['5.1', 'BHD', '5.100'],
    [7, 'BHD', '7.000'],
    ['1.0005', 'BHD', '1.0005'],
  ]) {
    test(`${JSON.stringify(amount)} ${currency} is "${expected}"`, () => {
      assert.equal(cartAmount(amount, currency), expected);
    });
  }
  test('a currency code that is not three letters is refused before payd is asked', () => {
    assert.throws(() => cartAmount(5, 'EURO'), (e) => e.type === 'invalid_data' && /"EURO" is not an ISO 4217 currency code/.test(e.message));
  });

  test("the session asks payd for the cart's amount in the cart's currency, upper-cased", async () => {
    const payd = await standIn((req, body) => created(body));
    try {
      for (const [amount, code, expected] of [[25, 'eur', ['25.00', 'EUR']], [3000, 'jpy', ['3000', 'JPY']], [5.125, 'bhd', ['5.125', 'BHD']]]) {
        const started = await payd.provider.initiatePayment({ amount, currency_code: code, data: { session_id: `payses_${code}` } });
        const asked = payd.asked.at(-1);
        assert.deepEqual([asked.amount, asked.currency], expected);
        assert.deepEqual([started.data.amount, started.data.currency], expected);
      }
    } finally {
      payd.close();
    }
  });

  test("a currency payd does not price is refused with payd's message, which names those it does", async () => {
    const message = "currency must be a currency payd prices in (EUR, USD) or one of this integration's tokens (CHF is neither).";
    const payd = await standIn(() => [400, { error: { code: 'invalid_request', message, param: 'currency', requestId: 'req_x' } }]);
    try {
      await assert.rejects(payd.provider.initiatePayment({ amount: 25, currency_code: 'chf', data: { session_id: 'payses_chf' } }), (e) => {
        assert.equal(e.type, 'invalid_data');
        assert.equal(e.message, `payd: carts in CHF cannot be paid with payd: ${message}`);
        return true;
      });
      assert.deepEqual([payd.asked[0].amount, payd.asked[0].currency], ['25.00', 'CHF']);
    } finally {
      payd.close();
    }
  });

  test('a currency whose rate is unavailable now is worth trying again, as payd says', async () => {
    const message = 'No usable rate for EUR';
    const payd = await standIn(() => [503, { error: { code: 'unavailable', message, requestId: 'req_x' } }, { 'Retry-After': '60' }]);
    try {
      await assert.rejects(payd.provider.initiatePayment({ amount: 25, currency_code: 'eur', data: { session_id: 'payses_503' } }), (e) => {
        assert.equal(e.type, 'unexpected_state');
        assert.equal(e.message, `payd: carts in EUR cannot be priced now (${message}); try again in 60 s`);
        return true;
      });
    } finally {
      payd.close();
    }
  });

  test("a refund is asked in the session's currency, with its minor units; one without a payment or a currency is refused before payd is asked", async () => {
    // What refundPayment sends payd as /v1/refunds' amount (provider.test.mjs sends it to a real payd).
    for (const [amount, currency, written] of [[5, 'EUR', '5.00'], [500, 'JPY', '500'], ['1.5', 'BHD', '1.500']]) {
      assert.equal(cartAmount(amount, currency), written);
    }
    const provider = new PaydPaymentProviderService({}, GOOD);  // pay.example: never reached
    const paid = { intentId: 'pi_abc', txHash: '0x' + 'a'.repeat(64), token: 'USDC', chain: 'Base' };
    await assert.rejects(provider.refundPayment({ amount: 5, data: paid }), /does not say its currency/);
    await assert.rejects(provider.refundPayment({ amount: 5, data: { intentId: 'pi_abc', currency: 'EUR' } }), /shows no payment to refund/);
  });
});

describe('a payd that answers for another amount', () => {
  // A fault no real payd produces (it answers for what was asked): a server
  // standing in for it, to show the provider never takes such an intent.
  test("the session is refused, naming both amounts, and nothing is stored", async () => {
    const server = createServer((req, res) => {
      res.writeHead(201, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ id: 'pi_abc', status: 'created', amount: '1.00', currency: 'USD', metadata: {}, checkoutUrl: 'http://x/pay/pi_abc' }));
    });
    await new Promise((r) => server.listen(0, '127.0.0.1', r));
    try {
      const provider = new PaydPaymentProviderService({}, { ...GOOD, url: `http://127.0.0.1:${server.address().port}` });
      await assert.rejects(provider.initiatePayment({ amount: 42.5, currency_code: 'usd', data: { session_id: 'payses_1' } }),
        /intent pi_abc is for 1.00 USD, the cart for 42.50 USD/);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('the returnUrl option', () => {
  test('a URL with {cart_id} and {session_id} is kept as written', () => {
    const returnUrl = 'https://shop.example/order/confirmed?cart={cart_id}&s={session_id}';
    assert.equal(validateOptions({ ...GOOD, returnUrl }).returnUrl, returnUrl);
    assert.equal(validateOptions(GOOD).returnUrl, undefined, 'none by default');
  });
  for (const [value, words] of [
    ['/order/confirmed', 'option "returnUrl" must be an absolute URL'],
    ['ftp://shop.example/x', 'option "returnUrl" must be an http(s) URL with a host'],
    ['https://shop.example/{order_id}', 'option "returnUrl" has {order_id}: only {cart_id} and {session_id} are replaced'],
    ['', 'option "returnUrl" is required'],
  ]) {
    test(`returnUrl = ${JSON.stringify(value)} is refused, naming the option`, () => {
      assert.throws(() => validateOptions({ ...GOOD, returnUrl: value }), (e) => e.message.includes(words));
    });
  }
});
