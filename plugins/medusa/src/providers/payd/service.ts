// payd as a Medusa v2 payment provider: a payment session is a payd intent,
// created from Medusa's server for the cart's amount; the customer pays on
// payd's hosted page (data.checkoutUrl) or in its widget; payd's signed
// webhook, or a read of the intent when Medusa asks, moves the session on
// (states.ts has the mapping). A session whose amount changes, or that ends,
// cancels its intent in payd, so that nobody can pay the old amount as if it
// were the order's (replaced.ts). payd never holds funds, so a refund becomes a
// payd refund that the merchant's payout wallet sends and payd confirms on
// chain; Medusa's payment data follows its status (refunds.ts).
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
import { cartAmount, sameDecimal } from './amounts';
import { PaydApiError, PaydClient, type PaydIntent } from './client';
import { type PaydOptions, validateOptions } from './options';
import { sessionStateOf, webhookActionOf } from './states';
import { refreshed, refundLogLine, refundRecordOf, refundRecordsIn, withRefundRecord } from './refunds';
import { replacedIntentsIn, replacedLogLine, replacedPaymentOf, replacedPaymentsIn, showsMoney } from './replaced';
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
// id, the refunds asked for (payd knows nothing of them), and the intents the
// session replaced, with any money seen on them.
function kept(data: Record<string, unknown> | undefined): Record<string, unknown> {
  const requests = refundRecordsIn(data);
  const replaced = replacedIntentsIn(data);
  const replacedPayments = replacedPaymentsIn(data);
  return {
    sessionId: data?.sessionId,
    ...(requests.length ? { refundRequests: requests } : {}),
    ...(replaced.length ? { replacedIntents: replaced } : {}),
    ...(replacedPayments.length ? { replacedIntentPayments: replacedPayments } : {}),
  };
}

