// Webhook endpoints managed with a key (issue 17 item 2, DECISIONS §7, §12, §13): a shop's
// backend registers, changes, tests and removes where its webhooks go, without a shell on
// payd's server. /api/v1/webhook-endpoints (scope webhooks:write) and /v1/webhooks, whose
// endpoints get `data` in the /v1 shape and a signing secret of their own, shown once. Every
// delivery is checked by the reference `standardwebhooks` verifier in a real receiver, and
// every change is in the audit log (account key), never with a secret.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { Webhook } from 'standardwebhooks';

import { chainConfig, eventually, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { assertApiError, createIntent, createMerchant, linkBody, startPayd } from './lib/payd.mjs';
import { startReceiver } from './lib/receiver.mjs';

const CONFIG = '[webhooks]\nallow_private_targets = true\nretry_schedule_s = [1, 1, 1]\n';

describe('webhook endpoints through the API', () => {
  let chain, payd, shop, other, hooks, account, tenantSecret;
  const receivers = [];
  const receiver = async (secrets) => {
    const r = await startReceiver({ secrets });
    receivers.push(r);
    return r;
  };
  const call = (method, path, { key = hooks.key, body, headers } = {}) => payd.request(method, path, { key, body, headers });
  const audit = async () => (await call('GET', '/api/v1/audit-log?limit=100', { key: account.key })).json.data;

  before(async () => {
    chain = await startChain();
    payd = await startPayd({ config: CONFIG + chainConfig(chain, { confirmations: 1 }) });
    shop = createMerchant(payd);
    other = createMerchant(payd, { name: 'Other' });
    hooks = shop.key('webhooks:write');
    account = payd.admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'backend', '--kind', 'account']);
    tenantSecret = payd.admin(['webhook-secret', 'show', '--tenant', shop.tenant.id]).secret;
  });
  after(() => stopAll(() => payd?.close(), () => Promise.all(receivers.map((r) => r.close())), () => chain?.stop()));

  test('a payout address change is announced to the endpoints that subscribe to it (DECISIONS §13)', async () => {
    const r = await receiver([tenantSecret]);
    assert.equal((await call('POST', '/api/v1/webhook-endpoints', { body: { url: r.url, events: ['INTEGRATION_PAYOUT_CHANGED'] } })).status, 201);
    const before = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
    const after = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';
    const made = await call('POST', '/api/v1/integrations', {
      key: account.key,
      body: { name: 'Till', chains: [31337], tokens: ['USDC'], payoutAddress: before, origins: ['https://till.example'] },
    });
    assert.equal(made.status, 201, made.text);
    assert.equal((await call('PATCH', `/api/v1/integrations/${made.json.id}`, { key: account.key, body: { name: 'Till 2' } })).status, 200);
    assert.equal((await call('PATCH', `/api/v1/integrations/${made.json.id}`, { key: account.key, body: { payoutAddress: after } })).status, 200);
    const got = await eventually(() => r.of('INTEGRATION_PAYOUT_CHANGED')[0], { what: 'the payout change' });
    assert.ok(got.ok, 'verified with the account secret');
    assert.equal(got.payload.data.id, made.json.id);
    assert.equal(got.payload.data.payoutAddress, after);
    assert.equal(got.payload.data.previousPayoutAddress, before);
    assert.equal(got.payload.data.changedBy, account.id);
    // The account key's change applies as made: one step, nobody else decided it.
    assert.equal(got.payload.data.status, 'APPLIED');
    assert.equal(got.payload.data.newPayoutAddress, after);
    assert.equal(got.payload.data.effectiveAt, got.payload.data.changedAt);
    assert.equal(got.payload.data.decidedBy, null);
    assert.equal(r.deliveries.length, 1, 'a rename is not announced');
  });

  test('an endpoint made with a key receives what it subscribed to, signed with the account secret', async () => {
    const r = await receiver([tenantSecret]);
    const made = await call('POST', '/api/v1/webhook-endpoints', {
      body: { url: r.url, events: ['PAYMENT_LINK_CREATED'], description: 'Catalogue sync' },
    });
    assert.equal(made.status, 201, made.text);
    const e = made.json;
    assert.match(e.id, /^we_[a-z2-7]+$/);
    assert.equal(e.url, r.url);
    assert.deepEqual(e.events, ['PAYMENT_LINK_CREATED']);
    assert.equal(e.description, 'Catalogue sync');
    assert.equal(e.enabled, true);
    assert.equal(e.payloadShape, 'events');
    assert.equal(e.secret, null, 'it signs with the account secret');

    const link = (await payd.request('POST', '/api/v1/payment-links', { key: shop.rw.key, body: linkBody(shop.integration.id) })).json;
    await createIntent(payd, shop.integration.id, { amount_usd: '3.00', currency: 'USDC', chainId: 31337 });
    const got = await eventually(() => r.of('PAYMENT_LINK_CREATED').find((d) => d.payload.data.id === link.id), { what: 'the link event' });
    assert.ok(got.ok, 'verified with the account secret');
    assert.ok(r.deliveries.every((d) => d.payload.type === 'PAYMENT_LINK_CREATED'), 'only what it subscribed to');

    const listed = await call('GET', '/api/v1/webhook-endpoints');
    assert.equal(listed.status, 200, listed.text);
    assert.ok(listed.json.data.some((x) => x.id === e.id && !('secret' in x)));
    const one = await call('GET', `/api/v1/webhook-endpoints/${e.id}`);
    const { secret, ...view } = e;
    assert.equal(secret, null);
    assert.deepEqual(one.json, view);
  });

  test('an Idempotency-Key makes one endpoint; the same key with another body is 409', async () => {
    const r = await receiver([tenantSecret]);
    const headers = { 'Idempotency-Key': `we-${Date.now()}` };
    const first = await call('POST', '/api/v1/webhook-endpoints', { body: { url: r.url }, headers });
    const again = await call('POST', '/api/v1/webhook-endpoints', { body: { url: r.url }, headers });
    assert.equal(first.status, 201, first.text);
    assert.equal(again.status, 201, again.text);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.json.id, first.json.id);
    const all = (await call('GET', '/api/v1/webhook-endpoints?limit=100')).json.data;
    assert.equal(all.filter((x) => x.url === r.url).length, 1, 'one endpoint');
    assertApiError(await call('POST', '/api/v1/webhook-endpoints', { body: { url: `${r.url}?x=1` }, headers }), 409, 'idempotency_conflict', 'Idempotency-Key');
  });

  test('bad input is a 400 naming the field, and nothing is stored', async () => {
    const before = (await call('GET', '/api/v1/webhook-endpoints?limit=100')).json.data.length;
    const cases = [
      [{}, 'url'],
      [{ url: 42 }, 'url'],
      [{ url: 'ftp://shop.example/hooks' }, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{ url: 'https://user:pw@shop.example/hooks' }, 'url'],
      [{ url: 'http://127.0.0.1:9/h', events: [] }, 'events'],
      [{ url: 'http://127.0.0.1:9/h', events: ['PAYMENT_SHIPPED'] }, 'events'],
      [{ url: 'http://127.0.0.1:9/h', events: 'PAYMENT_CONFIRMED' }, 'events'],
      [{ url: 'http://127.0.0.1:9/h', events: [7] }, 'events'],
      [{ url: 'http://127.0.0.1:9/h', events: ['WEBHOOK_SENT'] }, 'events'],
      [{ url: 'http://127.0.0.1:9/h', description: 'x'.repeat(501) }, 'description'],
      [{ url: 'http://127.0.0.1:9/h', description: 5 }, 'description'],
      [{ url: 'http://127.0.0.1:9/h', payloadShape: 'xml' }, 'payloadShape'],
      [{ url: 'http://127.0.0.1:9/h', secret: 'whsec_mine' }, 'secret'],
    ];
    for (const [body, param] of cases) {
      assertApiError(await call('POST', '/api/v1/webhook-endpoints', { body }), 400, 'invalid_request', param);
    }
    assert.equal((await call('GET', '/api/v1/webhook-endpoints?limit=100')).json.data.length, before);
  });

  test('scopes: webhooks:write manages, events:read reads deliveries, the account key does all; another tenant sees 404', async () => {
    const e = (await call('POST', '/api/v1/webhook-endpoints', { body: { url: 'http://127.0.0.1:9/a' } })).json;
    const denied = await call('POST', '/api/v1/webhook-endpoints', { key: shop.rw.key, body: { url: 'http://127.0.0.1:9/b' } });
    assertApiError(denied, 403, 'insufficient_scope');
    assert.match(denied.json.error.message, /webhooks:write/);
    assertApiError(await call('GET', '/v1/webhooks', { key: shop.read.key }), 403, 'insufficient_scope');
    const ik = payd.admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'widget', '--kind', 'integration', '--integration', shop.integration.id]);
    assertApiError(await call('GET', '/api/v1/webhook-endpoints', { key: ik.key }), 401, 'unauthorized');
    assert.equal((await call('GET', `/api/v1/webhook-endpoints/${e.id}/deliveries`, { key: shop.events.key })).status, 200);
    assert.equal((await call('GET', `/api/v1/webhook-endpoints/${e.id}`, { key: account.key })).status, 200);
    const theirs = other.key('webhooks:write,events:read');
    for (const [method, path] of [['GET', `/api/v1/webhook-endpoints/${e.id}`], ['PATCH', `/api/v1/webhook-endpoints/${e.id}`],
      ['DELETE', `/api/v1/webhook-endpoints/${e.id}`], ['POST', `/api/v1/webhook-endpoints/${e.id}/test`],
      ['GET', `/api/v1/webhook-endpoints/${e.id}/deliveries`], ['DELETE', `/v1/webhooks/${e.id}`]]) {
      const body = method === 'PATCH' ? { enabled: false } : undefined;
      assertApiError(await call(method, path, { key: theirs.key, body }), 404, 'not_found');
    }
    assert.equal((await call('GET', `/api/v1/webhook-endpoints/${e.id}`)).json.enabled, true, 'untouched by the other tenant');
  });

  test('disable, enable, re-filter, test, redeliver and delete, each in the audit log', async () => {
    const r = await receiver([tenantSecret]);
    const e = (await call('POST', '/api/v1/webhook-endpoints', { body: { url: r.url, events: ['PAYMENT_CREATED'] } })).json;
    const patched = await call('PATCH', `/api/v1/webhook-endpoints/${e.id}`, { body: { enabled: false } });
    assert.equal(patched.status, 200, patched.text);
    assert.equal(patched.json.enabled, false);
    assert.match(patched.json.disabledReason, /request/);
    // A disabled endpoint cannot be tested, and takes no events.
    assertApiError(await call('POST', `/api/v1/webhook-endpoints/${e.id}/test`), 400, 'invalid_request');
    await createIntent(payd, shop.integration.id, { amount_usd: '4.00', currency: 'USDC', chainId: 31337 });

    const enabled = await call('PATCH', `/api/v1/webhook-endpoints/${e.id}`, { body: { enabled: true, events: null, description: 'All of it' } });
    assert.equal(enabled.json.enabled, true);
    assert.equal(enabled.json.events, null, 'every type again');
    assert.equal(enabled.json.disabledReason, null);
    const sent = await call('POST', `/api/v1/webhook-endpoints/${e.id}/test`);
    assert.equal(sent.status, 202, sent.text);
    const test1 = await eventually(() => r.deliveries.find((d) => d.id === sent.json.eventId), { what: 'the test event' });
    assert.equal(test1.payload.type, 'WEBHOOK_TEST');
    assert.ok(test1.ok);
    assert.ok(!r.deliveries.some((d) => d.payload.type === 'PAYMENT_CREATED'), 'nothing reached it while disabled');

    const log = await eventually(async () => {
      const d = (await call('GET', `/api/v1/webhook-endpoints/${e.id}/deliveries`, { key: shop.events.key })).json.data;
      return d.find((x) => x.eventId === sent.json.eventId && x.status === 'DELIVERED');
    }, { what: 'the delivery recorded' });
    const again = await call('POST', `/api/v1/webhooks/${log.id}/redeliver`);
    assert.equal(again.status, 202, again.text);
    assert.equal(again.json.eventId, sent.json.eventId);
    assert.notEqual(again.json.id, log.id);
    await eventually(() => r.deliveries.filter((d) => d.id === sent.json.eventId).length === 2, { what: 'the redelivery, same webhook-id' });
    assertApiError(await call('POST', `/api/v1/webhooks/${log.id}/redeliver`, { body: { now: true } }), 400, 'invalid_request', 'now');
    assertApiError(await call('POST', '/api/v1/webhooks/whd_nosuchdelivery/redeliver'), 404, 'not_found');

    const gone = await call('DELETE', `/api/v1/webhook-endpoints/${e.id}`);
    assert.deepEqual(gone.json, { id: e.id, deleted: true });
    assertApiError(await call('GET', `/api/v1/webhook-endpoints/${e.id}`), 404, 'not_found');
    assertApiError(await call('POST', `/api/v1/webhooks/${log.id}/redeliver`), 400, 'invalid_request');

    const entries = (await audit()).filter((a) => a.objectId === e.id || a.objectId === log.id);
    assert.deepEqual(entries.map((a) => a.action).reverse(), [
      'webhook_endpoint.create', 'webhook_endpoint.update', 'webhook_endpoint.update', 'webhook_endpoint.test',
      'webhook_delivery.redeliver', 'webhook_endpoint.delete']);
    assert.ok(entries.every((a) => a.actor === hooks.id), 'who: the key');
    const disabling = entries.find((a) => a.action === 'webhook_endpoint.update' && a.after.enabled === false);
    assert.equal(disabling.before.enabled, true);
    assert.equal(entries.find((a) => a.action === 'webhook_endpoint.delete').after, null);
  });

  test('/v1/webhooks: its own secret, shown once, and data in the /v1 shape', async () => {
    const made = await call('POST', '/v1/webhooks', { body: { url: 'http://127.0.0.1:9/placeholder' } });
    assert.equal(made.status, 201, made.text);
    assert.match(made.json.secret, /^whsec_/);
    assert.equal(made.json.payloadShape, 'v1');
    assert.equal((await call('DELETE', `/v1/webhooks/${made.json.id}`)).status, 200);

    // The receiver knows only the endpoint's own secret, as a shop would.
    const r = await receiver([]);
    const e = (await call('POST', '/v1/webhooks', { body: { url: r.url, events: ['PAYMENT_CREATED', 'PAYMENT_UNMATCHED'] } })).json;
    r.secrets = [e.secret];
    const listed = (await call('GET', '/v1/webhooks?limit=100')).json.data;
    assert.ok(listed.some((x) => x.id === e.id && !('secret' in x)), 'the list never shows a secret');

    const pi = (await createIntent(payd, shop.integration.id, { amount_usd: '5.00', currency: 'USDC', chainId: 31337 })).json;
    const got = await eventually(() => r.of('PAYMENT_CREATED').find((d) => d.payload.data.id === pi.id), { what: 'PAYMENT_CREATED' });
    assert.ok(got.ok, 'verified with the endpoint\'s own secret');
    assert.throws(() => new Webhook(tenantSecret).verify(got.body, got.headers), 'not signed with the account secret');
    assert.equal(got.payload.data.status, 'created', 'the /v1 shape: lowercase');
    assert.deepEqual(got.payload.data.chains, ['Localnet']);
    assert.equal(got.payload.data.createdVia, 'public');
    assert.ok(!('integrationId' in got.payload.data));

    // A payment in the /v1 shape: the /api/v1 one with its status in lower case.
    const stray = await chain.payUsdc(PAYOUT, 7n);
    const unmatched = await eventually(() => r.of('PAYMENT_UNMATCHED').find((d) => d.payload.data.txHash === stray.transactionHash),
      { what: 'PAYMENT_UNMATCHED' });
    assert.ok(unmatched.ok);
    const sent1 = unmatched.payload.data;
    const stored = (await payd.request('GET', `/api/v1/payments/${sent1.id}`, { key: shop.read.key })).json;
    assert.match(sent1.status, /^(pending|confirmed)$/);
    for (const field of ['id', 'intentId', 'chainId', 'chain', 'token', 'tokenAddress', 'amount', 'amountFormatted', 'txHash', 'logIndex', 'blockNumber', 'blockHash', 'senderAddress', 'recipient', 'createdAt']) {
      assert.deepEqual(sent1[field], stored[field], field);
    }

    // A rotation of the account secret leaves this endpoint's own secret alone.
    await call('POST', '/api/v1/webhook-secret/rotate', { key: account.key });
    const sent = await call('POST', `/api/v1/webhook-endpoints/${e.id}/test`);
    const t = await eventually(() => r.deliveries.find((d) => d.id === sent.json.eventId), { what: 'the test event' });
    assert.ok(t.ok);
    assert.equal(t.headers['webhook-signature'].split(' ').length, 1, 'one signature: its own');
    assert.equal((await call('DELETE', `/v1/webhooks/${e.id}`)).status, 200);
    assertApiError(await call('DELETE', `/v1/webhooks/${e.id}`), 404, 'not_found');
    assert.ok(!JSON.stringify(await audit()).includes(e.secret), 'the audit log never holds a secret');
  });

  test('the account secret: rotated by the account key only, both secrets sign for 24 h', async () => {
    const denied = await call('POST', '/api/v1/webhook-secret/rotate', { key: shop.key('payments:read,payments:write,events:read,webhooks:write').key });
    assertApiError(denied, 403, 'insufficient_scope');
    const old = payd.admin(['webhook-secret', 'show', '--tenant', shop.tenant.id]).secret;
    const rotated = await call('POST', '/api/v1/webhook-secret/rotate', { key: account.key });
    assert.equal(rotated.status, 200, rotated.text);
    assert.match(rotated.json.secret, /^whsec_/);
    const until = Date.parse(rotated.json.previousValidUntil) - Date.now();
    assert.ok(until > 23.9 * 3600e3 && until <= 24 * 3600e3, `${until} ms`);
    const r = await receiver([old, rotated.json.secret]);
    const e = (await call('POST', '/api/v1/webhook-endpoints', { body: { url: r.url } })).json;
    const sent = await call('POST', `/api/v1/webhook-endpoints/${e.id}/test`);
    const got = await eventually(() => r.deliveries.find((d) => d.id === sent.json.eventId), { what: 'the test event' });
    assert.ok(got.ok, 'verifies with the old secret and with the new one');
    const entry = (await audit()).find((a) => a.action === 'webhook_secret.rotate');
    assert.equal(entry.actor, account.id);
    assert.ok(!JSON.stringify(entry).includes(rotated.json.secret));
    assertApiError(await call('GET', '/api/v1/audit-log', { key: hooks.key }), 403, 'insufficient_scope');
  });

  test('what the operator does on the server is in the audit log as cli', async () => {
    const e = payd.admin(['webhook-endpoint', 'add', '--tenant', shop.tenant.id, '--url', 'http://127.0.0.1:9/cli']);
    payd.admin(['webhook-endpoint', 'disable', e.id]);
    const entries = (await audit()).filter((a) => a.objectId === e.id);
    assert.deepEqual(entries.map((a) => [a.action, a.actor]), [['webhook_endpoint.update', 'cli'], ['webhook_endpoint.create', 'cli']]);
    const theirs = (await payd.request('GET', '/api/v1/audit-log?limit=100', {
      key: payd.admin(['key', 'create', '--tenant', other.tenant.id, '--name', 'acct', '--kind', 'account']).key,
    })).json.data;
    assert.ok(!theirs.some((a) => a.objectId === e.id), 'another tenant never sees it');
  });
});
