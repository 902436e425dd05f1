// payd as a Medusa v2 payment provider: a payment session is a payd intent,
// created from Medusa's server for the cart's amount; the customer pays on
// payd's hosted page (data.checkoutUrl) or in its widget; payd's signed
// webhook, or a read of the intent when Medusa asks, moves the session on
// (states.ts has the mapping). payd never holds funds, so a refund is recorded
// as requested with what the merchant must send, never reported as sent.
import { AbstractPaymentProvider, BigNumber, MedusaError } from '@medusajs/framework/utils';
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  Logger,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from '@medusajs/framework/types';
import { PaydApiError, PaydClient, type PaydIntent } from './client';
import { type PaydOptions, validateOptions } from './options';
import { sessionStateOf, webhookActionOf } from './states';
import { refundLogLine, refundRequestOf, refundRequestsIn, withRefundRequest } from './refunds';
import { PaydWebhookRefused, verifyWebhook } from './webhook';

type Deps = { logger?: Logger };

// What the session keeps (its `data`): enough to find the intent, show the
// checkout and tell the merchant what needs their attention.
function sessionData(intent: PaydIntent, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const { status, attention } = sessionStateOf(intent);
  return {
    intentId: intent.id,
    checkoutUrl: intent.checkoutUrl,
    amount: intent.amount,
    currency: intent.currency,
    paydStatus: intent.status,
    sessionStatus: status,
    ...(intent.exception ? { exception: intent.exception } : {}),
    ...(attention ? { attention } : {}),
    ...(intent.txHash ? { txHash: intent.txHash, chain: intent.chain, token: intent.token } : {}),
    ...(intent.senderAddress ? { senderAddress: intent.senderAddress } : {}),
    ...extra,
  };
}

// What a read of payd must not drop from the data Medusa keeps: the session's
// id, and the refunds asked for (payd knows nothing of them).
function kept(data: Record<string, unknown> | undefined): Record<string, unknown> {
  const requests = refundRequestsIn(data);
  return { sessionId: data?.sessionId, ...(requests.length ? { refundRequests: requests } : {}) };
}

export class PaydPaymentProviderService extends AbstractPaymentProvider<PaydOptions> {
  static identifier = 'payd';

  private readonly options: PaydOptions;
  private readonly client: PaydClient;
  private readonly logger?: Logger;

  static validateOptions(options: Record<string, unknown>): void {
    validateOptions(options);
  }

  constructor(deps: Deps, options: Record<string, unknown>) {
    super(deps as Record<string, unknown>, options as unknown as PaydOptions);
    this.options = validateOptions(options);
    this.client = new PaydClient(this.options);
    this.logger = deps.logger;
  }