// How a cancel treats an intent that already has money: updatePayment refuses
// to change the amount; cancelPayment and deletePayment leave it be, warned.
type WhenPaid = 'refuse' | 'warn';

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

  // This store's own intent: made with a key (createdVia "api": a payer's key-less
  // intent is "public" whatever metadata the payer gave it) and marked with
  // this store's id. Nothing else is ever acted on.
  private isOurs(intent: PaydIntent): boolean {
    return intent.createdVia === 'api' && intent.metadata?.medusaStore === this.options.storeId;
  }

  // An intent of another store (or none of Medusa's) is never acted on.
  private ownOrThrow(intent: PaydIntent): void {
    if (!this.isOurs(intent)) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `payd: intent ${intent.id} belongs to another store`);
    }
  }

  // payd's refusal of a new intent: a currency it does not price (a 400
  // naming currency, whose message lists those it does) is the cart's to
  // change, and says so; a currency whose rate is unavailable now (a 503) is
  // worth trying again later. Anything else as fail() has it.
  private refusedAsk(e: unknown, currency: string): never {
    if (e instanceof PaydApiError && e.status === 400 && e.param === 'currency') {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `payd: carts in ${currency} cannot be paid with payd: ${e.detail ?? e.message}`);
    }
    if (e instanceof PaydApiError && e.status === 503) {
      const later = e.retryAfter === undefined ? 'later' : `in ${e.retryAfter} s`;
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `payd: carts in ${currency} cannot be priced now (${e.detail ?? e.message}); try again ${later}`);
    }
    this.fail(e);
  }

  private fail(e: unknown): never {
    if (e instanceof PaydApiError) {
      const type = e.status === 0 || e.status >= 500 ? MedusaError.Types.UNEXPECTED_STATE : MedusaError.Types.INVALID_DATA;
      throw new MedusaError(type, e.message);
    }
    throw e;
  }

  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const started = await this.startIntent(input, []);
    return { id: started.intent.id, data: started.data, status: 'pending' };
  }

  // A new intent for the session's amount, in the cart's currency (any that
  // payd prices in: it refuses the others, naming those it prices in).
  // `replaced`: the intents the session had before (canceled); each
  // generation has its own Idempotency-Key, so that an amount asked again
  // (A, B, then A) never gets the canceled intent back, while Medusa
  // retrying one call gets the same intent.
  private async startIntent(input: InitiatePaymentInput, replaced: string[]): Promise<{ intent: PaydIntent; data: Record<string, unknown> }> {
    const currency = input.currency_code.toUpperCase();
    const amount = cartAmount(input.amount, currency);
    const sessionId = String(input.data?.session_id ?? '');
    if (!sessionId) throw new MedusaError(MedusaError.Types.INVALID_DATA, 'payd: no payment session id');
    const metadata: Record<string, string> = { medusaStore: this.options.storeId!, medusaSessionId: sessionId };
    const cartId = input.data?.cart_id ?? (input.context as Record<string, unknown> | undefined)?.cart_id;
    if (typeof cartId === 'string') metadata.medusaCartId = cartId;
    const idempotencyKey = `medusa-${sessionId}-${amount}${replaced.length ? `-${replaced.length}` : ''}`;
    const returnUrl = this.returnUrlFor(sessionId, typeof cartId === 'string' ? cartId : undefined);
    const intent = await this.client
      .createIntent({ amount, currency, metadata, idempotencyKey, ...(returnUrl ? { returnUrl } : {}) })
      .catch((e) => this.refusedAsk(e, currency));
    // payd answers for what was asked: an intent for another amount is never taken.
    if (intent.currency !== currency || !sameDecimal(intent.amount, amount)) {
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `payd: intent ${intent.id} is for ${intent.amount} ${intent.currency}, the cart for ${amount} ${currency}`);
    }
    return { intent, data: sessionData(intent, { sessionId, ...(replaced.length ? { replacedIntents: replaced } : {}) }) };
  }

  // The returnUrl option for this session; none when it names the cart and
  // the storefront did not pass the cart's id (data.cart_id) to the session.
  private returnUrlFor(sessionId: string, cartId: string | undefined): string | undefined {
    const template = this.options.returnUrl;
    if (!template) return undefined;
    if (template.includes('{cart_id}') && !cartId) {
      this.logger?.warn(`payd: session ${sessionId} has no cart id (the storefront passes it as data.cart_id): its intent gets no returnUrl`);
      return undefined;
    }
    return template.split('{session_id}').join(encodeURIComponent(sessionId)).split('{cart_id}').join(encodeURIComponent(cartId ?? ''));
  }

  // The session's amount changed: its intent is canceled in payd (a payment
  // of it afterwards is a late payment there, never this session's), and a
  // new intent asks for the new amount under the same session. The same
  // amount keeps the intent it has. An intent that has seen money already
  // cannot be replaced: the change is refused.
  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const data = input.data ?? {};
    const currency = input.currency_code.toUpperCase();
    const amount = cartAmount(input.amount, currency);
    if (typeof data.intentId === 'string' && typeof data.amount === 'string' && data.currency === currency && sameDecimal(data.amount, amount)) {
      return { data };
    }
    const replaced = replacedIntentsIn(data);
    if (typeof data.intentId === 'string') {
      await this.withdraw(data, 'refuse');
      if (!replaced.includes(data.intentId)) replaced.push(data.intentId);
    }
    const sessionId = data.sessionId ?? data.session_id;
    const started = await this.startIntent({ ...input, data: { ...data, session_id: sessionId } }, replaced);
    const carried = kept(data);
    return { data: { ...started.data, ...carried, ...(replaced.length ? { replacedIntents: replaced } : {}) }, status: 'pending' };
  }

  // Cancels the session's intent in payd: a CREATED one is expired at once
  // (canceledAt). One that expired, or was canceled, before is left as it is.
  // One with money seen (pending, paid, failed short) is refused for
  // updatePayment, and only warned about otherwise: the money is the
  // merchant's to see and decide on in payd.
  private async withdraw(data: Record<string, unknown>, whenPaid: WhenPaid): Promise<PaydIntent> {
    let intent = await this.intentOf(data);
    if (intent.status === 'created' && !intent.canceledAt) {
      try {
        intent = await this.client.cancelIntent(intent.id);
      } catch (e) {
        // Moved on meanwhile (a payment seen, or expiresAt passed): as it now is.
        if (!(e instanceof PaydApiError && e.status === 400)) this.fail(e);
        intent = await this.intentOf(data);
      }
    }
    if (showsMoney(intent)) {
      const what = `payd: intent ${intent.id} of session ${String(data.sessionId ?? 'unknown')} is ${intent.status}${intent.exception ? ` (${intent.exception})` : ''}: a payment was seen`;
      if (whenPaid === 'refuse') {
        throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `${what}, so its amount cannot change now; decide on it in payd first`);
      }
      this.logger?.warn(`${what}; it stays as it is in payd, for the merchant to decide`);
    }
    return intent;
  }

  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const intent = await this.intentOf(input.data);
    const { status } = sessionStateOf(intent);
    return { status, data: sessionData(intent, await this.keptWithReplaced(input.data)) };
  }

  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const intent = await this.intentOf(input.data);
    return { status: sessionStateOf(intent).status, data: sessionData(intent, await this.keptWithReplaced(input.data)) };
  }

  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const intent = await this.intentOf(input.data);
    const data = sessionData(intent, await this.keptWithReplaced(input.data));
    return { data: await this.withRefundsRead(data) };
  }

  // The refunds' records with payd's statuses now (sent, confirmed...): what
  // Medusa shows of them follows the chain, as payd saw it.
  private async withRefundsRead(data: Record<string, unknown>): Promise<Record<string, unknown>> {
    let out = data;
    for (const record of refundRecordsIn(data)) {
      if (!record.paydRefundId) continue;
      const refund = await this.client.getRefund(record.paydRefundId).catch((e) => this.fail(e));
      const next = refreshed(record, refund);
      if (next.status !== record.status) this.logger?.info(refundLogLine(next));
      out = withRefundRecord(out, next);
    }
    return out;
  }

  // kept(), with the money payd shows on the intents the session replaced:
  // recorded in the session's data (and logged once, when first seen), so the
  // merchant sees it in Medusa too. Those intents are this store's own.
  private async keptWithReplaced(data: Record<string, unknown> | undefined): Promise<Record<string, unknown>> {
    const out = kept(data);
    const ids = replacedIntentsIn(data);
    if (!ids.length) return out;
    const known = replacedPaymentsIn(data);
    const payments = [];
    for (const id of ids) {
      const intent = await this.client.getIntent(id).catch((e) => this.fail(e));
      if (!this.isOurs(intent) || !showsMoney(intent)) continue;
      const payment = replacedPaymentOf(intent);
      const before = known.find((p) => p.intentId === id);
      if (!before || before.status !== payment.status || before.txHash !== payment.txHash) this.logger?.warn(replacedLogLine(data?.sessionId, payment));
      payments.push(payment);
    }
    return { ...out, ...(payments.length ? { replacedIntentPayments: payments } : {}) };
  }

  // A transfer on chain is final: a paid intent is captured already.
  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    return { data: input.data };
  }

  // The session ends (Medusa cancels the payment, or deletes the session, as
  // it does for every session of a cart whose total changed): its intent is
  // canceled in payd, so its page takes no payment on time any more; a payment
  // that comes anyway is a late payment there, the merchant's to decide, and
  // its webhook moves no session (getWebhookActionAndData).
  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    if (typeof input.data?.intentId !== 'string') return { data: input.data };
    const intent = await this.withdraw(input.data, 'warn');
    return { data: sessionData(intent, kept(input.data)) };
  }

  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    if (typeof input.data?.intentId !== 'string') return { data: input.data };
    const intent = await this.withdraw(input.data, 'warn');
    return { data: sessionData(intent, kept(input.data)) };
  }

  // payd holds no funds: nothing can be sent from here. The refund is recorded
  // as requested, with what the merchant must send and where, and logged as a
  // warning; it never says it was sent (see refunds.ts). It is in the
  // session's currency, the intent's ("send 5.00 EUR in USDC").
  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const data = input.data ?? {};
    if (typeof data.txHash !== 'string') {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `payd: intent ${data.intentId} shows no payment to refund`);
    }
    if (typeof data.currency !== 'string') {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `payd: the payment of intent ${data.intentId} does not say its currency`);
    }
    const refundId = String(input.context?.idempotency_key ?? `refund_${refundRecordsIn(data).length + 1}`);
    const amount = cartAmount(input.amount, data.currency);
    const refund = await this.client
      .createRefund(String(data.intentId), amount, `medusa-refund:${refundId}`, { medusaRefundId: refundId })
      .catch((e) => this.fail(e));
    // The customer's own wallet is not known for sure: the link where they give
    // it, made once (Medusa retrying keeps the one it has: a new link would end it).
    const known = refundRecordsIn(data).find((r) => r.refundId === refundId && r.paydRefundId === refund.id);
    let pageUrl = known?.addressPageUrl ?? null;
    if (refund.status === 'address_needed' && !pageUrl) {
      pageUrl = (await this.client.refundAddressPage(refund.id).catch((e) => this.fail(e))).url;
    }
    const record = known
      ? refreshed({ ...known, addressPageUrl: pageUrl }, refund)
      : refundRecordOf(refund, refundId, amount, data.currency, pageUrl, new Date());
    this.logger?.warn(refundLogLine(record));
    return { data: withRefundRecord(data, record) };
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
    if (event.refund) {
      // Medusa has no action for a refund's moves: the line says it, and the
      // payment's data follows on Medusa's next read (retrievePayment).
      const r = event.refund;
      this.logger?.info(`payd: webhook ${event.id} ${event.type} for refund ${r.id} of intent ${r.paymentIntent ?? 'none'}: ${r.status}${r.txHash ? ` (transaction ${r.txHash})` : ''}`);
      return { action: 'not_supported' };
    }
    const intent = event.intent;
    if (!intent) return { action: 'not_supported' };
    if (!this.isOurs(intent) || typeof intent.metadata?.medusaSessionId !== 'string') {
      this.logger?.info(`payd: webhook ${event.id} for intent ${intent.id} of another store ignored`);
      return { action: 'not_supported' };
    }
    // A canceled intent no longer pays its session (a new intent does, or the
    // session is gone): whatever it says, nothing moves, not even a merchant's
    // acceptance in payd of its late payment, which would capture the session
    // at the old amount. Money on it is logged for the merchant.
    if (intent.canceledAt) {
      const line = `payd: webhook ${event.id} ${event.type} for intent ${intent.id}: ignored, the intent was canceled at ${intent.canceledAt}`;
      if (showsMoney(intent)) this.logger?.warn(`${line}; ${replacedLogLine(intent.metadata.medusaSessionId, replacedPaymentOf(intent))}`);
      else this.logger?.info(line);
      return { action: 'not_supported' };
    }
    const action = webhookActionOf(event.type, intent);
    this.logger?.info(`payd: webhook ${event.id} ${event.type} for intent ${intent.id}: ${action}`);
    if (action === 'not_supported') return { action };
    return { action, data: { session_id: intent.metadata.medusaSessionId as string, amount: new BigNumber(intent.amount) } };
  }
}
