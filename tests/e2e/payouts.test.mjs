// Payouts and refunds from a Safe (issue 37 items 5 and 7), on a real chain:
// the merchant's payout address is a real Safe (Safe's v1.4.1 contracts from
// npm, deployed on anvil), and what payd prepares is executed through Safe's
// own SDK (protocol-kit), one MultiSend for a whole batch, the way a business
// loads payd's file in the Safe Transaction Builder. payd then proves each
// line on chain: the ERC-20 Transfer logs the Safe emits, and for the native
// coin the calls inside the owner's transaction (trace_internal).
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { getAddress, keccak256, parseEther, parseUnits, toHex } from 'viem';

import { chainConfig, eventually, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { assertApiError, createIntent, createMerchant, startPayd } from './lib/payd.mjs';
import { startReceiver } from './lib/receiver.mjs';
import { deploySafe, deploySafeContracts, executeSafeBatch } from './lib/safe.mjs';

// anvil's account #2 (PAYOUT), a public test key: the Safe's only owner.
const OWNER_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';

// The i-th of a list of distinct recipients nobody else uses.
const recipient = (tag, i) => getAddress(keccak256(toHex(`${tag}-${i}`)).slice(0, 42));

describe('payouts and refunds from a Safe', () => {
  let chain, payd, shop, account, receiver, safes, safe;
  const api = (method, path, body, key = account.key, headers = {}) => payd.request(method, path, { key, body, headers });
  const payout = async (id) => (await api('GET', `/api/v1/payouts/${id}`)).json;
  const waitPayout = (id, check, what) => eventually(async () => {
    const p = await payout(id);
    return check(p) ? p : null;
  }, { what, timeout: 30000 });
  const hooks = (type, payoutId) => receiver.deliveries
    .filter((d) => d.ok && d.payload.type === type && (d.payload.data.payoutId ?? d.payload.data.id) === payoutId);
  // Executes the payout's Safe Transaction Builder file through the Safe, then
  // mines the block that gives its transfers their second confirmation.
  async function executeFile(path) {
    const file = await api('GET', path);
    assert.equal(file.status, 200, file.text);
    assert.equal(file.json.chainId, '31337');
    assert.equal(file.json.meta.createdFromSafeAddress, safe);
    const { hash } = await executeSafeBatch(chain, safes, { safeAddress: safe, ownerKeys: [OWNER_KEY], transactions: file.json.transactions });
    await chain.mine(1);
    return hash;
  }

  before(async () => {
    chain = await startChain();
    safes = await deploySafeContracts(chain);
    safe = await deploySafe(chain, safes, { owners: [PAYOUT], ownerKey: OWNER_KEY });
    payd = await startPayd({
      config: `[webhooks]\nallow_private_targets = true\n${chainConfig(chain, { confirmations: 2, extra: 'trace_internal = true' })}`,
    });
    shop = createMerchant(payd, { payout: safe });
    account = payd.admin(['key', 'create', '--tenant', shop.tenant.id, '--name', 'backend', '--kind', 'account']);
    receiver = await startReceiver({ secrets: [payd.admin(['webhook-secret', 'show', '--tenant', shop.tenant.id]).secret] });
    payd.admin(['webhook-endpoint', 'add', '--tenant', shop.tenant.id, '--url', receiver.url]);
    // What the Safe holds: the merchant's takings.
    await chain.call(chain.usdc, 'mint', [safe, parseUnits('10000', 6)]);
    await chain.rpc('anvil_setBalance', [safe, toHex(parseEther('10'))]);
  });
  after(() => stopAll(() => payd?.close(), () => receiver?.close(), () => chain?.stop()));

  test('a payout of 20 lines, executed as one Safe MultiSend from the file payd prepared: every line confirmed, the payout completed', async (t) => {
    const lines = Array.from({ length: 20 }, (_, i) => ({
      to: recipient('seller', i), amount: String(1_000_000 + i * 10_000), reference: `INV-${100 + i}`,
    }));
    const made = await api('POST', '/api/v1/payouts', { name: 'November sellers', chainId: 31337, token: 'USDC', lines }, account.key, { 'Idempotency-Key': 'payout-nov' });
    assert.equal(made.status, 201, made.text);
    const p0 = made.json;
    assert.match(p0.id, /^po_/);
    assert.equal(p0.status, 'open');
    assert.equal(p0.from, safe, 'the only payout address taking USDC on the chain sends it');
    assert.equal(p0.lineCount, 20);
    // 20 × 1 USDC + 0.01 × (0 + 1 + ... + 19)
    assert.equal(p0.total, String(20_000_000 + 10_000 * 190));
    assert.equal(p0.totalFormatted, '21.9');
    p0.lines.forEach((line, i) => {
      assert.match(line.id, /^pol_/);
      assert.equal(line.status, 'ready');
      assert.equal(line.to, lines[i].to);
      assert.equal(line.reference, lines[i].reference);
      assert.equal(line.transfer.from, safe);
      assert.equal(line.transfer.to, chain.usdc.address);
    });
    // The same key again answers the same payout; nothing new is made.
    const again = await api('POST', '/api/v1/payouts', { name: 'November sellers', chainId: 31337, token: 'USDC', lines }, account.key, { 'Idempotency-Key': 'payout-nov' });
    assert.equal(again.status, 201, again.text);
    assert.equal(again.json.id, p0.id);
    assert.equal((await api('GET', '/api/v1/payouts')).json.data.filter((p) => p.name === 'November sellers').length, 1);

    const before = await Promise.all(lines.map((l) => chain.client.readContract({ address: chain.usdc.address, abi: chain.usdc.abi, functionName: 'balanceOf', args: [l.to] })));
    assert.ok(before.every((b) => b === 0n));
    const hash = await executeFile(`/api/v1/payouts/${p0.id}/safe-batch`);

    const done = await waitPayout(p0.id, (p) => p.status === 'completed', 'every line confirmed');
    assert.equal(done.confirmedCount, 20);
    assert.ok(done.completedAt);
    for (const [i, line] of done.lines.entries()) {
      assert.equal(line.status, 'confirmed', `line ${i + 1}`);
      assert.equal(line.txHash, hash, 'one transaction carried every line');
      assert.ok(line.confirmations >= 2);
      assert.equal(line.transfer, null, 'nothing left to sign');
      const balance = await chain.client.readContract({ address: chain.usdc.address, abi: chain.usdc.abi, functionName: 'balanceOf', args: [line.to] });
      assert.equal(balance, BigInt(lines[i].amount));
    }
    // Nothing waits any more: no file to sign.
    assertApiError(await api('GET', `/api/v1/payouts/${p0.id}/safe-batch`), 400, 'invalid_request');
    await eventually(() => hooks('PAYOUT_COMPLETED', p0.id).length === 1 && hooks('PAYOUT_LINE_CONFIRMED', p0.id).length === 20,
      { what: 'the payout\'s webhooks', timeout: 20000 });
    assert.equal(hooks('PAYOUT_CREATED', p0.id).length, 1);
    assert.equal(hooks('PAYOUT_LINE_SENT', p0.id).length, 20);
    const receipt = await chain.client.getTransactionReceipt({ hash });
    t.diagnostic(`payout ${p0.id}: 20 lines, ${done.totalFormatted} USDC from the Safe ${safe} in one transaction ${hash} (block ${receipt.blockNumber}, gas ${receipt.gasUsed}, ${receipt.logs.length} logs); events ${['PAYOUT_CREATED', 'PAYOUT_LINE_SENT', 'PAYOUT_LINE_CONFIRMED', 'PAYOUT_COMPLETED'].map((type) => `${type} ×${hooks(type, p0.id).length}`).join(', ')}`);
    const created = hooks('PAYOUT_CREATED', p0.id)[0].payload.data;
    assert.equal(created.lineCount, 20);
    assert.equal(created.lines, undefined, 'a payout\'s event carries no lines: each has its own');
  });

  test('a refund of a payment the Safe received, sent through the Safe from the refund\'s file', async (t) => {
    const intent = await createIntent(payd, shop.integration.id, { amount_usd: '7.00', currency: 'USDC', chainId: 31337 });
    assert.equal(intent.status, 201, intent.text);
    const paid = await chain.payUsdc(safe, BigInt(intent.json.amount));
    await chain.mine(1);
    const payment = await eventually(async () => {
      const p = (await api('GET', '/api/v1/payments?limit=100')).json.data.find((x) => x.txHash === paid.transactionHash);
      return p?.status === 'CONFIRMED' ? p : null;
    }, { what: 'the payment to the Safe confirmed', timeout: 20000 });

    const made = await api('POST', `/api/v1/payments/${payment.id}/refunds`, { amount: '2500000', reason: 'requested_by_customer' });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.json.from, safe);
    const page = await api('POST', `/api/v1/refunds/${made.json.id}/address-page`);
    assert.equal(page.status, 201, page.text);
    const to = recipient('payer', 1);
    const form = await payd.request('POST', new URL(page.json.url).pathname, {
      rawBody: new URLSearchParams({ address: to, address_again: to }).toString(),
      headers: { Accept: 'text/html', 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(form.status, 200, form.text);

    const hash = await executeFile(`/api/v1/refunds/${made.json.id}/safe-batch`);
    const refund = await eventually(async () => {
      const r = (await api('GET', `/api/v1/refunds/${made.json.id}`)).json;
      return r.status === 'confirmed' ? r : null;
    }, { what: 'the refund from the Safe confirmed', timeout: 20000 });
    assert.equal(refund.txHash, hash);
    assert.equal((await api('GET', `/api/v1/payments/${payment.id}`)).json.amountRefunded, '2500000');
    const events = (await api('GET', '/api/v1/events')).json.data.filter((e) => e.data?.id === refund.id).reverse();
    t.diagnostic(`refund ${refund.id} of payment ${payment.id} (tx ${paid.transactionHash}): ${events.map((e) => `${e.type}${e.data.txHash ? ` ${e.data.txHash}` : ''}`).join(' → ')}`);
  });

  test('native coin paid out by the Safe (calls inside its owner\'s transaction, no transaction of its own) is seen and confirmed', async () => {
    const lines = [0, 1, 2].map((i) => ({ to: recipient('eth', i), amount: String(parseEther('0.01') * BigInt(i + 1)) }));
    const made = await api('POST', '/api/v1/payouts', { name: 'Gas refills', chainId: 31337, token: 'ETH', lines });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.json.lines[0].transfer.to, lines[0].to, 'a native send goes to its recipient');
    assert.equal(made.json.lines[0].transfer.value, lines[0].amount);
    const hash = await executeFile(`/api/v1/payouts/${made.json.id}/safe-batch`);
    const top = await chain.client.getTransaction({ hash });
    assert.equal(top.value, 0n, 'the owner\'s transaction itself moves no coin');
    const done = await waitPayout(made.json.id, (p) => p.status === 'completed', 'the native lines confirmed');
    for (const [i, line] of done.lines.entries()) {
      assert.equal(line.txHash, hash);
      assert.equal(await chain.client.getBalance({ address: lines[i].to }), BigInt(lines[i].amount));
    }
  });

  test('a reorganisation that removes the batch reverses its lines and reopens the payout; it completes again when the batch comes back', async () => {
    const lines = [0, 1].map((i) => ({ to: recipient('reorg', i), amount: '4000000' }));
    const made = await api('POST', '/api/v1/payouts', { name: 'Reorged', chainId: 31337, token: 'USDC', lines });
    assert.equal(made.status, 201, made.text);
    const hash = await executeFile(`/api/v1/payouts/${made.json.id}/safe-batch`);
    await waitPayout(made.json.id, (p) => p.status === 'completed', 'completed');
    // The owner's signed transaction, put back one block later on the new branch.
    const raw = await chain.rpc('eth_getRawTransactionByHash', [hash]);
    await chain.reorg(2, [[raw, 1]]);
    const reopened = await waitPayout(made.json.id, (p) => p.status === 'open' && p.completedAt === null, 'reopened by the reorg');
    assert.ok(reopened.lines.every((l) => ['reversed', 'sent', 'ready'].includes(l.status)), JSON.stringify(reopened.lines.map((l) => l.status)));
    await chain.mine(1);
    const again = await waitPayout(made.json.id, (p) => p.status === 'completed', 'completed again');
    assert.ok(again.lines.every((l) => l.status === 'confirmed' && l.txHash === hash));
    await eventually(() => hooks('PAYOUT_COMPLETED', made.json.id).length === 2, { what: 'PAYOUT_COMPLETED twice' });
    assert.equal(hooks('PAYOUT_LINE_REVERSED', made.json.id).length, 2);
    assert.equal(hooks('PAYOUT_LINE_CONFIRMED', made.json.id).length, 4);
  });

  test('canceling a payout cancels the lines not sent; a line sent goes on to confirm', async () => {
    const lines = [0, 1, 2].map((i) => ({ to: recipient('cancel', i), amount: '3000000', reference: `C-${i}` }));
    const made = await api('POST', '/api/v1/payouts', { name: 'Partly canceled', chainId: 31337, token: 'USDC', lines });
    assert.equal(made.status, 201, made.text);
    // Only the first line goes out.
    const first = made.json.lines[0].transfer;
    await executeSafeBatch(chain, safes, { safeAddress: safe, ownerKeys: [OWNER_KEY], transactions: [first] });
    await waitPayout(made.json.id, (p) => p.lines[0].status === 'sent', 'the first line sent');
    const canceled = await api('POST', `/api/v1/payouts/${made.json.id}/cancel`);
    assert.equal(canceled.status, 200, canceled.text);
    assert.deepEqual(canceled.json.lines.map((l) => l.status), ['sent', 'canceled', 'canceled']);
    assert.ok(canceled.json.canceledAt);
    assert.equal(canceled.json.total, '3000000', 'canceled lines no longer count');
    // A second cancel has nothing left to do and says how it stands.
    const twice = await api('POST', `/api/v1/payouts/${made.json.id}/cancel`);
    assert.equal(twice.status, 200, twice.text);
    await chain.mine(1);
    const done = await waitPayout(made.json.id, (p) => p.status === 'completed', 'the sent line confirmed');
    assert.deepEqual(done.lines.map((l) => l.status), ['confirmed', 'canceled', 'canceled']);
    // A transfer for a canceled line matches nothing.
    await executeSafeBatch(chain, safes, { safeAddress: safe, ownerKeys: [OWNER_KEY], transactions: [made.json.lines[1].transfer] });
    await chain.mine(2);
    const later = await payout(made.json.id);
    assert.equal(later.lines[1].status, 'canceled');
  });

  test('the operator prepares a payout from a CSV file: payd payout create, list, show, cancel (audited as cli); a bad row is named', async () => {
    const file = join(payd.dir, 'affiliates.csv');
    const write = (rows) => writeFileSync(file, ['recipient,amount,reference', ...rows].join('\n'));
    write([`${recipient('cli', 0)},1.5,"A-1, B"`, `${recipient('cli', 1)},2.0000001,A-2`]);
    const args = ['payout', 'create', '--tenant', shop.tenant.id, '--name', 'From the CLI', '--chain', '31337', '--token', 'USDC', '--csv', file];
    const refused = payd.adminRaw(args);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /Row 3: The amount is a positive amount of USDC with at most 6 decimals/);
    write([`${recipient('cli', 0)},1.5,"A-1, B"`, `${recipient('cli', 1)},2,A-2`]);
    const made = payd.admin(args);
    assert.equal(made.from, safe);
    assert.deepEqual(made.lines.map((l) => [l.amount, l.reference]), [['1500000', 'A-1, B'], ['2000000', 'A-2']]);
    assert.ok(payd.admin(['payout', 'list', '--tenant', shop.tenant.id]).some((p) => p.id === made.id && p.lines === undefined));
    assert.equal(payd.admin(['payout', 'show', made.id, '--tenant', shop.tenant.id]).lineCount, 2);
    assert.equal(payd.admin(['payout', 'cancel', made.id, '--tenant', shop.tenant.id]).status, 'canceled');
    const audit = (await api('GET', '/api/v1/audit-log?limit=100')).json.data.filter((a) => a.objectId === made.id);
    assert.deepEqual(audit.map((a) => [a.action, a.actor]).reverse(), [['payout.create', 'cli'], ['payout.cancel', 'cli']]);
  });

  test('a payout is refused, and nothing stored, for a sender payd does not watch, a bad line or too many; and without payouts:write', async () => {
    const good = { name: 'Checked', chainId: 31337, token: 'USDC', lines: [{ to: recipient('ok', 0), amount: '1000000' }] };
    const count = async () => (await api('GET', '/api/v1/payouts?limit=100')).json.data.length;
    const stored = await count();
    const cases = [
      [{ ...good, from: PAYOUT }, 'from'],
      [{ ...good, token: 'DAI' }, 'token'],
      [{ ...good, chainId: 1 }, 'chainId'],
      [{ ...good, lines: [] }, 'lines'],
      [{ ...good, lines: Array.from({ length: 501 }, (_, i) => ({ to: recipient('many', i), amount: '1' })) }, 'lines'],
      [{ ...good, lines: [good.lines[0], { to: '0x123', amount: '1' }] }, 'lines[1].to'],
      [{ ...good, lines: [good.lines[0], { to: safe, amount: '1' }] }, 'lines[1].to'],
      [{ ...good, lines: [good.lines[0], { to: recipient('ok', 1), amount: '0' }] }, 'lines[1].amount'],
      [{ ...good, lines: [good.lines[0], { to: recipient('ok', 1), amount: '1.5' }] }, 'lines[1].amount'],
      [{ ...good, lines: [{ to: recipient('ok', 1) }] }, 'lines[0].amount'],
    ];
    for (const [body, param] of cases) {
      const r = await api('POST', '/api/v1/payouts', body);
      assertApiError(r, 400, 'invalid_request');
      assert.equal(r.json.error.param, param, `${JSON.stringify(body).slice(0, 120)}: ${r.text}`);
    }
    assert.equal(await count(), stored, 'nothing stored');
    // A key that may refund but not pay out.
    const refunder = shop.key('payments:read,refunds:write');
    assertApiError(await api('POST', '/api/v1/payouts', good, refunder.key), 403, 'insufficient_scope');
    // The same request that the cases changed one thing of is accepted.
    const payer = shop.key('payments:read,payouts:write');
    const ok = await api('POST', '/api/v1/payouts', good, payer.key);
    assert.equal(ok.status, 201, ok.text);
    assert.equal(await count(), stored + 1);
    // Another tenant's key sees none of it.
    const other = createMerchant(payd, { name: 'Other', payout: PAYOUT });
    assertApiError(await api('GET', `/api/v1/payouts/${ok.json.id}`, undefined, other.read.key), 404, 'not_found');
  });
});
