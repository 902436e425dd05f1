// The judge: compares what payd ends with against the final chain and the
// reference model (model.mjs), field by field. Each failure class is its own
// list of one-line findings (FAILURE_CLASSES, below, says what each means).
import { transferKey } from './final_chain.mjs';
import {
  assign, checkExactAmounts, checkWalk, expectedEvents, finalState, formatUnits, matchesSequence, paymentDiffs,
} from './model.mjs';

export const FAILURE_CLASSES = [
  'missed',    // a transfer with no live payment where it belongs, or not CONFIRMED once settled
  'doubled',   // two live payments of one transfer in a tenant, a payment of nothing on the final chain
  'recorded',  // a payment whose amount, token, sender, recipient, block... differ from its transfer
  'wrong',     // a transfer given to another intent than the rules give it; an intent's status, exception or amount received
  'reserved',  // exact amounts not unique per (chain, token, recipient), or not the fewest units
  'events',    // an intent's events are not its lifecycle, in order; an unmatched payment not told
  'lost',      // confirmed (or PAID), then not
  'spurious',  // a payment REORGED whose block never left the chain
  'webhooks',  // an event never delivered (verified), or delivered with another body
  'refused',   // an intent creation refused
  'crashes',   // payd exited on its own, a sanitizer report, too much memory
  'leaders',   // PostgreSQL mode: a cursor moved back below a block still on the chain; not one leader per chain once settled
];

const isLive = (p) => p.status === 'PENDING' || p.status === 'CONFIRMED';
const keyOf = (p) => transferKey(p.chainId, p.txHash, p.logIndex);
const short = (h) => `${h.slice(0, 10)}`;
const fmt = (t) => `${t.chainId}/${t.token} ${t.amount} ${short(t.txHash)}${t.logIndex === null ? '' : `#${t.logIndex}`} @${t.blockNumber}`;
const push = (map, k, v) => map.set(k, [...(map.get(k) ?? []), v]);
const INTENT_EVENTS = new Set(['PAYMENT_CREATED', 'PAYMENT_PENDING', 'PAYMENT_CONFIRMED', 'PAYMENT_EXPIRED', 'PAYMENT_FAILED', 'PAYMENT_REVERSED']);

