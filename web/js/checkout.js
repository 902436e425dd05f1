// The intent page's script. The server renders everything a payer needs to
// pay with JavaScript off (amount, address, QR); this adds copy buttons, a
// countdown, the live state (server-sent events, polling when they fail),
// wallet payments, the return to the shop once paid, and, inside the
// widget's iframe, the state posted to the host page.
// When the state changes in a way that changes what to pay or what the page
// says (status, exception, amount received), the page takes the server's own
// rendering of itself (one fetch of this URL) rather than redrawing it here:
// the amount to send, the QR code and every sentence stay the server's. Only
// the confirmation count, and everything when that fetch fails, is drawn here.
import { t, formatUnits } from './messages.js';
import { forwardEscape, parentOrigin } from './frame.js';
import { loadOffers, payWithSwap, renderChoice } from './convert.js';
import { discoverWallets, payIntent } from './wallet.js';

const FINAL_POLL_MS = 30000; // EXPIRED can still turn PAID_LATE: look now and then
const POLL_MS = 3000;
const RETURN_AFTER_MS = 4000;

const $ = (id) => document.getElementById(id);
// The hidden attribute (not the property, which SVG elements lack: the QR
// code is one); a part of the page that holds the element ([data-part]: its
// heading, its label) comes and goes with it.
const show = (el, on) => {
  if (!el) return;
  el.toggleAttribute('hidden', !on);
  const part = el.parentElement && el.parentElement.closest('[data-part]');
  if (part) part.toggleAttribute('hidden', !on);
};
const readJson = (id) => {
  try {
    return JSON.parse($(id).textContent);
  } catch {
    return null;
  }
};

// Waiting for money: the parts that help to pay stay shown.
const waiting = (i) => i.status === 'CREATED' || (i.status === 'PENDING' && i.exception === 'UNDERPAID');
const isFinal = (i) => i.status === 'PAID' || i.status === 'EXPIRED' || i.status === 'FAILED';

// `value` is read at each click: the amount to send can change under the button.
function setupCopy(buttonId, value) {
  const button = $(buttonId);
  if (!button || !value() || !navigator.clipboard) return;
  const note = document.createElement('span');
  note.setAttribute('role', 'status');
  note.className = 'copy-status';
  button.after(note);
  let timer;
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(value());
      note.textContent = t('copied');
      button.dataset.copied = 'true';
    } catch {
      note.textContent = t('copyFailed');
    }
    clearTimeout(timer);
    timer = setTimeout(() => {
      note.textContent = '';
      delete button.dataset.copied;
    }, 3000);
  });
  button.hidden = false;
}

function twoDigits(n) {
  return String(n).padStart(2, '0');
}

function startCountdown(el, isWaiting) {
  if (!el) return;
  const end = Date.parse(el.getAttribute('datetime'));
  if (Number.isNaN(end)) return;
  const tick = () => {
    if (!el.isConnected) return; // replaced by a fresh rendering of the page
    const left = Math.max(0, Math.floor((end - Date.now()) / 1000));
    const h = Math.floor(left / 3600);
    const m = Math.floor((left % 3600) / 60);
    const time = (h ? `${h}:${twoDigits(m)}` : String(m)) + `:${twoDigits(left % 60)}`;
    el.textContent = left ? t('timeLeft', { time }) : t('timeUp');
    if (left && isWaiting()) setTimeout(tick, 1000 - (Date.now() % 1000));
  };
  tick();
}

export function returnTo(returnUrl, intentId) {
  const url = new URL(returnUrl, location.href);
  url.searchParams.set('payment_intent', intentId);
  return url.href;
}

