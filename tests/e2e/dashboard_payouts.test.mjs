// Payouts in the dashboard over HTTP as a browser sends them (issue 37 item 5), every answer held
// to docs/openapi.yaml: an admin uploads a CSV (a header row, a quoted reference holding a comma,
// amounts in the token's units); a CSV with one bad row is the form again naming that row, and
// nothing is made; the payout's page lists the transfers and gives the Safe file; a viewer reads
// but may neither prepare nor cancel; the admin cancels; another tenant's payout is not found.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chainConfig, PAYER, PAYER2, PAYOUT, startChain, USDC_ADDRESS } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { dashboardClient, PASSWORD } from './lib/dashboard.mjs';
import { createMerchant, startPayd } from './lib/payd.mjs';

describe('dashboard payouts', () => {
  let chain, payd, shop, other, account, get, post, signIn, csrfOf, ana, viewer;
  const payouts = async (key = account.key) => (await payd.request('GET', '/api/v1/payouts', { key })).json.data;
  const form = '/dashboard/payouts/new';
  const csv = [
    'recipient,amount,reference',
    `${PAYER.address},12.50,"INV-1, October"`,
    `${PAYER2.address},0.000001,`,
    '',
  ].join('\r\n');

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
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  test('an admin prepares a payout from a CSV; a bad row is the form again naming it, and nothing is made', async () => {
    const page = await get(form, ana);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<option value="31337:USDC"[^>]*>USDC on Localnet<\/option>/);
    const csrf = await csrfOf(ana, form);
    const fields = { csrf, name: 'October affiliates', asset: '31337:USDC', from: '', csv };

    const cases = [
      [{ csv: csv.replace('12.50', '12.5000001') }, /Row 2: The amount is a positive amount of USDC with at most 6 decimals/],
      [{ csv: csv.replace(PAYER2.address, '0x1234') }, /Row 3: The recipient is an address/],
      [{ csv: `${csv}${PAYOUT},1,self\r\n` }, /Row 4: 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC is the address that sends the payout/],
      [{ csv: `${PAYER.address},1,"open quote\r\n` }, /This is not CSV/],
      [{ csv: `${PAYER.address}\t1\r\n` }, /Row 1 has 1 column:/],
      [{ csv: `${csv}${USDC_ADDRESS},1\r\n` }, /Row 4: .* is the USDC contract itself/],
      [{ asset: '1:USDC' }, /Choose the token and chain/],
      [{ name: '' }, /name says what the payout is for/i],
    ];
    for (const [change, message] of cases) {
      const r = await post(form, { ...fields, ...change }, { cookie: ana });
      assert.equal(r.status, 400, JSON.stringify(change));
      assert.match(await r.text(), message, JSON.stringify(change));
    }
    assert.deepEqual(await payouts(), [], 'nothing made');

    const made = await post(form, fields, { cookie: ana });
    assert.equal(made.status, 303, await made.text());
    const id = made.headers.get('location').split('/').pop();
    const one = (await payd.request('GET', `/api/v1/payouts/${id}`, { key: account.key })).json;
    assert.equal(one.name, 'October affiliates');
    assert.equal(one.from, PAYOUT);
    assert.deepEqual(one.lines.map((l) => [l.to, l.amount, l.reference]), [
      [PAYER.address, '12500000', 'INV-1, October'],
      [PAYER2.address, '1', null],
    ]);
    const audit = (await payd.request('GET', '/api/v1/audit-log?limit=100', { key: account.key })).json.data.find((a) => a.objectId === id);
    assert.equal(audit.action, 'payout.create');

    const shown = await get(`/dashboard/payouts/${id}`, viewer);
    assert.equal(shown.status, 200);
    const text = await shown.text();
    assert.match(text, /INV-1, October/);
    assert.match(text, /Send transfer 1 with your browser wallet/);
    const file = await get(`/dashboard/payouts/${id}/safe-batch.json`, viewer);
    assert.equal(file.status, 200);
    const batch = await file.json();
    assert.equal(batch.transactions.length, 2);
    assert.equal(batch.transactions[0].to, USDC_ADDRESS);
    assert.equal(batch.meta.createdFromSafeAddress, PAYOUT);
    const list = await get('/dashboard/payouts', viewer);
    assert.match(await list.text(), /October affiliates/);

    // A spreadsheet's export where the comma is the decimal mark.
    const european = await post(form, { ...fields, name: 'Semicolons', csv: `Empfänger;Betrag;Referenz\r\n${PAYER.address};12,50;"R; 1"\r\n` }, { cookie: ana });
    assert.equal(european.status, 303, await european.text());
    const semi = (await payd.request('GET', `/api/v1/payouts/${european.headers.get('location').split('/').pop()}`, { key: account.key })).json;
    assert.deepEqual(semi.lines.map((l) => [l.amount, l.reference]), [['12500000', 'R; 1']]);
  });

  test('a viewer may neither prepare nor cancel; the admin cancels; another tenant does not see it', async () => {
    const made = (await payouts()).find((p) => p.name === 'October affiliates');
    assert.equal((await get(form, viewer)).status, 403);
    const csrf = await csrfOf(viewer, `/dashboard/payouts/${made.id}`);
    const refused = await post(`/dashboard/payouts/${made.id}/cancel`, { csrf }, { cookie: viewer });
    assert.equal(refused.status, 403);
    const status = async () => (await payouts()).find((p) => p.id === made.id).status;
    assert.equal(await status(), 'open');

    const adminCsrf = await csrfOf(ana, `/dashboard/payouts/${made.id}`);
    const canceled = await post(`/dashboard/payouts/${made.id}/cancel`, { csrf: adminCsrf }, { cookie: ana });
    assert.equal(canceled.status, 303);
    assert.equal(await status(), 'canceled');
    assert.equal((await get(`/dashboard/payouts/${made.id}/safe-batch.json`, ana)).status, 404, 'nothing left to sign');

    const stranger = payd.admin(['user', 'create', '--tenant', other.tenant.id, '--email', 'zoe@other.example', '--role', 'owner', '--password-stdin'], { input: `${PASSWORD}\n` });
    assert.ok(stranger);
    const zoe = await signIn('zoe@other.example');
    assert.equal((await get(`/dashboard/payouts/${made.id}`, zoe)).status, 404);
    assert.deepEqual(await payouts(other.read.key), []);
  });
});
