// The provider's own rules, without a server: options checked at start, payd's
// states mapped onto Medusa's (docs/plugins.md, step 4), webhooks verified as
// Standard Webhooks says (signed with the reference library here).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { createServer } from 'node:http';
import { PaydPaymentProviderService, sessionStateOf, validateOptions, verifyWebhook, webhookActionOf } from '../dist/index.js';

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
