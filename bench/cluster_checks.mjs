// What bench/cluster.mjs checks once the load is over, on the database the
// three processes shared and at the webhook receiver: what a merchant relies
// on (DECISIONS §7, §8), whatever process was killed meanwhile. Each check
// returns {name, ok, detail}.
import { sql } from './cluster_parts.mjs';

// Every transfer recorded and confirmed, and every delivery the outbox holds
// delivered and seen by the receiver: what the drain waits for.
export async function drained(db, load, receiver) {
  const [[unconfirmed]] = await sql(db, "SELECT count(*) FROM payments WHERE status <> 'CONFIRMED'");
  const [[recorded]] = await sql(db, 'SELECT count(*) FROM payments');
  const [[pending]] = await sql(db, "SELECT count(*) FROM webhook_deliveries WHERE status <> 'DELIVERED'");
  const [[deliveries]] = await sql(db, 'SELECT count(*) FROM webhook_deliveries');
  const seen = new Set(receiver.deliveries.filter((d) => d.ok).map((d) => d.id)).size;
  return { done: Number(unconfirmed) === 0 && Number(recorded) >= load.sent.length && Number(pending) === 0 && seen >= Number(deliveries),
    unconfirmed: Number(unconfirmed), recorded: Number(recorded), pending: Number(pending), deliveries: Number(deliveries), seen };
}

export async function runChecks({ db, load, receiver, leadership, kill }) {
  const checks = [];
  const check = (name, ok, detail) => checks.push({ name, ok, detail });

  // 1. Nothing acknowledged lost, nothing created twice by a retry.
  const intents = new Map((await sql(db, 'SELECT id, status FROM payment_intents')).map(([id, status]) => [id, status]));
  const lost = load.acks.filter((a) => !intents.has(a.id));
  check('every intent answered 201 exists', lost.length === 0,
    `${load.acks.length} acknowledged (${load.acks.filter((a) => a.via === 'api').length} with the API key), ${lost.length} missing${lost.length ? `: ${lost.slice(0, 5).map((a) => a.id).join(', ')}` : ''}`);
  const extra = intents.size - new Set(load.acks.map((a) => a.id)).size;
  check('no intent beyond those acknowledged, but for creations whose answer was lost without a key', extra >= 0 && extra <= load.unknown,
    `${intents.size} in the database, ${extra} not acknowledged, ${load.unknown} key-less creations without an answer`);

  // 2. Each transfer recorded once, confirmed, on its intent, which is paid.
  const rows = await sql(db, 'SELECT lower(tx_hash), intent_id, status FROM payments');
  const byTx = new Map();
  for (const [tx, intentId, status] of rows) byTx.set(tx, [...(byTx.get(tx) ?? []), { intentId, status }]);
  const wrong = [];
  for (const s of load.sent) {
    const found = byTx.get(s.txHash.toLowerCase()) ?? [];
    if (found.length !== 1) wrong.push(`${s.txHash}: recorded ${found.length} times`);
    else if (found[0].intentId !== s.intentId) wrong.push(`${s.txHash}: on ${found[0].intentId}, sent to ${s.intentId}`);
    else if (found[0].status !== 'CONFIRMED') wrong.push(`${s.txHash}: ${found[0].status}`);
    else if (intents.get(s.intentId) !== 'PAID') wrong.push(`${s.intentId}: ${intents.get(s.intentId)} after its exact payment`);
  }
  const native = load.sent.filter((s) => s.token === 'ETH').length;
  check('every transfer recorded once, confirmed, its intent PAID', wrong.length === 0 && rows.length === load.sent.length,
    `${load.sent.length} sent (${load.sent.length - native} USDC, ${native} ETH), ${rows.length} recorded${wrong.length ? `; ${wrong.length} wrong: ${wrong.slice(0, 5).join('; ')}` : ''}`);

  // 3. Webhooks: every delivery of the outbox delivered and verified; the
  // events a merchant expects among them; a second copy only of a delivery
  // the killed process had in flight (at-least-once, DECISIONS §7: its
  // lease runs out and another process sends it again, same webhook-id).
  const outbox = await sql(db, 'SELECT event_id, status FROM webhook_deliveries');
  const verified = receiver.deliveries.filter((d) => d.ok);
  const received = new Map();
  for (const d of verified) received.set(d.id, [...(received.get(d.id) ?? []), d]);
  const undelivered = outbox.filter(([id, status]) => status !== 'DELIVERED' || !received.has(id));
  const unverified = receiver.deliveries.length - verified.length;
  check('every delivery in the outbox delivered and verified (standardwebhooks)', undelivered.length === 0 && unverified === 0,
    `${outbox.length} in the outbox, ${received.size} distinct webhook-ids verified, ${undelivered.length} not delivered, ${unverified} failed verification`);
  const ofType = (type) => new Set(verified.filter((d) => d.payload.type === type).map((d) => d.payload.data.id));
  const created = ofType('PAYMENT_CREATED');
  const confirmed = ofType('PAYMENT_CONFIRMED');
  const noCreated = load.acks.filter((a) => !created.has(a.id)).length;
  const noConfirmed = load.sent.filter((s) => !confirmed.has(s.intentId)).length;
  check('PAYMENT_CREATED for every intent acknowledged, PAYMENT_CONFIRMED for every one paid', noCreated === 0 && noConfirmed === 0,
    `${noCreated} without PAYMENT_CREATED, ${noConfirmed} without PAYMENT_CONFIRMED`);
  const copies = [...received.values()].filter((list) => list.length > 1);
  const inFlightAtKill = (list) => list.length === 2 && list[0].at >= kill.at - 16000 && list[0].at <= kill.at + 500;
  const unexplained = copies.filter((list) => !inFlightAtKill(list));
  check('no webhook sent twice but those in flight at the kill', unexplained.length === 0,
    `${copies.length} sent twice, ${copies.length - unexplained.length} of them first sent in the 16 s before the kill (the killed process's leases)`);

  // 4. One leader at a time, in the lock and in the logs.
  const bad = leadership.filter((s) => s.error || s.holders.length > 1 || s.claims.length > 1);
  const mismatched = leadership.filter((s) => !s.error && s.holders.join() !== s.claims.join());
  check('the chain led by one process at a time', bad.length === 0,
    `${leadership.length} samples of pg_locks and the log lines: ${bad.length} with two leaders or no answer${bad.length ? ` (${bad.slice(0, 3).map((b) => JSON.stringify(b)).join(', ')})` : ''}; ${mismatched.length} where the lock and the last log line differed (a takeover being logged)`);

  // 5. Nothing else that must never happen.
  check('no unexpected answer during the load', load.problems.length === 0,
    load.problems.length ? load.problems.slice(0, 8).join('\n    ') : 'none');
  return checks;
}
