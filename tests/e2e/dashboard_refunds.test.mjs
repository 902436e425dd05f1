// Refunds in the dashboard over HTTP as a browser sends them (issue 37 item 6), every answer held
// to docs/openapi.yaml: an admin refunds part of a confirmed transfer from its form (a bad amount
// is the form again, nothing made), makes the payer's link (shown once), downloads the Safe file
// once the payer gave an address, cancels; a viewer may read but not refund or cancel; another
// tenant's refund is not found.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, eventually, PAYER2, PAYOUT, startChain, USDC_ADDRESS } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { dashboardClient, PASSWORD } from './lib/dashboard.mjs';
import { createIntent, createMerchant, startPayd } from './lib/payd.mjs';

describe('dashboard refunds', () => {
  let chain, payd, shop, other, account, get, post, signIn, csrfOf, ana, viewer, payment;
  const refunds = async () => (await payd.request('GET', `/api/v1/refunds?paymentId=${payment.id}`, { key: account.key })).json.data;

  before(async () => {
    chain = await startChain();
    payd = await startPayd({ config: chainConfig(chain, { confirmations: 1 }) });
    shop = createMerchant(payd);
    other = createMerchant(payd, { name: 'Other' });
    account = payd.admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'backend', '--kind', 'account']);
    for (const [email, role] of [['ana@acme.example', 'admin'], ['vic@acme.example', 'viewer']]) {
      payd.admin(['user', 'create', '--tenant', shop.tenant.id, '--email', email, '--role', role, '--password-stdin'], { input: `${PASSWORD}\n` });
    }
    ({ get, post, signIn, csrfOf } = dashboardClient(payd));
    ana = await signIn('ana@acme.example');
    viewer = await signIn('vic@acme.example');
    const r = await createIntent(payd, shop.integration.id, { amount_usd: '8.00', currency: 'USDC', chainId: 31337 });
    const tx = await chain.payUsdc(PAYOUT, BigInt(r.json.amount));
    payment = await eventually(async () => {
      const list = (await payd.request('GET', '/api/v1/payments?limit=100', { key: shop.read.key })).json.data;
      const p = list.find((x) => x.txHash === tx.transactionHash);
      return p?.status === 'CONFIRMED' ? p : null;
    }, { what: 'the payment confirmed', timeout: 20000 });
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  test('an admin refunds part of a transfer; a bad amount is the form again and nothing is made', async () => {
    const form = `/dashboard/transfers/${payment.id}/refund`;
    const page = await get(form, ana);
    assert.equal(page.status, 200);
    const csrf = await csrfOf(ana, form);
    const bad = await post(form, { csrf, scope: 'part', amount: '2.1234567', reason: 'duplicate' }, { cookie: ana });
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /at most 6 decimals/);
    const over = await post(form, { csrf, scope: 'part', amount: '9', reason: 'duplicate' }, { cookie: ana });
    assert.equal(over.status, 400);
    assert.match(await over.text(), /cannot exceed what it paid/);
    assert.deepEqual(await refunds(), [], 'nothing made');

    const made = await post(form, { csrf, scope: 'part', amount: '2.5', reason: 'duplicate' }, { cookie: ana });
    assert.equal(made.status, 303, await made.text());
    const id = made.headers.get('location').split('/').pop();
    const [refund] = await refunds();
    assert.equal(refund.id, id);
    assert.equal(refund.amount, '2500000');
    assert.equal(refund.reason, 'duplicate');
    const audit = (await payd.request('GET', '/api/v1/audit-log?limit=100', { key: account.key })).json.data.find((a) => a.objectId === id);
    assert.equal(audit.action, 'refund.create');
    assert.match(audit.actor, /^user_/);

    // The payer's link, shown once; the Safe file once the address is known.
    assert.equal((await get(`/dashboard/refunds/${id}/safe-batch.json`, ana)).status, 404, 'no address yet');
    const linked = await post(`/dashboard/refunds/${id}/address-page`, { csrf: await csrfOf(ana, `/dashboard/refunds/${id}`) }, { cookie: ana });
    assert.equal(linked.status, 200);
    const url = (await linked.text()).match(/id="page-url" type="text" readonly value="([^"]+)"/)[1];
    const given = await payd.request('POST', new URL(url).pathname, {
      rawBody: new URLSearchParams({ address: PAYER2.address, address_again: PAYER2.address }).toString(),
      headers: { Accept: 'text/html', 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(given.status, 200);
    const file = await get(`/dashboard/refunds/${id}/safe-batch.json`, ana);
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-disposition'), `attachment; filename="payd-refund-${id}-safe-batch.json"`);
    const batch = await file.json();
    assert.deepEqual(batch.transactions.map((t) => t.to), [USDC_ADDRESS]);
    assert.equal(batch.meta.createdFromSafeAddress, PAYOUT);

    const list = await get('/dashboard/refunds?status=ready', ana);
    assert.equal(list.status, 200);
    assert.match(await list.text(), new RegExp(`/dashboard/refunds/${id}`));
    assert.doesNotMatch(await (await get('/dashboard/refunds?status=confirmed', ana)).text(), new RegExp(id));
  });

  test('a viewer reads refunds but may not refund or cancel; the admin cancels; another tenant gets 404', async () => {
    const [refund] = await refunds();
    assert.equal((await get(`/dashboard/refunds/${refund.id}`, viewer)).status, 200);
    const viewerPage = await (await get(`/dashboard/refunds/${refund.id}`, viewer)).text();
    assert.doesNotMatch(viewerPage, /Cancel refund/, 'no button a viewer cannot use');
    assert.equal((await get(`/dashboard/transfers/${payment.id}/refund`, viewer)).status, 403);
    const csrf = await csrfOf(viewer, `/dashboard/refunds/${refund.id}`);
    assert.equal((await post(`/dashboard/refunds/${refund.id}/cancel`, { csrf }, { cookie: viewer })).status, 403);
    assert.equal((await refunds())[0].status, 'ready', 'not canceled');

    const canceled = await post(`/dashboard/refunds/${refund.id}/cancel`, { csrf: await csrfOf(ana, `/dashboard/refunds/${refund.id}`) }, { cookie: ana });
    assert.equal(canceled.status, 303);
    assert.equal((await refunds())[0].status, 'canceled');

    payd.admin(['user', 'create', '--tenant', other.tenant.id, '--email', 'oz@other.example', '--role', 'owner', '--password-stdin'], { input: `${PASSWORD}\n` });
    const oz = await signIn('oz@other.example');
    assert.equal((await get(`/dashboard/refunds/${refund.id}`, oz)).status, 404);
    assert.equal((await get(`/dashboard/transfers/${payment.id}/refund`, oz)).status, 404);
  });
});
