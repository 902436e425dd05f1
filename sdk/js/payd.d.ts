// Types of @payd/sdk (payd.js). What payd answers is typed from docs/openapi.yaml
// (api-types.d.ts); what the SDK takes is typed here. Amounts are decimal or
// integer strings, never numbers.

import type { components } from './api-types.js';

// The shapes of payd's answers come from docs/openapi.yaml (api-types.d.ts is generated from it).
type Schemas = components['schemas'];

export type IntentStatus = Schemas['IntentStatus'];
export type IntentException = NonNullable<Schemas['IntentException']>;
/** The payer's view of a payment intent. */
export type PaymentIntent = Schemas['PublicIntent'];
/** An integration's public configuration. */
export type IntegrationConfig = Schemas['PublicIntegration'];
export type TokenConfig = IntegrationConfig['chains'][string]['tokens'][number];

export interface CreateIntentOptions {
  /** USD, a decimal string with at most 2 fraction digits. Give this or `amount`. */
  amountUsd?: string;
  /** The token's smallest units, a base-10 integer string. */
  amount?: string;
  currency: string;
  chainId: number;
  metadata?: Record<string, string | number | boolean>;
  idempotencyKey?: string;
  paymentLinkId?: string;
  senderAddress?: string;
}

export interface PaydOptions {
  /** payd's public address, e.g. "https://pay.example.com". */
  baseUrl: string;
  /** The integration's publicId (int_…). */
  integration: string;
  /** svc_test_… / svc_live_…: admits requests without an Origin. Servers and apps only, never a web page. */
  integrationKey?: string;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface FollowOptions extends RequestOptions {
  onUpdate?: (intent: PaymentIntent) => void;
  /** When the event stream is unavailable; default 3000. */
  pollIntervalMs?: number;
}

/** payd's error answer (status, code, message, param, requestId), or a network failure (status 0). */
export class PaydError extends Error {
  readonly status: number;
  readonly code: string;
  readonly param?: string;
  readonly requestId?: string;
}

export class Payd {
  constructor(options: PaydOptions);
  readonly baseUrl: string;
  readonly integration: string;
  getConfig(options?: RequestOptions): Promise<IntegrationConfig>;
  createIntent(options: CreateIntentOptions, request?: RequestOptions): Promise<PaymentIntent>;
  getIntent(id: string, options?: RequestOptions): Promise<PaymentIntent>;
  /**
   * Resolves with the intent once PAID, EXPIRED or FAILED. When payd cannot be reached (a restart,
   * a network blip, a 5xx) it tries again, 0.5 s doubling to 15 s apart, and rejects with the last
   * error only after 5 minutes without an answer; payd's refusals (404, 401, 403) reject at once.
   */
  followIntent(id: string, options?: FollowOptions): Promise<PaymentIntent>;
  /** Browser only: goes to the hosted checkout of an intent or payment link (id or object). */
  openCheckout(intentOrLink: string | { id: string; checkoutUrl?: string; url?: string }, options?: { target?: string }): string;
  /** The hosted checkout of an intent made with POST /v1/payment_intents (`pi_…`); browser only. */
  openIntent(id: string, options?: { target?: string }): string;
  checkoutUrl(intentOrLink: string | { id: string; checkoutUrl?: string; url?: string }): string;
}

/** Reads a server-sent event stream; onEvent returning true stops it. */
export function readEventStream(
  body: AsyncIterable<Uint8Array>,
  onEvent: (event: string, data: string) => boolean | void,
): Promise<void>;

export default Payd;