// The ways to pay (QR code, wallet link, copy buttons, countdown, wallets)
// show while the intent can still be paid.
function showWaysToPay(intent) {
  const open = waiting(intent) && Date.parse(intent.expiresAt) > Date.now();
  for (const id of ['qr', 'open-wallet', 'copy-amount', 'copy-recipient', 'countdown']) {
    const el = $(id);
    // Copy buttons stay hidden where the clipboard is unavailable; a QR code
    // for an amount no longer due stays hidden.
    if (el && !(id.startsWith('copy-') && !navigator.clipboard) && !el.dataset.stale) show(el, open);
  }
  if (wallets.length) show($('wallet'), open);
}

// The key of the page's sentence for where the payment stands: the one the
// server would say (StatusKey in intent_page.cpp), handed in payd-messages.
function statusKey(i) {
  switch (i.status) {
    case 'CREATED':
      return 'status_waiting';
    case 'PENDING':
      return i.exception === 'UNDERPAID' ? 'status_underpaid' : 'status_seen';
    case 'PAID':
      return { OVERPAID: 'status_paid_overpaid', PAID_LATE: 'status_paid_late',
        REVERSED_AFTER_CONFIRMATION: 'status_paid_reversed' }[i.exception] || 'status_paid';
    case 'EXPIRED':
      return 'status_expired';
    default:
      return i.exception === 'UNDERPAID' ? 'status_failed_underpaid' : 'status_failed';
  }
}

function statusSentence(i, chain) {
  const amount = (units) => `${formatUnits(units || '0', i.decimals ?? chain.decimals)} ${i.currency}`;
  const merchant = document.querySelector('.merchant');
  return t(statusKey(i), { received: amount(i.amountReceived), amount: amount(i.amount),
    merchant: merchant ? merchant.textContent : '' });
}

// Draws `intent` over the page, which shows `previous`: what shows and the
// confirmation count always, the sentences only when the state changed (the
// server's own words stay otherwise). The fallback when refresh() fails.
function render(main, intent, chain, previous) {
  main.dataset.status = intent.status;
  main.dataset.exception = intent.exception || '';
  const changed = previous.status !== intent.status || previous.exception !== intent.exception ||
    previous.amountReceived !== intent.amountReceived;
  if (changed && $('status')) $('status').textContent = statusSentence(intent, chain);
  showWaysToPay(intent);

  const confirmations = $('confirmations');
  if (confirmations) {
    const pending = intent.status === 'PENDING' && intent.exception !== 'UNDERPAID' &&
      typeof intent.requiredConfirmations === 'number';
    confirmations.textContent = pending
      ? t('confirmations', { n: intent.confirmations, total: intent.requiredConfirmations })
      : '';
    show(confirmations, pending);
  }
  const missing = $('missing');
  const due = BigInt(intent.amount) - BigInt(intent.amountReceived || '0');
  const under = intent.exception === 'UNDERPAID' && due > 0n;
  if (missing && changed) {
    if (under) {
      const text = formatUnits(due, intent.decimals ?? chain.decimals);
      missing.textContent = t('missing', { amount: text, symbol: intent.currency });
      // What to send is now the rest. The QR code still holds the whole
      // amount and cannot be redrawn here: it goes.
      if ($('amount')) $('amount').textContent = `${text} ${intent.currency}`;
      if ($('amount')) $('amount').dataset.copy = formatUnits(due, intent.decimals ?? chain.decimals, '.');
      if ($('open-wallet') && intent.paymentUri) $('open-wallet').href = intent.paymentUri;
      if ($('qr')) $('qr').dataset.stale = 'true';
      show($('qr'), false);
      show($('exact-note'), false);
    }
    show(missing, under);
  }
  const tx = $('tx');
  if (tx && intent.txHash) {
    const prefix = main.dataset.explorerTx;
    if (tx.tagName === 'A' && prefix) tx.href = prefix + intent.txHash;
    tx.textContent = intent.txHash;
    show(tx, true);
  }
  const restart = $('restart');
  if (restart) show(restart, intent.status === 'EXPIRED' && restart.getAttribute('href'));
}

