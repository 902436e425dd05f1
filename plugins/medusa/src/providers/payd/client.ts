// The few calls the provider makes to payd's API, over fetch, with a
// time-out: create an intent for a payment session, read one, cancel one;
// refund one (/v1/refunds) and make the link where the customer gives the
// address to refund to.
import type { PaydOptions } from './options';

// An intent as GET /v1/payment_intents/:id shows it (docs/openapi.yaml, V1Intent).
export interface PaydIntent {
  id: string;
  status: 'created' | 'pending' | 'paid' | 'expired' | 'failed';
  amount: string;
  currency: string;
  recipient: string;
  chains: string[];
  tokens: string[];
  expiresAt: string;
  metadata: Record<string, unknown>;
  createdAt: string;
  checkoutUrl: string;
  createdVia: string;
  // Where payd's page sends the customer once paid; null when none was asked.
  returnUrl?: string | null;
  // When the intent was canceled (POST /v1/payment_intents/:id/cancel); null otherwise.
  canceledAt?: string | null;
  exception?: 'underpaid' | 'overpaid' | 'paid_late' | 'reversed_after_confirmation';
  token?: string;
  chain?: string;
  chainId?: number;
  txHash?: string;
  senderAddress?: string;
  confirmedAt?: string;
  resolution?: { outcome: 'paid' | 'not_paid'; note: string; resolvedBy: string; resolvedAt: string };
}

// payd's JSON error (DECISIONS §3), or a transport failure (status 0):
// `param` names the field a 400 refused ("currency"), `detail` is payd's own
// message, and `retryAfter` the seconds a 503 asks to wait.
export class PaydApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param?: string,
    readonly detail?: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

// A refund as /v1/refunds shows it (docs/openapi.yaml, V1Refund).
export interface PaydRefund {
  id: string;
  status: 'requested' | 'address_needed' | 'ready' | 'sent' | 'confirmed' | 'canceled' | 'reversed';
  amount: string;
  currency: string;
  token: string;
  tokenAmount: string;
  paymentIntent: string | null;
  payment: string;
  to: string | null;
  txHash: string | null;
  confirmedAt: string | null;
}

export interface CreateIntent {
  amount: string;
  currency: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
  returnUrl?: string;
}

const TIMEOUT_MS = 10_000;

export class PaydClient {
  constructor(private readonly options: PaydOptions) {}

  createIntent(ask: CreateIntent): Promise<PaydIntent> {
    const body: Record<string, unknown> = { amount: ask.amount, currency: ask.currency, metadata: ask.metadata };
    if (this.options.integrationId) body.integrationId = this.options.integrationId;
    if (ask.returnUrl) body.returnUrl = ask.returnUrl;
    return this.call('POST', '/v1/payment_intents', body, { 'Idempotency-Key': ask.idempotencyKey });
  }

  getIntent(id: string): Promise<PaydIntent> {
    return this.call('GET', `/v1/payment_intents/${intentId(id)}`);
  }

  // A CREATED intent becomes expired at once (canceledAt set); one canceled
  // before is answered as it is; any other is a 400 naming its status.
  cancelIntent(id: string): Promise<PaydIntent> {
    return this.call('POST', `/v1/payment_intents/${intentId(id)}/cancel`);
  }

  // A refund of the intent's payment, `amount` in the intent's currency; a
  // retry with the same key is answered the first refund.
  createRefund(intent: string, amount: string, idempotencyKey: string, metadata: Record<string, string>): Promise<PaydRefund> {
    const body = { paymentIntent: intentId(intent), amount, reason: 'requested_by_customer', metadata };
    return this.call('POST', '/v1/refunds', body, { 'Idempotency-Key': idempotencyKey });
  }

  getRefund(id: string): Promise<PaydRefund> {
    return this.call('GET', `/v1/refunds/${refundId(id)}`);
  }

  // The customer's refund page (one-time, 14 days); a new one ends the last.
  refundAddressPage(id: string): Promise<{ url: string; expiresAt: string }> {
    return this.call('POST', `/api/v1/refunds/${refundId(id)}/address-page`);
  }

  private async call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    let res: Response;
    try {
      res = await fetch(this.options.url + path, {
        method,
        headers: {
          'X-API-Key': this.options.apiKey,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (e) {
      throw new PaydApiError(0, 'unreachable', `payd at ${this.options.url} did not answer ${method} ${path}: ${(e as Error).message}`);
    }
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      // reported below
    }
    if (!res.ok) {
      const err = json?.error;
      const detail = typeof err?.message === 'string' ? err.message : text.slice(0, 200);
      const retryAfter = Number.parseInt(res.headers.get('retry-after') ?? '', 10);
      throw new PaydApiError(res.status, err?.code ?? 'http_error', `payd ${method} ${path}: ${res.status} ${detail}`,
        typeof err?.param === 'string' ? err.param : undefined, detail, Number.isFinite(retryAfter) ? retryAfter : undefined);
    }
    if (json === null) throw new PaydApiError(res.status, 'malformed', `payd ${method} ${path}: not JSON`);
    return json as T;
  }
}

// Only an intent id goes into a path.
function intentId(id: string): string {
  if (!/^pi_[a-z2-7]+$/.test(id)) throw new PaydApiError(400, 'invalid_request', `not a payd intent id: ${id}`);
  return id;
}

function refundId(id: string): string {
  if (!/^re_[a-z2-7]+$/.test(id)) throw new PaydApiError(400, 'invalid_request', `not a payd refund id: ${id}`);
  return id;
}
