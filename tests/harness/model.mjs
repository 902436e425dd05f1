// The reference model: DECISIONS §5 and §6, stated a second time, from the
// contract alone (never from payd's code), over the chain's final state.
// Every rule names its source: "D" is ../shared/DECISIONS.md (line numbers
// as of this writing), "AR" is docs/api-reference.md, where the project wrote
// down its choices on what DECISIONS leaves open ("Lifecycle", "Matching",
// "Payments").
//
// Shapes: an intent is {id, tenant, chainId, token, recipient, requested,
// exact, createdAt, expiresAt, trustedHint, provenAt, order}; a transfer is
// {key, chainId, txHash, logIndex, blockNumber, blockHash, blockTime, txIndex,
// token, amount, from, to}. Times in ms, amounts bigint, addresses
// lower-case. `heads`: Map(chainId -> the final head's time).

// AR "Matching" 1: an intent takes exact transfers from blocks stamped no
// more than 5 minutes before it was created (block clocks and payd's differ).
export const CLOCK_SKEW_MS = 5 * 60 * 1000;
// D92: "Payments keep being watched for 24 h after expiresAt".
export const LATE_WINDOW_MS = 24 * 3600 * 1000;

const sameTarget = (i, t) => i.chainId === t.chainId && i.token === t.token && i.recipient === t.to;
const createdBy = (i, t) => i.createdAt <= t.blockTime + CLOCK_SKEW_MS;
// AR "Lifecycle": a transfer is on time if its block's timestamp is not after
// expiresAt; D78 "expiresAt passes": an intent expires once chain time is past it.
export const onTime = (i, t) => t.blockTime <= i.expiresAt;
export const expiredAt = (i, time) => time > i.expiresAt;

// D98-103, AR "Matching" 1: the transfer is the intent's exact amount, in the
// intent's window (created by then; the late window not over). D100-102: "The
// requested amount itself is never an exact amount": a transfer of the price
// (a payer who typed it) is never the intent's by amount, whatever exact
// amount payd reported, so a payd that reserved the price itself is judged
// by who paid, not by its own reservation.
export function exactFits(i, t) {
  return sameTarget(i, t) && t.amount > 0n && t.amount === i.exact && t.amount > i.requested && createdBy(i, t)
    && t.blockTime < i.expiresAt + LATE_WINDOW_MS;  // AR: the window's end is not part of it
}

// D102-111: from the intent's trusted sender, while the intent waits (not
// expired at the transfer's block time: AR "Matching" 2). Whether it is
// still short is the caller's to say.
export function hintFits(i, t) {
  return Boolean(i.trustedHint) && sameTarget(i, t) && t.amount > 0n && t.from === i.trustedHint
    && createdBy(i, t) && onTime(i, t);
}

// D §17, AR "Matching" 3: the intent's underpayment tolerance in its token's
// smallest units, rounded down and never above the price: a percentage of the
// price asked, or a fixed amount in the price's currency (USD here; in the
// token's own units for an intent asked in them).
const scaled = (text, digits) => {
  const [whole, frac = ''] = text.split('.');
  return BigInt(whole) * 10n ** BigInt(digits) + BigInt(frac.padEnd(digits, '0') || '0');
};
export function toleranceUnits(i) {
  const t = i.near?.tolerance;
  if (!t) return 0n;
  let units;
  if (t.endsWith('%')) units = (i.requested * scaled(t.slice(0, -1), 4)) / 1_000_000n;
  else if (i.price) units = (i.requested * scaled(t, 18)) / scaled(i.price, 18);
  else units = scaled(t, 18) / 10n ** BigInt(18 - DECIMALS[i.token]);
  return units < i.requested ? units : i.requested;
}

// D §17: how far short of the intent's price the transfer falls, when it
// fits (the price itself, or short within the tolerance), to an intent that
// could take it then (created by then, not expired at its block's time).
export function nearShortfall(i, t) {
  if (!sameTarget(i, t) || t.amount <= 0n || t.amount > i.requested || !createdBy(i, t) || !onTime(i, t)) return null;
  const shortfall = i.requested - t.amount;
  return shortfall <= toleranceUnits(i) ? shortfall : null;
}