// `intents`: the harness's view (model.mjs's shape, plus `tenant`); `api`:
// Map(id -> payd's intent); `payments`: payd's payments of every status, each
// with `tenant`; `watchers`: Map(address -> tenant names); `history`: the
// poller's record; `sentAt`: Map(tx hash -> when the harness first sent it);
// `disturbed`: ids of intents a reorganisation or hidden logs may have taken
// through extra states; `refusals`: intent creations payd refused.
export function checkScenario({
  final, intents, api, payments, watchers, history, events, deliveries, removed,
  sentAt = new Map(), disturbed = new Set(), refusals = [], tokenAddress,
}) {
  const out = Object.fromEntries([...FAILURE_CLASSES, 'notes'].map((c) => [c, []]));
  const onChain = new Map(final.transfers.map((t) => [t.key, t]));
  const live = payments.filter(isLive);
  const here = (p) => {
    const t = onChain.get(keyOf(p));
    return t && t.amount > 0n && t.blockHash === p.blockHash ? t : null;
  };
  const liveByKey = new Map();
  for (const p of live) if (here(p)) push(liveByKey, keyOf(p), p);

  checkDoubled(out, live, onChain, liveByKey);
  for (const p of live) {
    const t = here(p);
    const diffs = t ? paymentDiffs(p, t, { tokenAddress }) : [];
    if (diffs.length) out.recorded.push(`${p.tenant}: payment ${p.id} of ${fmt(t)}: ${diffs.join('; ')}`);
  }
  checkMissed(out, final, payments, liveByKey, watchers);
  out.reserved.push(...checkExactAmounts(intents));
  out.refused.push(...refusals);

  // Who pays whom: payd's choice where timing decides (a transfer sent before
  // the intent, or its proof, existed), the model's everywhere else.
  const paydOwner = new Map();
  for (const [k, list] of liveByKey) paydOwner.set(k, list.find((p) => p.intentId)?.intentId ?? null);
  const sent = (t) => sentAt.get(t.txHash) ?? -Infinity;
  const required = (t, i, rule) => sent(t) > (rule === 'hint' ? i.provenAt ?? Infinity : i.createdAt);
  const model = assign(intents, final.transfers, {
    required, choice: (t, i) => paydOwner.get(t.key) === i.id, unsure: (i) => disturbed.has(i.id),
  });
  for (const t of final.transfers) {
    if (!model.has(t.key) || !paydOwner.has(t.key)) continue;  // zero-value, or counted as missed
    const want = model.get(t.key);
    const got = paydOwner.get(t.key);
    if (want !== got) out.wrong.push(`${fmt(t)} from ${short(t.from)}: payd gives it to ${got ?? 'nobody (unmatched)'}, the rules to ${want ?? 'nobody (unmatched)'}`);
  }

  for (const intent of intents) {
    const got = api.get(intent.id);
    const label = `${intent.id} (${intent.chainId}/${intent.token} exact ${intent.exact}${intent.trustedHint ? ', trusted hint' : intent.hint ? ', unproven hint' : ''})`;
    if (!got) {
      out.wrong.push(`${label}: payd no longer lists it`);
      continue;
    }
    const paying = final.transfers.filter((t) => model.get(t.key) === intent.id)
      .map((t) => ({ ...t, credit: t.amount + (model.shortfalls.get(t.key) ?? 0n) }));
    const lostOnTimePayment = payments.some((p) => p.intentId === intent.id && p.status === 'REORGED');
    const expected = finalState(intent, paying, final.heads.get(intent.chainId), { lostOnTimePayment });
    if (BigInt(got.amountReceived) !== expected.received) out.wrong.push(`${label}: amountReceived ${got.amountReceived}, the transfers that pay it add up to ${expected.received}`);
    if (!expected.allowed.some(([s, e]) => s === got.status && e === got.exception)) {
      out.wrong.push(`${label}: ${got.status}/${got.exception}; expected ${expected.allowed.map(([s, e]) => `${s}/${e}`).join(' or ')} from ${paying.length} transfer(s) adding up to ${expected.received}`);
    }
    checkNearAmount(out, label, intent, got, paying, model);
    const mine = events.filter((e) => INTENT_EVENTS.has(e.type) && e.data?.id === intent.id);
    const walk = checkWalk(mine, got.status);
    const told = mine.map((e) => `${e.type}/${e.data.status}`).join(' ');
    for (const w of walk) out.events.push(`${label}: ${w} [${told}]`);
    if (!walk.length && !disturbed.has(intent.id) && !lostOnTimePayment) {
      const want = expectedEvents(intent, paying, final.heads.get(intent.chainId));
      if (!matchesSequence(mine, want)) {
        out.events.push(`${label}: events ${told}; expected ${want.map((x) => `${x.type}/${x.status}${x.optional ? '?' : ''}`).join(' ')}`);
      }
    }
  }
  const tenantOf = new Map(intents.map((i) => [i.id, i.tenant]));
  for (const p of live.filter((x) => !x.intentId && here(x))) {
    const told = events.filter((e) => e.type === 'PAYMENT_UNMATCHED' && e.data?.id === p.id);
    if (told.length !== 1) out.events.push(`${p.tenant}: unmatched payment ${p.id} has ${told.length} PAYMENT_UNMATCHED events`);
    // D §17: the one candidate, named to its intent's tenant only (none when two fit).
    const allowed = [...(model.candidates.get(keyOf(p)) ?? [null])].filter((id) => id === null || tenantOf.get(id) === p.tenant);
    const got = p.candidateIntentId ?? null;
    if (!allowed.includes(got) && !(allowed.length === 0 && got === null)) {
      out.wrong.push(`${p.tenant}: unmatched payment ${p.id} (${fmt(here(p))}) names candidate ${got}; the rules: ${allowed.join(' or ') || 'none'}`);
    }
  }

  checkLost(out, history, onChain, live, api);
  const reorged = new Map([...history.everReorged, ...payments.filter((p) => p.status === 'REORGED').map((p) => [p.id, p])]);
  for (const p of reorged.values()) {
    if (!removed.has(p.blockHash)) out.spurious.push(`${p.tenant}: payment ${p.id} (${p.token} ${p.amount} ${short(p.txHash)}) marked REORGED, but block ${p.blockNumber} ${short(p.blockHash)} never left the chain`);
  }
  checkWebhooks(out, events, deliveries);
  return out;
}

// D §17: an intent paid by a near amount says so, with the shortfall accepted.
function checkNearAmount(out, label, intent, got, paying, model) {
  const near = paying.filter((t) => model.shortfalls.has(t.key));
  const shortfall = near.reduce((s, t) => s + model.shortfalls.get(t.key), 0n);
  const want = { matchedBy: near.length ? 'near_amount' : null, underpaidBy: shortfall > 0n ? formatUnits(shortfall, intent.token) : null };
  if ((got.matchedBy ?? null) !== want.matchedBy || (got.underpaidBy ?? null) !== want.underpaidBy) {
    out.wrong.push(`${label}: matchedBy ${got.matchedBy}, underpaidBy ${got.underpaidBy}; the rules: ${want.matchedBy}, ${want.underpaidBy}`);
  }
}

