// Compares what payd ends with against the final chain and the rules
// (oracle.mjs). Each failure class is its own list of one-line findings:
// missed, doubled, wrong (final state), lost (confirmed then lost),
// spurious (reorganised without a reorganisation), webhooks (missing or inconsistent deliveries) and trail (the merchant's
// last event about an intent disagrees with the intent).
import { transferKey } from './final_chain.mjs';
import { canonicalAssignment, exactLegal, expectedIntent, hintLegal } from './oracle.mjs';

const isLive = (p) => p.status === 'PENDING' || p.status === 'CONFIRMED';
const keyOf = (p) => transferKey(p.txHash, p.logIndex);
const short = (h) => `${h.slice(0, 10)}`;
const fmt = (t) => `${t.token} ${t.amount} ${short(t.txHash)}${t.logIndex === null ? '' : `#${t.logIndex}`} @${t.blockNumber}`;

// `intents`: the harness's view (id, tenant, token, recipient, requested,
// exact, createdAt, expiresAt, trustedHint, order); `api`: Map(id -> payd's
// intent); `payments`: payd's payments of every status, each with `tenant`;
// `watchers`: Map(address -> tenant names); `history`: the poller's record.
export function checkScenario({ final, intents, api, payments, watchers, history, events, deliveries, removed, sentAt = new Map() }) {
  const out = { missed: [], doubled: [], wrong: [], lost: [], spurious: [], webhooks: [], trail: [], notes: [] };
  const onChain = new Map(final.transfers.map((t) => [t.key, t]));
  const live = payments.filter(isLive);
  const here = (p) => {
    const t = onChain.get(keyOf(p));
    return t && t.amount > 0n && t.blockHash === p.blockHash ? t : null;
  };

  // Doubled: the same transfer twice in a tenant, or a live payment of nothing on the final chain.
  const byTenantKey = new Map();
  for (const p of live) {
    const k = `${p.tenant}|${keyOf(p)}`;
    byTenantKey.set(k, [...(byTenantKey.get(k) ?? []), p]);
    const t = onChain.get(keyOf(p));
    if (!t) out.doubled.push(`${p.tenant}: live ${p.status} payment ${p.id} (${p.token} ${p.amount} ${short(p.txHash)}) is not on the final chain`);
    else if (t.amount === 0n) out.doubled.push(`${p.tenant}: zero-value transfer ${fmt(t)} recorded as payment ${p.id} (${p.status}${p.intentId ? `, intent ${p.intentId}` : ''})`);
    else if (t.blockHash !== p.blockHash) out.doubled.push(`${p.tenant}: live payment ${p.id} in block ${p.blockNumber} ${short(p.blockHash)}, but ${fmt(t)} is in ${short(t.blockHash)}`);
  }
  for (const [k, list] of byTenantKey) {
    if (list.length > 1) out.doubled.push(`${k}: ${list.length} live payments (${list.map((p) => `${p.id} ${p.status} ${p.intentId ?? 'unmatched'}`).join(', ')})`);
  }
  const liveByKey = new Map();
  for (const p of live) if (here(p)) liveByKey.set(keyOf(p), [...(liveByKey.get(keyOf(p)) ?? []), p]);
  for (const [k, list] of liveByKey) {
    const matched = list.filter((p) => p.intentId);
    if (matched.length && list.length > matched.length) out.doubled.push(`${k}: matched (${matched.map((p) => p.tenant)}) and unmatched (${list.filter((p) => !p.intentId).map((p) => p.tenant)}) at once`);
    else if (new Set(matched.map((p) => p.tenant)).size > 1) out.doubled.push(`${k}: matched in ${matched.length} tenants`);
  }

  // Missed: a transfer with no live payment where it belongs, or not CONFIRMED once settled.
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

  // Wrong final state, judged on payd's own assignment where the rules leave a choice.
  const byId = new Map(intents.map((i) => [i.id, i]));
  const ownerOf = (t) => (liveByKey.get(t.key) ?? []).find((p) => p.intentId)?.intentId ?? null;
  const canonical = canonicalAssignment(intents, final.transfers);
  const receivedOf = (i) => live.filter((p) => p.intentId === i.id).map(here).filter(Boolean).reduce((s, t) => s + t.amount, 0n);
  for (const intent of intents) {
    const got = api.get(intent.id);
    if (!got) {
      out.wrong.push(`${intent.id}: payd no longer lists it`);
      continue;
    }
    const mine = live.filter((p) => p.intentId === intent.id);
    const transfers = mine.map(here).filter(Boolean).sort((a, b) => a.blockNumber - b.blockNumber || a.txIndex - b.txIndex || (a.logIndex ?? -1) - (b.logIndex ?? -1));
    const label = `${intent.id} (${intent.token} exact ${intent.exact}${intent.trustedHint ? ', trusted hint' : intent.hint ? ', unproven hint' : ''})`;
    for (const t of transfers) {
      if (!exactLegal(intent, t) && !hintLegal(intent, t)) {
        const why = t.from === intent.hint && !intent.trustedHint ? 'from its unproven sender hint' : 'neither its exact amount in its window nor from its trusted hint while it waited';
        out.wrong.push(`${label}: paid by ${fmt(t)} from ${short(t.from)}, ${why}`);
      } else if (!exactLegal(intent, t)) {
        // Among waiting hinted intents, the oldest takes the transfer.
        const older = intents.find((i) => (i.createdAt < intent.createdAt || (i.createdAt === intent.createdAt && i.order < intent.order))
          && hintLegal(i, t) && receivedOf(i) < i.requested);
        if (older) out.wrong.push(`${label}: took ${fmt(t)} by sender hint while the older ${older.id} with the same hint waited, and is still short`);
      }
    }
    const sumLive = mine.reduce((s, p) => s + BigInt(p.amount), 0n);
    if (BigInt(got.amountReceived) !== sumLive) out.wrong.push(`${label}: amountReceived ${got.amountReceived}, its live payments add up to ${sumLive}`);
    const hadOnTimePayment = payments.some((p) => p.intentId === intent.id && p.status === 'REORGED');
    const expected = expectedIntent(intent, transfers, final.headTime, { hadOnTimePayment });
    if (!expected.allowed.some(([s, e]) => s === got.status && e === got.exception)) {
      out.wrong.push(`${label}: ${got.status}/${got.exception} received ${got.amountReceived}; expected ${expected.allowed.map(([s, e]) => `${s}/${e}`).join(' or ')} from ${transfers.length} transfer(s) adding up to ${expected.received}`);
    }
    const received = transfers.reduce((s, t) => s + t.amount, 0n);
    // A transfer sent before the intent existed may have been recorded (as
    // unmatched) before payd could match it: which way it went is timing.
    const afterIntent = (t) => (sentAt.get(t.txHash) ?? Infinity) > intent.createdAt;
    if (got.exception === 'PAID_LATE') {
      const onTime = final.transfers.find((t) => liveByKey.has(t.key) && !ownerOf(t) && afterIntent(t) && exactLegal(intent, t) && t.blockTime <= intent.expiresAt);
      if (onTime) out.wrong.push(`${label}: PAID_LATE while its exact transfer ${fmt(onTime)}, made in time, is unmatched`);
    }
    if (received < intent.requested) {
      for (const t of final.transfers) {
        if (!liveByKey.has(t.key) || !afterIntent(t)) continue; // a missed transfer is counted as missed
        const owner = ownerOf(t);
        if (owner === intent.id) continue;
        if (exactLegal(intent, t) && !(owner && exactLegal(byId.get(owner) ?? {}, t))) {
          out.wrong.push(`${label}: short (${received}) while its exact transfer ${fmt(t)} is ${owner ? `given to ${owner}` : 'unmatched'}`);
        } else if (hintLegal(intent, t) && !owner) {
          out.wrong.push(`${label}: short (${received}) while ${fmt(t)} from its trusted sender is unmatched`);
        }
      }
    }
    const canonicalKeys = final.transfers.filter((t) => canonical.get(t.key) === intent.id).map((t) => t.key).sort();
    const differs = canonicalKeys.join() !== transfers.map((t) => t.key).sort().join();
    if (differs) {
      const canon = final.transfers.filter((t) => canonical.get(t.key) === intent.id);
      out.notes.push(`${intent.id}: payd's assignment (${transfers.map(fmt).join(', ') || 'none'}) is not chain order's (${canon.map(fmt).join(', ') || 'none'})`);
    }
  }

  // Confirmed then lost.
  for (const [, seen] of history.everConfirmed) {
    const t = onChain.get(keyOf(seen));
    const now = live.find((p) => p.tenant === seen.tenant && keyOf(p) === keyOf(seen) && p.blockHash === seen.blockHash && p.status === 'CONFIRMED');
    if (!t || t.blockHash !== seen.blockHash) out.lost.push(`${seen.tenant}: payment ${seen.id} (${short(seen.txHash)}) was CONFIRMED in ${short(seen.blockHash)}, which is not on the final chain`);
    else if (!now) out.lost.push(`${seen.tenant}: payment ${seen.id} ${fmt(t)} was CONFIRMED and is on the final chain, but has no live CONFIRMED payment now`);
  }
  for (const id of history.everPaid) {
    if (api.get(id)?.status !== 'PAID') out.lost.push(`${id} was PAID and ended ${api.get(id)?.status}`);
  }
  for (const x of history.leftPaid) out.lost.push(`${x.id} was PAID, then seen ${x.status}`);

  // Reorganised without a reorganisation: a node behind payd means wait.
  const reorged = new Map([...history.everReorged, ...payments.filter((p) => p.status === 'REORGED').map((p) => [p.id, p])]);
  for (const p of reorged.values()) {
    if (!removed.has(p.blockHash)) out.spurious.push(`${p.tenant}: payment ${p.id} (${p.token} ${p.amount} ${short(p.txHash)}) marked REORGED, but block ${p.blockNumber} ${short(p.blockHash)} never left the chain`);
  }

  // Webhooks: every event delivered (verified) at least once, the same id and body each time.
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

  // The merchant's trail: the last event about an intent says its final status.
  for (const intent of intents) {
    const got = api.get(intent.id);
    const last = events.filter((e) => e.type.startsWith('PAYMENT_') && e.type !== 'PAYMENT_UNMATCHED' && e.data?.id === intent.id).at(-1);
    if (got && last?.data.status !== got.status) out.trail.push(`${intent.id}: ends ${got.status}, the last event is ${last ? `${last.type} (${last.data.status})` : 'none'}`);
  }
  for (const p of live.filter((x) => !x.intentId && here(x))) {
    if (!events.some((e) => e.type === 'PAYMENT_UNMATCHED' && e.data?.id === p.id)) out.trail.push(`${p.tenant}: unmatched payment ${p.id} has no PAYMENT_UNMATCHED event`);
  }
  return out;
}

export const FAILURE_CLASSES = ['missed', 'doubled', 'wrong', 'lost', 'spurious', 'webhooks', 'trail', 'crashes'];