// D98-100: "Each intent on the same (chain, token, recipient) gets a unique
// exact amount: the requested amount plus the fewest smallest units (at least
// one) that make it unique. The requested amount itself is never an exact
// amount"; D102-103: reserved until the late window ends. Intents in creation
// order; returns the one-line findings.
export function checkExactAmounts(intents) {
  const out = [];
  const byTarget = new Map();
  for (const i of [...intents].sort((a, b) => a.order - b.order)) {
    const k = `${i.chainId}|${i.token}|${i.recipient}`;
    // Held by the clock until its window has been over for the skew (AR "Matching", the end).
    const earlier = (byTarget.get(k) ?? []).filter((e) => i.createdAt < e.expiresAt + LATE_WINDOW_MS + CLOCK_SKEW_MS);
    const taken = new Set(earlier.map((e) => e.exact));
    let fewest = i.requested + 1n;
    while (taken.has(fewest)) fewest++;
    if (i.exact <= i.requested) out.push(`${i.id}: exact amount ${i.exact} for ${i.requested} asked is not above the price: a payer who types the price would pay it`);
    else if (taken.has(i.exact)) out.push(`${i.id}: exact amount ${i.exact} is also ${earlier.find((e) => e.exact === i.exact).id}'s on ${k}`);
    else if (i.exact !== fewest) out.push(`${i.id}: exact amount ${i.exact} for ${i.requested} asked; the fewest units that make it unique give ${fewest}`);
    byTarget.set(k, [...(byTarget.get(k) ?? []), i]);
  }
  return out;
}

// Who pays whom: transfers in chain order (AR "Matching": "taken in chain
// order"); zero-value transfers are no payments (AR "Payments"). `choice(t, i)`
// answers for the cases the rules leave to timing (payd may have recorded a
// transfer before the intent, or its trusted hint, existed): true if payd gave
// t to i. `required(t, i, rule)` says whether the rules oblige payd to
// consider i for t by that rule ('exact', 'hint' or 'near') at all: the
// transfer was sent after the intent was created (and, for a hint, proven).
// `unsure(i)`: a reorganisation touched i, so what payd saw of it when it
// judged a near amount is not the final chain's (payd's own answer stands,
// if the rules allow it).
// Returns Map(transfer key -> intent id | null), with `shortfalls` (Map:
// transfer key -> the shortfall accepted, for near-amount matches) and
// `candidates` (Map: transfer key -> the candidate ids payd may name for an
// unmatched transfer, null for none).
export function assign(intents, transfers, { required = () => true, choice = () => false, unsure = () => false } = {}) {
  const received = new Map(intents.map((i) => [i.id, 0n]));
  const accepted = new Map(intents.map((i) => [i.id, 0n]));
  // AR "Lifecycle": paid in full = at least the amount asked (a near amount's accepted shortfall counts, D §17).
  const short = (i) => received.get(i.id) + accepted.get(i.id) < i.requested;
  const eligible = (t, i, rule) => required(t, i, rule) || choice(t, i);
  const out = new Map();
  out.shortfalls = new Map();
  out.candidates = new Map();
  for (const t of transfers) {
    if (t.amount === 0n) continue;
    // Rule 1 (D98): an intent already paid in full takes no second exact transfer (AR "Matching" 1).
    let chosen = intents.find((i) => exactFits(i, t) && short(i) && eligible(t, i, 'exact'));
    // Rule 2 (D110-111): among waiting intents with this trusted sender, the oldest.
    chosen ??= intents.filter((i) => hintFits(i, t) && short(i) && eligible(t, i, 'hint'))
      .sort((a, b) => a.createdAt - b.createdAt || a.order - b.order)[0];
    // Rule 3 (D §17): exactly one intent with nothing received that the amount
    // nearly fits; it pays the intent if its integration opted in, else it is the candidate.
    if (!chosen) {
      const fits = intents.filter((i) => received.get(i.id) === 0n && nearShortfall(i, t) !== null);
      if (fits.every((i) => required(t, i, 'near') && !unsure(i))) {
        const [one] = fits.length === 1 ? fits : [];
        if (one?.near?.match) chosen = one;
        out.candidates.set(t.key, new Set([one && !one.near?.match ? one.id : null]));
      } else {
        chosen = fits.find((i) => i.near?.match && choice(t, i));
        out.candidates.set(t.key, new Set([null, ...fits.filter((i) => !i.near?.match).map((i) => i.id)]));
      }
      if (chosen) {
        const shortfall = nearShortfall(chosen, t);
        out.shortfalls.set(t.key, shortfall);
        accepted.set(chosen.id, accepted.get(chosen.id) + shortfall);
      }
    }
    out.set(t.key, chosen?.id ?? null);  // rule 4 (D112): unmatched, never dropped
    if (chosen) received.set(chosen.id, received.get(chosen.id) + t.amount);
  }
  return out;
}

