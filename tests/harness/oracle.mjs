// The rules of DECISIONS §5/§6, modelled here independently of payd, over
// the chain's final state. Intents are {id, token, recipient, requested,
// exact, createdAt, expiresAt, trustedHint, order}; transfers come from
// final_chain.mjs (chain order). Times in ms, amounts bigint, addresses
// lower-case.
export const CLOCK_SKEW_MS = 5 * 60 * 1000;
export const LATE_WINDOW_MS = 24 * 3600 * 1000;

const sameTarget = (intent, t) => t.token === intent.token && t.to === intent.recipient;
// The intent existed by the transfer's block time (plus clock skew).
const existed = (intent, t) => intent.createdAt <= t.blockTime + CLOCK_SKEW_MS;

// Rule 1: the transfer is of the intent's exact amount, inside its window
// (created by then, and before its late window ends).
export function exactLegal(intent, t) {
  return sameTarget(intent, t) && t.amount > 0n && t.amount === intent.exact && existed(intent, t)
    && t.blockTime < intent.expiresAt + LATE_WINDOW_MS;
}

// Rule 2: the transfer comes from the intent's trusted sender hint while the
// intent still waits (not expired at the block's time; it expires at
// expiresAt). Whether it is still short is the caller's to say.
export function hintLegal(intent, t) {
  return Boolean(intent.trustedHint) && sameTarget(intent, t) && t.amount > 0n && t.from === intent.trustedHint
    && existed(intent, t) && t.blockTime < intent.expiresAt;
}

// One assignment the rules allow: transfers in chain order, exact amount
// first (unless that intent is already covered), then the oldest waiting
// hinted intent, else unmatched. Returns Map(transfer key -> intent id | null);
// zero-value transfers are not payments and get no entry.
export function canonicalAssignment(intents, transfers) {
  const received = new Map(intents.map((i) => [i.id, 0n]));
  const short = (i) => received.get(i.id) < i.requested;
  const out = new Map();
  for (const t of transfers) {
    if (t.amount === 0n) continue;
    let chosen = intents.find((i) => exactLegal(i, t) && short(i));
    if (!chosen) {
      chosen = intents.filter((i) => hintLegal(i, t) && short(i))
        .sort((a, b) => a.createdAt - b.createdAt || a.order - b.order)[0];
    }
    out.set(t.key, chosen?.id ?? null);
    if (chosen) received.set(chosen.id, received.get(chosen.id) + t.amount);
  }
  return out;
}

// What an intent must end as, given the transfers that pay it (chain order)
// and the final chain time: {received, allowed: [[status, exception], ...]}.
// Where the rules leave a choice, every allowed outcome is listed:
// - late and over at once: PAID_LATE or OVERPAID (one field, both true);
// - no transfer left after expiry: EXPIRED, or FAILED when a payment made in
//   time was reorganised away (FAILED if that happened after expiry, EXPIRED
//   if before; the final chain cannot tell which).
export function expectedIntent(intent, transfers, finalTime, { hadOnTimePayment = false } = {}) {
  const received = transfers.reduce((s, t) => s + t.amount, 0n);
  const expired = finalTime >= intent.expiresAt;
  if (!transfers.length) {
    if (!expired) return { received, allowed: [['CREATED', null]] };
    return { received, allowed: hadOnTimePayment ? [['EXPIRED', null], ['FAILED', null]] : [['EXPIRED', null]] };
  }
  let sum = 0n;
  const completing = transfers.find((t) => (sum += t.amount) >= intent.requested);
  if (!completing) return { received, allowed: [[expired ? 'FAILED' : 'PENDING', 'UNDERPAID']] };
  const late = completing.blockTime > intent.expiresAt;
  const over = received > intent.exact;
  const exceptions = [late && 'PAID_LATE', over && 'OVERPAID'].filter(Boolean);
  return { received, allowed: exceptions.length ? exceptions.map((e) => ['PAID', e]) : [['PAID', null]] };
}
