// Sender hints (DECISIONS §5 rule 2) on a real chain: a hint moves money only
// when the wallet proved it (EIP-191 personal_sign of the message payd issues
// for the intent); an address merely named on the key-less endpoint is kept
// but never takes a transfer. Every test pays from a wallet of its own, so
// that no hint left waiting by one test catches another's transfers.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parseUnits } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

import { chainConfig, eventually, PAYOUT, startChain } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { createIntent, createMerchant, proveSender, startPayd } from './lib/payd.mjs';

// anvil's development mnemonic: public test keys, never real funds.
const wallet = (index) => mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: index });
const origin = { Origin: 'https://shop.example' };

describe('sender hints', () => {
  let chain, payd, shop;
  const intent = async (id) => (await payd.request('GET', `/api/v1/payment-intents/${id}`, { key: shop.read.key })).json;
  const waitFor = (id, check, what) => eventually(async () => {
    const i = await intent(id);
    return check(i) ? i : null;
  }, { what });
  const paymentOf = (txHash) => eventually(async () => {
    const list = (await payd.request('GET', '/api/v1/payments?limit=100', { key: shop.read.key })).json.data;
    return list.find((p) => p.txHash === txHash);
  }, { what: `the payment of ${txHash}` });
  const newIntent = async (extra = {}) => {
    const r = await createIntent(payd, shop.integration.id, { amount_usd: '5.00', currency: 'USDC', chainId: 31337, ...extra });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };
  const funded = async (index) => {
    const account = wallet(index);
    await chain.call(chain.usdc, 'mint', [account.address, parseUnits('1000', 6)]);
    return account;
  };

  before(async () => {
    chain = await startChain();
    const limits = '[limits]\napi_requests_per_min = 1000000\npublic_intents_per_min = 1000\n';
    payd = await startPayd({ config: limits + chainConfig(chain, { confirmations: 2 }) });
    shop = createMerchant(payd);
  });
  after(() => stopAll(() => payd?.close(), () => chain?.stop()));

  test("an unproven senderAddress never takes someone's transfer: it ends unmatched", async () => {
    const victim = await funded(4);
    // Anyone may name any address on the key-less endpoint, for a tiny amount.
    const planted = await newIntent({ amount_usd: '0.01', senderAddress: victim.address });
    const receipt = await chain.payUsdc(PAYOUT, '3.5', { from: victim });
    const payment = await paymentOf(receipt.transactionHash);
    assert.equal(payment.intentId, null);
    const after = await intent(planted.id);
    assert.equal(after.status, 'CREATED');
    assert.equal(after.amountReceived, '0');
    // The hint is kept, marked as the payer's unproven word.
    assert.equal(after.senderHint, victim.address);
    assert.equal(after.senderHintSource, 'payer');
  });

  test('a wallet-proven hint takes transfers of other amounts: short is UNDERPAID, more is OVERPAID', async () => {
    const payer = await funded(5);
    const pi = await newIntent();
    const proof = await proveSender(payd, shop.integration.id, pi.id, payer);
    assert.equal(proof.status, 200, proof.text);
    assert.equal(proof.json.id, pi.id);
    assert.equal(proof.json.senderHint, payer.address);
    assert.equal(proof.json.senderHintSource, 'wallet');
    assert.equal(proof.json.metadata, undefined, "the payer's view");

    await chain.payUsdc(PAYOUT, '2', { from: payer });
    const under = await waitFor(pi.id, (i) => i.status === 'PENDING' && i.exception === 'UNDERPAID', 'PENDING UNDERPAID');
    assert.equal(under.amountReceived, '2000000');
    await chain.payUsdc(PAYOUT, '4', { from: payer });
    await chain.mine(1);
    const paid = await waitFor(pi.id, (i) => i.status === 'PAID', 'PAID');
    assert.equal(paid.exception, 'OVERPAID');
    assert.equal(paid.amountReceived, '6000000');
  });

  test('of several proven intents, the oldest still waiting takes the transfer; one paid in full takes no more', async () => {
    const payer = await funded(6);
    const first = await newIntent({ amount_usd: '4.00' });
    const second = await newIntent({ amount_usd: '4.00' });
    for (const pi of [first, second]) assert.equal((await proveSender(payd, shop.integration.id, pi.id, payer)).status, 200);

    await chain.payUsdc(PAYOUT, '4.5', { from: payer });
    await waitFor(first.id, (i) => i.status === 'PENDING' && i.exception === 'OVERPAID', 'the first intent PENDING, OVERPAID');
    // The first is paid in full (waiting only for confirmations): the next goes to the second.
    await chain.payUsdc(PAYOUT, '1', { from: payer });
    const topped = await waitFor(second.id, (i) => i.status === 'PENDING', 'the second intent PENDING');
    assert.equal(topped.exception, 'UNDERPAID');
    assert.equal(topped.amountReceived, '1000000');
    await chain.mine(1);
    const paid = await waitFor(first.id, (i) => i.status === 'PAID', 'the first intent PAID');
    assert.equal(paid.amountReceived, '4500000');
  });

  test('the message names the intent, the wallet, the chain and this service', async () => {
    const payer = wallet(11);
    const pi = await newIntent();
    const path = `/public/integrations/${shop.integration.id}/intents/${pi.id}/sender-message`;
    const r = await payd.request('GET', `${path}?address=${payer.address.toLowerCase()}`, { headers: origin });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(Object.keys(r.json).sort(), ['address', 'chainId', 'intentId', 'message']);
    assert.equal(r.json.address, payer.address, 'EIP-55 form');
    assert.equal(r.json.intentId, pi.id);
    assert.equal(r.json.chainId, 31337);
    for (const part of [pi.id, payer.address, 'Chain ID: 31337', payd.url]) assert.ok(r.json.message.includes(part), part);
    const again = await payd.request('GET', `${path}?address=${payer.address}`, { headers: origin });
    assert.equal(again.json.message, r.json.message, 'the same message every time');

    for (const [query, param] of [['', 'address'], ['?address=bob', 'address'], [`?address=${payer.address}&x=1`, 'x']]) {
      const bad = await payd.request('GET', `${path}${query}`, { headers: origin });
      assert.equal(bad.status, 400, query);
      assert.equal(bad.json.error.param, param, query);
    }
    const evil = await payd.request('GET', `${path}?address=${payer.address}`, { headers: { Origin: 'https://evil.example' } });
    assert.equal(evil.status, 403);
    const unknown = await payd.request('GET', `/public/integrations/${shop.integration.id}/intents/pi_nope/sender-message?address=${payer.address}`, { headers: origin });
    assert.equal(unknown.status, 404);
  });

  test('proofs that do not hold are refused and trust nothing', async () => {
    const payer = wallet(12);
    const stranger = wallet(13);
    const pi = await newIntent();
    const otherPi = await newIntent();
    const base = `/public/integrations/${shop.integration.id}/intents`;
    const messageFor = async (id, address) =>
      (await payd.request('GET', `${base}/${id}/sender-message?address=${address}`, { headers: origin })).json.message;
    const prove = (body, id = pi.id) => payd.request('POST', `${base}/${id}/sender-proof`, { headers: origin, body });

    const message = await messageFor(pi.id, payer.address);
    const good = await payer.signMessage({ message });
    const refusals = [
      ['signed by another wallet', { address: payer.address, signature: await stranger.signMessage({ message }) }, 'signature'],
      ["another intent's message", { address: payer.address, signature: await payer.signMessage({ message: await messageFor(otherPi.id, payer.address) }) }, 'signature'],
      ['a good signature claimed for another address', { address: stranger.address, signature: good }, 'signature'],
      ['not hex', { address: payer.address, signature: `0x${'zz'.repeat(65)}` }, 'signature'],
      ['too short', { address: payer.address, signature: good.slice(0, 100) }, 'signature'],
      ['compact 64-byte form', { address: payer.address, signature: good.slice(0, 130) }, 'signature'],
      ['recovery id 29', { address: payer.address, signature: `${good.slice(0, 130)}1d` }, 'signature'],
      ['r of zero', { address: payer.address, signature: `0x${'00'.repeat(32)}${good.slice(66)}` }, 'signature'],
      ['a number', { address: payer.address, signature: 12 }, 'signature'],
      ['missing', { address: payer.address }, 'signature'],
      ['address missing', { signature: good }, 'address'],
      ['address malformed', { address: '0x1234', signature: good }, 'address'],
      ['unknown field', { address: payer.address, signature: good, chainId: 31337 }, 'chainId'],
    ];
    for (const [name, body, param] of refusals) {
      const r = await prove(body);
      assert.equal(r.status, 400, `${name}: ${r.text}`);
      assert.equal(r.json.error.code, 'invalid_request', name);
      assert.equal(r.json.error.param, param, name);
    }
    assert.equal((await intent(pi.id)).senderHintSource, null, 'nothing was trusted');
    assert.equal((await prove({ address: payer.address, signature: good }, 'pi_nope')).status, 404);
    const evil = await payd.request('POST', `${base}/${pi.id}/sender-proof`, { headers: { Origin: 'https://evil.example' }, body: { address: payer.address, signature: good } });
    assert.equal(evil.status, 403);

    // Recovery ids 0/1 mean the same as 27/28; proving twice is harmless.
    const v = parseInt(good.slice(130), 16) - 27;
    const raw = await prove({ address: payer.address.toLowerCase(), signature: `${good.slice(0, 130)}0${v}` });
    assert.equal(raw.status, 200, raw.text);
    assert.equal(raw.json.senderHint, payer.address);
    assert.equal((await prove({ address: payer.address, signature: good })).status, 200);
    assert.equal((await intent(pi.id)).senderHintSource, 'wallet');
  });

  test('an intent that no longer waits for payment takes no proof: 409', async () => {
    const payer = await funded(7);
    const pi = await newIntent({ amount_usd: '1.00' });
    const base = `/public/integrations/${shop.integration.id}/intents/${pi.id}`;
    const message = (await payd.request('GET', `${base}/sender-message?address=${payer.address}`, { headers: origin })).json.message;
    const signature = await payer.signMessage({ message });
    await chain.payUsdc(PAYOUT, BigInt(pi.amount), { from: payer });
    await chain.mine(1);
    await waitFor(pi.id, (i) => i.status === 'PAID', 'PAID');
    const issued = await payd.request('GET', `${base}/sender-message?address=${payer.address}`, { headers: origin });
    assert.equal(issued.status, 409, issued.text);
    assert.equal(issued.json.error.code, 'intent_not_waiting');
    // A signature made while it waited is refused all the same.
    const late = await payd.request('POST', `${base}/sender-proof`, { headers: origin, body: { address: payer.address, signature } });
    assert.equal(late.status, 409, late.text);
    assert.equal(late.json.error.code, 'intent_not_waiting');
  });
});