// What an intent ends as, from the transfers that pay it (chain order, all
// confirmed once the scenario settled) and the final chain time:
// {received, allowed: [[status, exception], ...]}. Where the contract leaves
// a choice, each allowed outcome is listed.
export function finalState(i, paying, headTime, { lostOnTimePayment = false } = {}) {
  const received = paying.reduce((s, t) => s + t.amount, 0n);
  let sum = 0n;
  // `credit`: the amount and a near amount's accepted shortfall (D §17).
  const completing = paying.find((t) => (sum += t.credit ?? t.amount) >= i.requested);
  if (completing) {
    // D90-94: PAID_LATE when completed after expiresAt; OVERPAID when more than
    // the exact amount (D104); one field, so either when both are true.
    const exceptions = [!onTime(i, completing) && 'PAID_LATE', received > i.exact && 'OVERPAID'].filter(Boolean);
    return { received, allowed: exceptions.length ? exceptions.map((e) => ['PAID', e]) : [['PAID', null]] };
  }
  const expired = expiredAt(i, headTime);
  if (received > 0n) return { received, allowed: [[expired ? 'FAILED' : 'PENDING', 'UNDERPAID']] };  // D80, D104
  if (!expired) return { received, allowed: [['CREATED', null]] };
  // D78-83: EXPIRED with nothing seen; FAILED if a payment it had when it
  // expired was reorganised away after (the final chain cannot tell when).
  return { received, allowed: lostOnTimePayment ? [['EXPIRED', null], ['FAILED', null]] : [['EXPIRED', null]] };
}

// The merchant's events about one intent. Each event carries the intent as
// it then was (AR "Lifecycle": "recorded in the same transaction as each
// change"); an event is a move of the state machine of D74-94:
const MOVES = {
  PAYMENT_PENDING: { to: 'PENDING', from: ['CREATED', 'EXPIRED', 'FAILED', 'PENDING'] },  // D75; a late one (D92, AR); more received
  PAYMENT_CONFIRMED: { to: 'PAID', from: ['PENDING'] },                                   // D76: only from PENDING
  PAYMENT_EXPIRED: { to: 'EXPIRED', from: ['CREATED', 'PENDING'] },                       // D78; D82 a late payment undone
  PAYMENT_FAILED: { to: 'FAILED', from: ['PENDING'] },                                    // D80
  // D77, D80, D82, D84; and AR "Lifecycle": a reorganisation that takes the
  // chain clock back before expiresAt undoes an expiry (FAILED or EXPIRED waits again).
  PAYMENT_REVERSED: { to: ['CREATED', 'PENDING', 'EXPIRED', 'FAILED'], from: ['PENDING', 'FAILED', 'EXPIRED'] },
};

