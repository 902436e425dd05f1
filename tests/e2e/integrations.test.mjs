// Integrations managed through the API (issue 17 item 2, DECISIONS §13): the account key
// creates, reads, changes, disables and enables them; a public key, whatever its scopes, may
// not (an integration says where the money goes). A changed payout address applies to intents
// created after the change, and an intent its payer was shown the old address for is still
// paid there, on a real chain. A disabled integration takes no new payments anywhere.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { eventually, PAYOUT } from './lib/chain.mjs';
import { assertApiError, createIntent, createMerchant, linkBody } from './lib/payd.mjs';
import { chainMerchantForSuite } from './lib/suite.mjs';

const NEW_PAYOUT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
// Addresses no other integration pays out to: what watches them is the moving integration alone.
const MOVING_FROM = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const MOVING_TO = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';

describe('integrations through the API', () => {
  let chain, payd, shop, account;
  const call = (method, path, { key = account.key, body, headers } = {}) => payd.request(method, path, { key, body, headers });
  const make = async (extra = {}) => {
    const r = await call('POST', '/api/v1/integrations', {
      body: { name: 'Pop-up store', chains: [31337], tokens: ['USDC'], payoutAddress: PAYOUT, origins: ['https://popup.example'], ...extra },
    });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };
  const auditOf = async (id) => (await call('GET', '/api/v1/audit-log?limit=100')).json.data.filter((a) => a.objectId === id);

  const suite = chainMerchantForSuite();
  before(() => ({ chain, payd, shop, account } = suite));

  test('the account key creates and reads an integration; the widget can use it at once', async () => {
    const i = await make({ tokens: ['USDC', 'ETH'], preferredToken: 'ETH', payoutAddress: PAYOUT.toLowerCase() });
    assert.match(i.id, /^int_[a-z2-7]+$/);
    assert.equal(i.publicId, i.id);
    assert.equal(i.payoutAddress, PAYOUT, 'kept in its EIP-55 form');
    assert.deepEqual(i.chains, [31337]);
    assert.deepEqual(i.tokens, ['USDC', 'ETH']);
    assert.equal(i.preferredToken, 'ETH');
    assert.equal(i.enabled, true);
    assert.equal(i.disabledAt, null);
    assert.deepEqual((await call('GET', `/api/v1/integrations/${i.id}`)).json, i);
    assert.ok((await call('GET', '/api/v1/integrations')).json.data.some((x) => x.id === i.id));
    const config = await payd.request('GET', `/public/integrations/${i.id}`, { headers: { Origin: 'https://popup.example' } });
    assert.equal(config.status, 200, config.text);
    assert.deepEqual(config.json.allowTokens, ['USDC', 'ETH']);
    const [entry] = await auditOf(i.id);
    assert.equal(entry.action, 'integration.create');
    assert.equal(entry.actor, account.id);
    assert.equal(entry.after.payoutAddress, PAYOUT);
  });

  test('only the account key: a public key with every scope is 403, an integration key 401', async () => {
    const all = shop.key('payments:read,payments:write,events:read,webhooks:write');
    const denied = await call('POST', '/api/v1/integrations', { key: all.key, body: { name: 'x', chains: [31337], tokens: ['USDC'], payoutAddress: PAYOUT } });
    assertApiError(denied, 403, 'insufficient_scope');
    assert.match(denied.json.error.message, /account key/);
    assertApiError(await call('GET', '/api/v1/integrations', { key: all.key }), 403, 'insufficient_scope');
    assertApiError(await call('PATCH', `/api/v1/integrations/${shop.integration.id}`, { key: all.key, body: { payoutAddress: NEW_PAYOUT } }), 403, 'insufficient_scope');
    const ik = payd.admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'w', '--kind', 'integration', '--integration', shop.integration.id]);
    assertApiError(await call('GET', '/api/v1/integrations', { key: ik.key }), 401, 'unauthorized');
    const other = createMerchant(payd, { name: 'Other' });
    const theirs = payd.admin(['key', 'create', '--tenant', other.tenant.id, '--name', 'a', '--kind', 'account']);
    assertApiError(await call('GET', `/api/v1/integrations/${shop.integration.id}`, { key: theirs.key }), 404, 'not_found');
    assertApiError(await call('PATCH', `/api/v1/integrations/${shop.integration.id}`, { key: theirs.key, body: { name: 'Mine now' } }), 404, 'not_found');
    assert.equal((await call('GET', `/api/v1/integrations/${shop.integration.id}`)).json.name, 'Shop web', 'untouched');
  });

  test('bad terms are a 400 naming the field, and nothing is stored or changed', async () => {
    const good = { name: 'x', chains: [31337], tokens: ['USDC'], payoutAddress: PAYOUT };
    const mixedCaseWrong = PAYOUT.slice(0, 2) + PAYOUT.slice(2).replace('C', 'c');
    const cases = [
      [{ ...good, name: '' }, 'name'], [{ ...good, name: 'n'.repeat(201) }, 'name'], [{ ...good, name: 7 }, 'name'],
      [{ ...good, chains: [] }, 'chains'], [{ ...good, chains: [1] }, 'chains'], [{ ...good, chains: [31337, 31337] }, 'chains'],
      [{ ...good, chains: ['31337'] }, 'chains'], [{ ...good, chains: 31337 }, 'chains'], [{ ...good, chains: [31337.5] }, 'chains'],
      [{ ...good, tokens: [] }, 'tokens'], [{ ...good, tokens: ['DAI'] }, 'tokens'], [{ ...good, tokens: ['usdc'] }, 'tokens'],
      [{ ...good, tokens: ['USDC', 'USDC'] }, 'tokens'], [{ ...good, payoutAddress: mixedCaseWrong }, 'payoutAddress'],
      [{ ...good, payoutAddress: '0x1234' }, 'payoutAddress'], [{ ...good, payoutAddress: undefined }, 'payoutAddress'],
      [{ ...good, origins: ['ftp://shop.example'] }, 'origins'], [{ ...good, origins: ['https://shop.example/path'] }, 'origins'],
      [{ ...good, origins: Array.from({ length: 101 }, (_, n) => `https://s${n}.example`) }, 'origins'],
      // A wildcard on a public suffix: anyone's site under it could embed the widget.
      [{ ...good, origins: ['*.com'] }, 'origins'], [{ ...good, origins: ['https://*.github.io'] }, 'origins'],
      [{ ...good, origins: ['*.co.uk'] }, 'origins'],
      [{ ...good, preferredToken: 'ETH' }, 'preferredToken'], [{ ...good, autoConversion: 'yes' }, 'autoConversion'],
      [{ ...good, allowChains: [31337] }, 'allowChains'],
    ];
    const count = async () => (await call('GET', '/api/v1/integrations?limit=100')).json.data.length;
    const before = await count();
    for (const [body, param] of cases) assertApiError(await call('POST', '/api/v1/integrations', { body }), 400, 'invalid_request', param);
    assert.equal(await count(), before);

    const id = shop.integration.id;
    const was = (await call('GET', `/api/v1/integrations/${id}`)).json;
    for (const [body, param] of [
      [{}, undefined], [{ payoutAddress: mixedCaseWrong }, 'payoutAddress'], [{ tokens: ['ETH'], preferredToken: 'USDC' }, 'preferredToken'],
      [{ name: null }, 'name'], [{ enabled: 'no' }, 'enabled'], [{ chains: [8453] }, 'chains'], [{ id: 'int_x' }, 'id'],
    ]) {
      assertApiError(await call('PATCH', `/api/v1/integrations/${id}`, { body }), 400, 'invalid_request', param);
    }
    assert.deepEqual((await call('GET', `/api/v1/integrations/${id}`)).json, was);
  });

  test('a new payout address applies to new intents; one shown the old address is still paid there', async () => {
    const i = await make({ name: 'Moving shop', tokens: ['USDC'], payoutAddress: MOVING_FROM });
    const origin = { origin: 'https://popup.example' };
    const old = (await createIntent(payd, i.id, { amount_usd: '6.00', currency: 'USDC', chainId: 31337 }, origin)).json;
    assert.equal(old.recipient, MOVING_FROM);

    const changed = await call('PATCH', `/api/v1/integrations/${i.id}`, { body: { payoutAddress: MOVING_TO } });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.json.payoutAddress, MOVING_TO);
    const fresh = (await createIntent(payd, i.id, { amount_usd: '6.00', currency: 'USDC', chainId: 31337 }, origin)).json;
    assert.equal(fresh.recipient, MOVING_TO, 'new intents pay the new address');
    assert.equal((await call('GET', `/api/v1/payment-intents/${old.id}`)).json.recipient, MOVING_FROM, 'the open one keeps its address');

    await chain.payUsdc(MOVING_FROM, BigInt(old.amount));
    await chain.payUsdc(MOVING_TO, BigInt(fresh.amount));
    for (const pi of [old, fresh]) {
      await eventually(async () => (await call('GET', `/api/v1/payment-intents/${pi.id}`)).json.status === 'PAID', { what: `${pi.id} PAID`, timeout: 20000 });
    }
    const [entry] = await auditOf(i.id);
    assert.equal(entry.action, 'integration.update');
    assert.equal(entry.before.payoutAddress, MOVING_FROM);
    assert.equal(entry.after.payoutAddress, MOVING_TO);
  });

  test('a disabled integration takes no new payments anywhere; enabled again, it does', async () => {
    const i = await make({ name: 'Seasonal' });
    const origin = { origin: 'https://popup.example' };
    const open = (await createIntent(payd, i.id, { amount_usd: '2.00', currency: 'USDC', chainId: 31337 }, origin)).json;
    const link = (await call('POST', '/api/v1/payment-links', { key: shop.rw.key, body: linkBody(i.id) })).json;

    const off = await call('PATCH', `/api/v1/integrations/${i.id}`, { body: { enabled: false } });
    assert.equal(off.json.enabled, false);
    assert.ok(off.json.disabledAt);
    assertApiError(await payd.request('GET', `/public/integrations/${i.id}`, { headers: { Origin: 'https://popup.example' } }), 404, 'not_found');
    assertApiError(await createIntent(payd, i.id, { amount_usd: '2.00', currency: 'USDC', chainId: 31337 }, origin), 404, 'not_found');
    assertApiError(await call('POST', '/api/v1/payment-links', { key: shop.rw.key, body: linkBody(i.id) }), 400, 'invalid_request', 'integrationId');
    assertApiError(await call('POST', '/v1/payment_intents', { key: shop.rw.key, body: { amount: '5.00', currency: 'USD', integrationId: i.id } }), 400, 'invalid_request', 'integrationId');
    const page = await fetch(`${payd.url}/pay/${link.id}`);
    assert.match(await page.text(), /no longer takes payments/);
    // What its payer was already shown is still paid.
    await chain.payUsdc(PAYOUT, BigInt(open.amount));
    await eventually(async () => (await call('GET', `/api/v1/payment-intents/${open.id}`)).json.status === 'PAID', { what: 'the open intent PAID', timeout: 20000 });

    const on = await call('PATCH', `/api/v1/integrations/${i.id}`, { body: { enabled: true } });
    assert.equal(on.json.enabled, true);
    assert.equal(on.json.disabledAt, null);
    assert.equal((await createIntent(payd, i.id, { amount_usd: '2.00', currency: 'USDC', chainId: 31337 }, origin)).status, 201);
    assert.deepEqual((await auditOf(i.id)).map((a) => a.action), ['integration.enable', 'integration.disable', 'integration.create']);
  });

  test('the CLI changes the same integration, in the audit log as cli', async () => {
    const i = await make({ name: 'Kiosk' });
    const updated = payd.admin(['integration', 'update', i.id, '--name', 'Kiosk 2', '--origins', 'https://kiosk.example']);
    assert.equal(updated.name, 'Kiosk 2');
    assert.deepEqual(updated.origins, ['https://kiosk.example']);
    assert.equal(payd.admin(['integration', 'disable', i.id]).enabled, false);
    const bad = payd.adminRaw(['integration', 'update', i.id, '--payout', '0x1234']);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /^error: --payout: /);
    assert.deepEqual((await auditOf(i.id)).map((a) => [a.action, a.actor]),
      [['integration.disable', 'cli'], ['integration.update', 'cli'], ['integration.create', account.id]]);
  });
});
