// A payd webhook, verified as the Standard Webhooks specification says (the
// reference library): the signature over id, timestamp and body with the
// endpoint's secret, and a timestamp within 5 minutes (an old delivery
// replayed is refused).
import { Webhook } from 'standardwebhooks';
import type { PaydIntent, PaydRefund } from './client';

export interface PaydEvent {
  id: string;  // webhook-id: the same on every retry of one event
  type: string;
  intent: PaydIntent | null;  // the data, when it is an intent
  refund: PaydRefund | null;  // the data, when it is a refund (REFUND_*)
}

export class PaydWebhookRefused extends Error {}

function header(headers: Record<string, unknown>, name: string): string {
  const v = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(v) ? String(v[0]) : typeof v === 'string' ? v : '';
}

// `rawBody`: the request's bytes as received (a re-serialised body does not verify).
export function verifyWebhook(secret: string, headers: Record<string, unknown>, rawBody: string | Buffer): PaydEvent {
  const wanted = {
    'webhook-id': header(headers, 'webhook-id'),
    'webhook-timestamp': header(headers, 'webhook-timestamp'),
    'webhook-signature': header(headers, 'webhook-signature'),
  };
  let payload: any;
  try {
    payload = new Webhook(secret).verify(rawBody, wanted);
  } catch (e) {
    throw new PaydWebhookRefused(`payd webhook refused: ${(e as Error).message}`);
  }
  const data = payload?.data;
  const intent = data && typeof data.id === 'string' && data.id.startsWith('pi_') ? (data as PaydIntent) : null;
  const refund = data && typeof data.id === 'string' && data.id.startsWith('re_') ? (data as PaydRefund) : null;
  return { id: wanted['webhook-id'], type: String(payload?.type ?? ''), intent, refund };
}