// Findings for a sequence of events [{type, data: {status}}] that is not a
// walk of that machine from PAYMENT_CREATED to the final status.
export function checkWalk(events, finalStatus) {
  const out = [];
  if (events[0]?.type !== 'PAYMENT_CREATED' || events[0]?.data.status !== 'CREATED') {
    out.push(`the first event is ${events[0] ? `${events[0].type} (${events[0].data.status})` : 'missing'}, not PAYMENT_CREATED (CREATED)`);
    return out;
  }
  let status = 'CREATED';
  for (const e of events.slice(1)) {
    const move = MOVES[e.type];
    const to = e.data.status;
    if (!move || ![move.to].flat().includes(to) || !move.from.includes(status)) {
      out.push(`${e.type} (${to}) after ${status} is no move of the lifecycle`);
    }
    status = to;
  }
  if (status !== finalStatus) out.push(`the last event leaves it ${status}, it ends ${finalStatus}`);
  return out;
}

// The exact sequence for an intent that no reorganisation and no hidden log
// touched: the moves its paying transfers cause in chain order, with expiry
// where chain time passes expiresAt. Returns [{type, status, optional}]:
// "optional" marks a repeated PAYMENT_PENDING for more received while still
// PENDING, which the contract neither requires nor forbids.
export function expectedEvents(i, paying, headTime) {
  const seq = [{ type: 'PAYMENT_CREATED', status: 'CREATED' }];
  let status = 'CREATED';
  let received = 0n;
  const expire = () => {
    if (status === 'CREATED') seq.push({ type: 'PAYMENT_EXPIRED', status: (status = 'EXPIRED') });
    else if (status === 'PENDING') seq.push({ type: 'PAYMENT_FAILED', status: (status = 'FAILED') });
  };
  let expired = false;
  for (const t of paying) {
    if (!expired && !onTime(i, t)) {
      expire();
      expired = true;
    }
    received += t.credit ?? t.amount;
    if (status === 'PENDING') seq.push({ type: 'PAYMENT_PENDING', status: 'PENDING', optional: true });
    else seq.push({ type: 'PAYMENT_PENDING', status: (status = 'PENDING') });
    if (received >= i.requested) {
      seq.push({ type: 'PAYMENT_CONFIRMED', status: (status = 'PAID') });
      return seq;
    }
  }
  if (!expired && expiredAt(i, headTime)) expire();
  return seq;
}

// Whether `events` is `expected` with any of its optional entries left out.
export function matchesSequence(events, expected) {
  const got = events.map((e) => `${e.type}/${e.data.status}`);
  let g = 0;
  for (const x of expected) {
    const want = `${x.type}/${x.status}`;
    if (got[g] === want) g++;
    else if (!x.optional) return false;
  }
  return g === got.length;
}

// D6 (lines 119-122) and AR "Payments": what a payment must say of its transfer.
const DECIMALS = { USDC: 6, ETH: 18 };
export function formatUnits(amount, token) {
  const d = DECIMALS[token];
  const s = amount.toString().padStart(d + 1, '0');
  const frac = s.slice(-d).replace(/0+$/, '');
  return frac ? `${s.slice(0, -d)}.${frac}` : s.slice(0, -d);
}

// Differences between a payd payment and the transfer it records.
export function paymentDiffs(p, t, { tokenAddress }) {
  const want = {
    chainId: t.chainId, token: t.token, tokenAddress: t.token === 'ETH' ? null : tokenAddress,
    amount: t.amount.toString(), amountFormatted: formatUnits(t.amount, t.token),
    txHash: t.txHash, logIndex: t.logIndex, blockNumber: t.blockNumber, blockHash: t.blockHash,
    senderAddress: t.from, recipient: t.to,
  };
  const got = { ...p, senderAddress: p.senderAddress?.toLowerCase(), recipient: p.recipient?.toLowerCase(), tokenAddress: p.tokenAddress?.toLowerCase() ?? null, txHash: p.txHash?.toLowerCase() };
  return Object.entries(want).filter(([k, v]) => got[k] !== v).map(([k, v]) => `${k} ${JSON.stringify(p[k])}, the chain says ${JSON.stringify(v)}`);
}