  private async intentOf(data: Record<string, unknown> | undefined): Promise<PaydIntent> {
    const id = data?.intentId;
    if (typeof id !== 'string') {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, 'payd: the payment session holds no payd intent id');
    }
    const intent = await this.client.getIntent(id).catch((e) => this.fail(e));
    this.ownOrThrow(intent);
    return intent;
  }

  // An intent of another store (or none of Medusa's) is never acted on.
  private ownOrThrow(intent: PaydIntent): void {
    if (intent.metadata?.medusaStore !== this.options.storeId) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `payd: intent ${intent.id} belongs to another store`);
    }
  }

  private fail(e: unknown): never {
    if (e instanceof PaydApiError) {
      const type = e.status === 0 || e.status >= 500 ? MedusaError.Types.UNEXPECTED_STATE : MedusaError.Types.INVALID_DATA;
      throw new MedusaError(type, e.message);
    }
    throw e;
  }

  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const currency = input.currency_code.toUpperCase();
    if (currency !== 'USD') {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `payd: carts in ${currency} cannot be paid with payd, which prices in USD`);
    }
    const amount = usd(input.amount);
    const sessionId = String(input.data?.session_id ?? '');
    if (!sessionId) throw new MedusaError(MedusaError.Types.INVALID_DATA, 'payd: no payment session id');
    const metadata: Record<string, string> = { medusaStore: this.options.storeId!, medusaSessionId: sessionId };
    const cartId = input.data?.cart_id ?? (input.context as Record<string, unknown> | undefined)?.cart_id;
    if (typeof cartId === 'string') metadata.medusaCartId = cartId;
    const intent = await this.client
      .createIntent({ amount, currency, metadata, idempotencyKey: `medusa-${sessionId}-${amount}` })
      .catch((e) => this.fail(e));
    // payd answers for what was asked: an intent for another amount is never taken.
    if (intent.currency !== currency || !sameDecimal(intent.amount, amount)) {
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `payd: intent ${intent.id} is for ${intent.amount} ${intent.currency}, the cart for ${amount} ${currency}`);
    }
    return { id: intent.id, data: sessionData(intent, { sessionId }), status: 'pending' };
  }

  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    // A new amount is a new intent (an intent's amount never changes).
    const started = await this.initiatePayment({ ...input, data: { ...input.data, session_id: input.data?.sessionId ?? input.data?.session_id } });
    return { data: started.data, status: started.status };
  }

  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const intent = await this.intentOf(input.data);
    const { status } = sessionStateOf(intent);
    return { status, data: sessionData(intent, kept(input.data)) };
  }

  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const intent = await this.intentOf(input.data);
    return { status: sessionStateOf(intent).status, data: sessionData(intent, kept(input.data)) };
  }

  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const intent = await this.intentOf(input.data);
    return { data: sessionData(intent, kept(input.data)) };
  }

  // A transfer on chain is final: a paid intent is captured already.
  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    return { data: input.data };
  }

  // An open intent cannot be withdrawn from payers (its page may be open); it
  // expires by itself, and a payment that comes anyway is the merchant's to decide.
  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    return { data: input.data };
  }

  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    return { data: input.data };
  }

  // payd holds no funds: nothing can be sent from here. The refund is recorded
  // as requested, with what the merchant must send and where, and logged as a
  // warning; it never says it was sent (see refunds.ts).
  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const data = input.data ?? {};
    if (typeof data.txHash !== 'string') {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `payd: intent ${data.intentId} shows no payment to refund`);
    }
    const refundId = String(input.context?.idempotency_key ?? `refund_${refundRequestsIn(data).length + 1}`);
    const request = refundRequestOf(data, usd(input.amount), refundId, new Date());
    this.logger?.warn(refundLogLine(request));
    return { data: withRefundRequest(data, request) };
  }

  async getWebhookActionAndData(payload: ProviderWebhookPayload['payload']): Promise<WebhookActionResult> {
    let event;
    try {
      event = verifyWebhook(this.options.webhookSecret, payload.headers, payload.rawData);
    } catch (e) {
      if (e instanceof PaydWebhookRefused) this.logger?.warn(e.message);
      // A 200 with no action: a forger learns nothing, and payd would not retry a 4xx sensibly either.
      return { action: 'not_supported' };
    }
    const intent = event.intent;
    if (!intent) return { action: 'not_supported' };
    if (intent.metadata?.medusaStore !== this.options.storeId || typeof intent.metadata?.medusaSessionId !== 'string') {
      this.logger?.info(`payd: webhook ${event.id} for intent ${intent.id} of another store ignored`);
      return { action: 'not_supported' };
    }
    const action = webhookActionOf(event.type, intent);
    this.logger?.info(`payd: webhook ${event.id} ${event.type} for intent ${intent.id}: ${action}`);
    if (action === 'not_supported') return { action };
    return { action, data: { session_id: intent.metadata.medusaSessionId as string, amount: new BigNumber(intent.amount) } };
  }
}

// Medusa's amount as payd's decimal string: cents always written ("42.50");
// more digits than cents are passed as they are, and payd refuses them.
function usd(amount: InitiatePaymentInput['amount']): string {
  const n = new BigNumber(amount).bigNumber!;
  return (n.decimalPlaces() ?? 0) <= 2 ? n.toFixed(2) : n.toFixed();
}

// Two decimal strings name the same amount ("42.5" and "42.50").
function sameDecimal(a: string, b: string): boolean {
  return new BigNumber(a).bigNumber!.isEqualTo(new BigNumber(b).bigNumber!);
}