function checkDoubled(out, live, onChain, liveByKey) {
  const byTenantKey = new Map();
  for (const p of live) {
    push(byTenantKey, `${p.tenant}|${keyOf(p)}`, p);
    const t = onChain.get(keyOf(p));
    if (!t) out.doubled.push(`${p.tenant}: live ${p.status} payment ${p.id} (${p.chainId}/${p.token} ${p.amount} ${short(p.txHash)}) is not on the final chain`);
    else if (t.amount === 0n) out.doubled.push(`${p.tenant}: zero-value transfer ${fmt(t)} recorded as payment ${p.id} (${p.status}${p.intentId ? `, intent ${p.intentId}` : ''})`);
    else if (t.blockHash !== p.blockHash) out.doubled.push(`${p.tenant}: live payment ${p.id} in block ${p.blockNumber} ${short(p.blockHash)}, but ${fmt(t)} is in ${short(t.blockHash)}`);
  }
  for (const [k, list] of byTenantKey) {
    if (list.length > 1) out.doubled.push(`${k}: ${list.length} live payments (${list.map((p) => `${p.id} ${p.status} ${p.intentId ?? 'unmatched'}`).join(', ')})`);
  }
  for (const [k, list] of liveByKey) {
    const matched = list.filter((p) => p.intentId);
    if (matched.length && list.length > matched.length) out.doubled.push(`${k}: matched (${matched.map((p) => p.tenant)}) and unmatched (${list.filter((p) => !p.intentId).map((p) => p.tenant)}) at once`);
    else if (new Set(matched.map((p) => p.tenant)).size > 1) out.doubled.push(`${k}: matched in ${matched.length} tenants`);
  }
}

function checkMissed(out, final, payments, liveByKey, watchers) {
  for (const t of final.transfers) {
    if (t.amount === 0n) continue;
    const list = liveByKey.get(t.key) ?? [];
    if (!list.length) {
      const stale = payments.filter((p) => keyOf(p) === t.key)
        .map((p) => `${p.status} in ${p.blockHash === t.blockHash ? 'the same block' : `block ${short(p.blockHash)}`}`);
      out.missed.push(`${fmt(t)} to ${short(t.to)}: no live payment${stale.length ? ` (payd has: ${stale.join(', ')})` : ''}`);
      continue;
    }
    const unconfirmed = list.filter((p) => p.status !== 'CONFIRMED');
    if (unconfirmed.length) out.missed.push(`${fmt(t)}: ${unconfirmed.map((p) => `${p.id} ${p.status} (${p.confirmations} confirmations)`).join(', ')} after settling`);
    if (!list.some((p) => p.intentId)) {
      for (const tenant of watchers.get(t.to) ?? []) {
        if (!list.some((p) => p.tenant === tenant)) out.missed.push(`${fmt(t)}: unmatched, but tenant ${tenant} watching ${short(t.to)} has no payment`);
      }
    }
  }
}

function checkLost(out, history, onChain, live, api) {
  for (const [, seen] of history.everConfirmed) {
    const t = onChain.get(keyOf(seen));
    const now = live.find((p) => p.tenant === seen.tenant && keyOf(p) === keyOf(seen) && p.blockHash === seen.blockHash && p.status === 'CONFIRMED');
    // AR "Matching" 4, Choice: an unmatched payment every watching tenant held
    // is the matching tenant's alone once an intent takes the transfer (a
    // trusted hint proven later, a reorganisation's rematch).
    const takenByAnother = !seen.intentId && live.some((p) => p.tenant !== seen.tenant && p.intentId && keyOf(p) === keyOf(seen) && p.blockHash === seen.blockHash);
    if (!t || t.blockHash !== seen.blockHash) out.lost.push(`${seen.tenant}: payment ${seen.id} (${short(seen.txHash)}) was CONFIRMED in ${short(seen.blockHash)}, which is not on the final chain`);
    else if (!now && !takenByAnother) out.lost.push(`${seen.tenant}: payment ${seen.id} ${fmt(t)} was CONFIRMED and is on the final chain, but has no live CONFIRMED payment now`);
  }
  for (const id of history.everPaid) {
    if (api.get(id)?.status !== 'PAID') out.lost.push(`${id} was PAID and ended ${api.get(id)?.status}`);
  }
  for (const x of history.leftPaid) out.lost.push(`${x.id} was PAID, then seen ${x.status}`);
}

// Every event delivered (verified) at least once, the same id and body each time.
function checkWebhooks(out, events, deliveries) {
  const eventIds = new Set(events.map((e) => e.id));
  for (const e of events) {
    if (e.type === 'WEBHOOK_SENT') continue;
    const got = (deliveries.get(e.tenant) ?? []).filter((d) => d.id === e.id);
    if (!got.some((d) => d.ok)) out.webhooks.push(`${e.tenant}: ${e.type} ${e.id} never delivered (${got.length} unverified)`);
    if (got.some((d) => d.payload?.type !== e.type || JSON.stringify(d.payload?.data) !== JSON.stringify(e.data))) {
      out.webhooks.push(`${e.tenant}: ${e.id} delivered with a different body`);
    }
  }
  for (const [tenant, list] of deliveries) {
    for (const d of list) if (!eventIds.has(d.id)) out.webhooks.push(`${tenant}: delivery with unknown webhook-id ${d.id}`);
  }
}
