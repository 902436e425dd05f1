// A refund asked for in Medusa's admin, as the provider records it. payd
// never holds funds, so it cannot send one: the merchant sends it from their
// own wallet. The request is kept in the payment's data with what to send and
// where, and always says it has not been sent: nothing here can know it was.

export interface RefundRequest {
  // Medusa's refund id (its idempotency key), so a retried call records it once.
  refundId: string;
  // In the session's currency (its intent's), with its minor units: "5.00" EUR, "500" JPY.
  amount: string;
  currency: string;
  status: 'requested';
  sent: false;
  // What the merchant must send, in words: "5.00 EUR in USDC on Base".
  send: string;
  // The payer's wallet, which sent the payment; null when payd did not see one.
  to: string | null;
  intentId: string | null;
  paymentTxHash: string | null;
  requestedAt: string;
  note: string;
}

const NOTE =
  'payd never holds funds and has not sent this refund. Send it from your own wallet; ' +
  "Medusa's refund records what the shop owes the customer, not a transfer.";

export function refundRequestOf(data: Record<string, unknown>, amount: string, currency: string, refundId: string, now: Date): RefundRequest {
  const text = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : null);
  const token = text('token');
  const chain = text('chain');
  return {
    refundId,
    amount,
    currency,
    status: 'requested',
    sent: false,
    send: `${amount} ${currency}${token ? ` in ${token}` : ''}${chain ? ` on ${chain}` : ''}`,
    to: text('senderAddress'),
    intentId: text('intentId'),
    paymentTxHash: text('txHash'),
    requestedAt: now.toISOString(),
    note: NOTE,
  };
}

// The payment's data with the request added, or put in place of the one with
// the same refund id (a retry), the others kept in the order they came.
export function withRefundRequest(data: Record<string, unknown>, request: RefundRequest): Record<string, unknown> {
  const earlier = refundRequestsIn(data).filter((r) => r.refundId !== request.refundId);
  return { ...data, refundRequests: [...earlier, request] };
}

export function refundRequestsIn(data: Record<string, unknown> | undefined): RefundRequest[] {
  const list = data?.refundRequests;
  return Array.isArray(list) ? (list as RefundRequest[]) : [];
}

// The log line a merchant (or their alerting) looks for: what to send, where.
export function refundLogLine(r: RefundRequest): string {
  const to = r.to ? `to the payer's wallet ${r.to}` : 'to an address the payer gives you (payd saw no sender)';
  return `payd: refund ${r.refundId} recorded as requested, NOT sent: send ${r.send} ${to} from your own wallet (intent ${r.intentId ?? 'unknown'}, payment ${r.paymentTxHash ?? 'unknown'})`;
}
