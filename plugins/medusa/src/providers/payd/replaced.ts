// The intents a payment session left behind when its cart's amount changed
// (updatePayment: the old intent canceled, a new one made under the same
// session). payd keeps watching a canceled intent for 24 h: a payer who pays
// its exact amount anyway makes a late payment there, which must never
// complete the session (nor an order at the old amount) and must never go
// unseen. The provider records such money on the session's data, beside the
// refund requests, and logs it as a warning; payd shows it as PAID_LATE.
import type { PaydIntent } from './client';

export interface ReplacedIntentPayment {
  intentId: string;
  status: PaydIntent['status'];
  exception: string | null;
  amount: string;
  currency: string;
  txHash: string | null;
  senderAddress: string | null;
  canceledAt: string | null;
  note: string;
}

const NOTE =
  "Paid after the session's amount changed and this intent was canceled: it does not pay the session. " +
  'payd shows it as a late payment: decide there (accept it, or refund the payer from your own wallet).';

export function replacedIntentsIn(data: Record<string, unknown> | undefined): string[] {
  const list = data?.replacedIntents;
  return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
}

export function replacedPaymentsIn(data: Record<string, unknown> | undefined): ReplacedIntentPayment[] {
  const list = data?.replacedIntentPayments;
  return Array.isArray(list) ? (list as ReplacedIntentPayment[]) : [];
}

// Whether the intent shows money: seen on chain (pending, paid, or failed short).
export function showsMoney(intent: PaydIntent): boolean {
  return intent.status === 'pending' || intent.status === 'paid' || intent.status === 'failed' || Boolean(intent.txHash);
}

export function replacedPaymentOf(intent: PaydIntent): ReplacedIntentPayment {
  return {
    intentId: intent.id,
    status: intent.status,
    exception: intent.exception ?? null,
    amount: intent.amount,
    currency: intent.currency,
    txHash: intent.txHash ?? null,
    senderAddress: intent.senderAddress ?? null,
    canceledAt: intent.canceledAt ?? null,
    note: NOTE,
  };
}

// The log line a merchant (or their alerting) looks for.
export function replacedLogLine(sessionId: unknown, p: ReplacedIntentPayment): string {
  return `payd: money on canceled intent ${p.intentId} of session ${String(sessionId ?? 'unknown')} (${p.status}` +
    `${p.exception ? `, ${p.exception}` : ''}${p.txHash ? `, transaction ${p.txHash}` : ''}): it does NOT pay the session; ` +
    'see the late payment in payd and decide';
}
