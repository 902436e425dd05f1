// Paying with another token (DECISIONS §16), on the intent page: when payd
// offers conversions for the intent (GET .../conversions; a 404 means none),
// a choice of what to pay with appears above the wallet buttons, and the
// chosen token is swapped to exactly the intent's amount in the payer's own
// transaction: payd prepares the calls (an approval when needed, then the
// swap), the wallet signs them, nothing goes through payd. Amounts are BigInt
// smallest units and decimal strings, never floats.
import { formatUnits, t } from './messages.js';
import { classify, connect, ensureChain, WalletError } from './wallet.js';

const path = (integration, intentId) =>
  `/public/integrations/${encodeURIComponent(integration)}/intents/${encodeURIComponent(intentId)}/conversions`;

// The offers, or null when payd offers none for this intent.
export async function loadOffers(integration, intentId) {
  try {
    const r = await fetch(path(integration, intentId));
    if (!r.ok) return null;
    const body = await r.json();
    return body.data && body.data.length ? body : null;
  } catch {
    return null;
  }
}

// An amount a person reads: 6 decimals, or 4 significant digits when it is
// smaller, rounded to nearest (`up`: rounded up, for a bound never understated).
export function readable(units, decimals, up = false) {
  const v = BigInt(units);
  const leadingZeros = Math.max(0, decimals - v.toString().length);
  const keep = Math.min(decimals, Math.max(6, leadingZeros + 4));
  const scale = 10n ** BigInt(decimals - keep);
  const rounded = up ? (v + scale - 1n) / scale : (v + scale / 2n) / scale;
  return formatUnits(rounded, keep);
}

const offerLabel = (o) => t('convertAbout', {
  amount: readable(o.amountIn.amount, o.decimals), max: readable(o.amountInMaximum.amount, o.decimals, true), token: o.token,
});

// A quote is shown until its freshUntil; then the offers are asked again and
// each label says the new quote, as long as the choice is on screen. (What
// the wallet sends is quoted afresh when the payer pays, whatever is shown.)
function keepFresh(fieldset, offers, integration, intentId) {
  const wait = Math.max(1000, Date.parse(offers.freshUntil) - Date.now());
  setTimeout(async () => {
    if (!fieldset.isConnected || fieldset.closest('[hidden]')) return;
    const next = await loadOffers(integration, intentId);
    for (const o of next ? next.data : []) {
      const label = fieldset.querySelector(`label[data-token="${CSS.escape(o.token)}"]`);
      if (label) label.textContent = offerLabel(o);
    }
    keepFresh(fieldset, next || offers, integration, intentId);
  }, wait);
}

// A radio group: the intent's own token (checked) and each offer. Returns a
// function that says which symbol is chosen.
export function renderChoice(section, offers, intent, integration) {
  const fieldset = document.createElement('fieldset');
  fieldset.className = 'convert';
  const legend = document.createElement('legend');
  legend.textContent = t('payIn');
  fieldset.append(legend);
  const own = { token: intent.currency, label: `${intent.currency}: ${formatUnits(intent.amount, intent.decimals)}` };
  const options = [own, ...offers.data.map((o) => ({ token: o.token, label: offerLabel(o) }))];
  options.forEach((o, n) => {
    const row = document.createElement('div');
    row.className = 'radio';
    const input = document.createElement('input');
    Object.assign(input, { type: 'radio', name: 'pay-in', id: `pay-in-${n}`, value: o.token, checked: n === 0 });
    const label = document.createElement('label');
    label.htmlFor = input.id;
    label.dataset.token = o.token;
    label.textContent = o.label;
    row.append(input, label);
    fieldset.append(row);
  });
  const note = document.createElement('p');
  note.className = 'hint';
  note.textContent = t('convertNote', { amount: formatUnits(offers.receives.amount, intent.decimals), token: offers.receives.token });
  fieldset.append(note);
  const heading = section.querySelector('h2');
  if (heading) heading.after(fieldset);
  else section.prepend(fieldset);
  keepFresh(fieldset, offers, integration, intent.id);
  return () => fieldset.querySelector('input:checked').value;
}

async function send(provider, from, call) {
  try {
    return await provider.request({ method: 'eth_sendTransaction', params: [{ from, to: call.to, data: call.data, value: '0x' + BigInt(call.value).toString(16) }] });
  } catch (e) {
    throw classify(e);
  }
}

// Waits until the node has mined `hash` (the approval the swap needs first).
async function mined(provider, hash) {
  for (let i = 0; i < 600; i++) {
    const receipt = await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] }).catch(() => null);
    if (receipt && receipt.status) {
      if (BigInt(receipt.status) !== 1n) throw new WalletError('failed', 'the approval reverted');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000)); // sleep-ok: a block's pace, asked of the wallet's node
  }
  throw new WalletError('failed', 'the approval was not mined');
}

// Connect, chain, fresh calls for this payer, then each sent in order.
// Returns the swap's transaction hash.
export async function payWithSwap(provider, { intent, chain, integration, token }) {
  const from = await connect(provider);
  await ensureChain(provider, chain);
  const r = await fetch(`${path(integration, intent.id)}/${encodeURIComponent(token)}?payer=${encodeURIComponent(from)}`);
  if (!r.ok) throw new WalletError('failed', `conversion ${r.status}`);
  const plan = await r.json();
  let hash = null;
  for (const call of plan.calls) {
    hash = await send(provider, from, call);
    if (call.purpose === 'approve') await mined(provider, hash);
  }
  return hash;
}