// Takes the server's rendering of this page for the intent's new state.
// The live region (#status) and the wallet section (its buttons and their
// listeners) are kept and moved into the new content, so a screen reader
// hears the new status and a payer's wallet stays where it was. False when
// the page could not be had: the caller draws the state itself.
async function refresh(main) {
  let next;
  try {
    const res = await fetch(location.href, { headers: { Accept: 'text/html' }, cache: 'no-store' });
    if (!res.ok) return false;
    const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
    next = doc.getElementById('main');
    if (!next || next.dataset.intent !== main.dataset.intent) return false;
    document.title = doc.title;
  } catch {
    return false;
  }
  const focused = main.contains(document.activeElement) ? document.activeElement.id : '';
  for (const id of ['status', 'wallet']) {
    const kept = $(id);
    const fresh = next.querySelector(`#${id}`);
    if (!kept || !fresh) continue;
    if (id === 'status') kept.textContent = fresh.textContent;
    fresh.replaceWith(kept);
  }
  for (const [key, value] of Object.entries(next.dataset)) main.dataset[key] = value;
  main.replaceChildren(...next.childNodes);
  if (focused && $(focused)) $(focused).focus({ preventScroll: true });
  // The new state is what the payer came for: scroll it into sight (the page
  // may have grown shorter under a payer scrolled down to the wallet button).
  const box = $('status') && $('status').closest('.status');
  if (box) box.scrollIntoView({ block: 'nearest' });
  return true;
}

let wallets = [];

async function setupWallets(main, state, chain) {
  const section = $('wallet');
  if (!section) return;
  wallets = await discoverWallets();
  if (!wallets.length) return;
  const error = $('wallet-error');
  // Other tokens, swapped in the payer's own transaction (DECISIONS §16), when payd offers them.
  const offers = state.intent.status === 'CREATED' ? await loadOffers(main.dataset.integration, main.dataset.intent) : null;
  const chosen = offers ? renderChoice(section, offers, state.intent, main.dataset.integration) : () => state.intent.currency;
  const note = document.createElement('p');
  note.setAttribute('role', 'status');
  note.className = 'wallet-note';
  for (const wallet of wallets) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'wallet-pay';
    button.textContent = wallet.info.name ? t('payWith', { wallet: wallet.info.name }) : t('payWithWallet');
    button.addEventListener('click', async () => {
      for (const b of section.querySelectorAll('.wallet-pay')) b.disabled = true;
      if (error) error.textContent = '';
      note.textContent = t('walletWaiting');
      try {
        const token = chosen();
        const pay = { intent: state.intent, chain, integration: main.dataset.integration, token };
        await (token === state.intent.currency ? payIntent(wallet.provider, pay) : payWithSwap(wallet.provider, pay));
        note.textContent = t('walletSent');
      } catch (e) {
        note.textContent = '';
        if (error) {
          error.textContent = t(`wallet.${e.kind || 'failed'}`, { chain: chain.name });
          show(error, true);
        }
        for (const b of section.querySelectorAll('.wallet-pay')) b.disabled = false;
      }
    });
    section.append(button);
  }
  section.append(note);
  show(section, waiting(state.intent) && Date.parse(state.intent.expiresAt) > Date.now());
}

// Calls `onIntent` with each new payer view: server-sent events while the
// server offers them, polling the public endpoint when it does not.
function follow(main, onIntent) {
  const path = `/public/integrations/${encodeURIComponent(main.dataset.integration)}/intents/${encodeURIComponent(main.dataset.intent)}`;
  let stopped = false;
  let last = null;
  const deliver = (intent) => {
    last = intent;
    onIntent(intent);
    if (intent.status === 'PAID') stop();
  };
  let source = null;
  const stop = () => {
    stopped = true;
    if (source) source.close();
  };
  const poll = async () => {
    if (stopped) return;
    try {
      const res = await fetch(path, { headers: { Accept: 'application/json' } });
      if (res.ok) deliver(await res.json());
    } catch {
      // offline for a moment: the next poll tries again
    }
    if (!stopped) setTimeout(poll, last && isFinal(last) ? FINAL_POLL_MS : POLL_MS);
  };
  if (typeof EventSource === 'function') {
    source = new EventSource(`${path}/events`);
    source.addEventListener('intent', (e) => {
      try {
        deliver(JSON.parse(e.data));
      } catch {
        // a malformed event changes nothing
      }
    });
    // CLOSED means the browser gave up (no such endpoint, or refused):
    // fall back to polling. CONNECTING means it retries by itself.
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED && !stopped) {
        source = null;
        poll();
      }
    });
  } else {
    poll();
  }
  return stop;
}

