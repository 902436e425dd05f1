// payd's intent, as Medusa's payment session sees it (docs/plugins.md, step 4):
// a payment is authorized and captured at once when it is paid in full and on
// time (a transfer on chain is final: nothing is left to capture later);
// anything irregular waits for the merchant's decision in payd, never silently
// accepted; an expired intent cancels the session.
import type { PaydIntent } from './client';

// Medusa's PaymentSessionStatus and webhook PaymentActions, as strings (the
// provider maps them onto the framework's types).
export type SessionStatus = 'authorized' | 'captured' | 'pending' | 'requires_more' | 'error' | 'canceled';
export type WebhookAction = 'authorized' | 'captured' | 'failed' | 'pending' | 'requires_more' | 'canceled' | 'not_supported';

export interface SessionState {
  status: SessionStatus;
  // What the merchant must know, shown with the payment (its data); empty when nothing.
  attention: string;
}

export function sessionStateOf(intent: PaydIntent): SessionState {
  if (intent.resolution) {
    return intent.resolution.outcome === 'paid'
      ? { status: 'captured', attention: `accepted by the merchant in payd: ${intent.resolution.note}`.trim() }
      : { status: 'canceled', attention: `refused by the merchant in payd: ${intent.resolution.note}`.trim() };
  }
  switch (intent.status) {
    case 'created':
      return { status: 'pending', attention: '' };
    case 'pending':
      return intent.exception === 'underpaid'
        ? { status: 'pending', attention: 'underpaid so far: the payer may still send the rest before the intent expires' }
        : { status: 'pending', attention: '' };
    case 'paid':
      switch (intent.exception) {
        case undefined:
          return { status: 'captured', attention: '' };
        case 'overpaid':
          return { status: 'requires_more', attention: 'overpaid: decide in payd (accept and return the surplus, or refuse)' };
        case 'paid_late':
          return { status: 'requires_more', attention: 'paid after the intent expired: decide in payd (accept it, or refund)' };
        case 'reversed_after_confirmation':
          return { status: 'requires_more', attention: 'a chain reorganisation took back confirmed funds: money may be missing; decide in payd' };
        default:
          return { status: 'requires_more', attention: `irregular payment (${intent.exception}): decide in payd` };
      }
    case 'failed':
      return intent.exception === 'underpaid'
        ? { status: 'requires_more', attention: 'underpaid at expiry: decide in payd (accept the shortfall, or refund)' }
        : { status: 'error', attention: 'the payment failed' };
    case 'expired':
      return { status: 'canceled', attention: '' };
  }
}

// A webhook's event, as the action Medusa takes on the session.
export function webhookActionOf(type: string, intent: PaydIntent): WebhookAction {
  if (!['PAYMENT_PENDING', 'PAYMENT_CONFIRMED', 'PAYMENT_EXPIRED', 'PAYMENT_FAILED', 'PAYMENT_REVERSED', 'PAYMENT_RESOLVED'].includes(type)) {
    return 'not_supported';
  }
  const { status } = sessionStateOf(intent);
  return status === 'error' ? 'failed' : status;
}