function start(main) {
  const intent = readJson('payd-intent');
  const chain = readJson('payd-chain') || {};
  if (!intent) return;
  const state = { intent };
  const target = parentOrigin();
  // Once paid, the widget takes the payer back to the shop (the frame cannot).
  const post = (i) => {
    if (!target) return;
    const back = i.status === 'PAID' && main.dataset.returnUrl ? returnTo(main.dataset.returnUrl, i.id) : undefined;
    window.parent.postMessage({ source: 'payd', type: 'state', intent: i, returnTo: back }, target);
  };

  // What the server rendered gets its copy buttons and countdown, at start
  // and after each refresh.
  const enhance = () => {
    setupCopy('copy-amount', () => $('amount') && $('amount').dataset.copy);
    setupCopy('copy-recipient', () => intent.recipient);
    startCountdown($('countdown'), () => waiting(state.intent));
    // Asking for a receipt keeps the widget's origin in the frame: the
    // server sends the form back with it as the fragment.
    const receiptForm = document.querySelector('#receipt form');
    if (receiptForm && target) {
      const frame = document.createElement('input');
      Object.assign(frame, { type: 'hidden', name: 'frame', value: target });
      receiptForm.append(frame);
    }
  };
  forwardEscape();
  // Choosing again keeps the widget's origin (the fragment) in the frame.
  const change = $('change');
  if (change && target) change.href = change.getAttribute('href') + location.hash;
  // Back from that form in the frame, the fragment is the origin, not #receipt.
  if (target && new URLSearchParams(location.search).has('receipt')) $('receipt')?.scrollIntoView();
  enhance();
  render(main, intent, chain, intent);
  post(intent);
  setupWallets(main, state, chain);

  let leaving = false;
  // Views are handled one at a time, in the order they came.
  let queue = Promise.resolve();
  follow(main, (next) => { queue = queue.then(() => onView(next)); });
  async function onView(next) {
    const previous = state.intent;
    // Chosen again elsewhere (an intent made through /v1: another tab, the
    // widget): another amount, token or chain, so another page altogether.
    if (previous.amount !== next.amount || previous.chainId !== next.chainId || previous.currency !== next.currency) {
      location.reload();
      return;
    }
    state.intent = next;
    const redraw = previous.status !== next.status || previous.exception !== next.exception ||
      previous.amountReceived !== next.amountReceived;
    if (redraw && await refresh(main)) {
      enhance();
      showWaysToPay(next);
    } else {
      render(main, next, chain, previous);
    }
    if (redraw || previous.confirmations !== next.confirmations) post(next);
    const returnUrl = main.dataset.returnUrl;
    // Only a payment seen here leads back: a receipt opened later stays put.
    if (next.status === 'PAID' && previous.status !== 'PAID' && returnUrl && !target && !leaving) {
      leaving = true;
      // The status line says where the page goes after what it said: the
      // server's words (data-return-status) once its rendering came.
      const status = $('status');
      if (status) status.textContent = main.dataset.returnStatus || `${status.textContent} ${t('returning')}`;
      setTimeout(() => location.assign(returnTo(returnUrl, next.id)), RETURN_AFTER_MS);
    }
  }
}

const main = document.getElementById('main');
if (main && main.dataset.page === 'intent') start(main);
