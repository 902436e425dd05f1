// A refund asked for in Medusa's admin becomes a payd refund (/v1/refunds,
// DECISIONS §15). payd never holds funds: the merchant's payout wallet sends
// it, and payd confirms it on chain. The payment's data keeps one record per
// Medusa refund: payd's refund, its status as last read (retrievePayment
// refreshes it), and, while payd waits for the customer's address, the link to
// send the customer.
import type { PaydRefund } from './client';

export interface RefundRecord {
  // Medusa's refund id (its idempotency key), so a retried call records it once.
  refundId: string;
  // In the session's currency (its intent's), with its minor units: "5.00" EUR, "500" JPY.
  amount: string;
  currency: string;
  paydRefundId: string;
  // payd's: address_needed, ready, sent, confirmed, canceled, reversed.
  status: PaydRefund['status'];
  // What the payout wallet sends: "5.00 USDC".
  send: string;
  to: string | null;
  // The customer's refund page while payd waits for their address.
  addressPageUrl: string | null;
  txHash: string | null;
  confirmedAt: string | null;
  requestedAt: string;
}

export function refundRecordOf(refund: PaydRefund, refundId: string, amount: string, currency: string,
  addressPageUrl: string | null, now: Date): RefundRecord {
  return {
    refundId,
    amount,
    currency,
    paydRefundId: refund.id,
    status: refund.status,
    send: `${refund.tokenAmount} ${refund.token}`,
    to: refund.to,
    addressPageUrl,
    txHash: refund.txHash,
    confirmedAt: refund.confirmedAt,
    requestedAt: now.toISOString(),
  };
}

// The record with what payd says now.
export function refreshed(record: RefundRecord, refund: PaydRefund): RefundRecord {
  return {
    ...record,
    status: refund.status,
    to: refund.to,
    addressPageUrl: refund.status === 'address_needed' ? record.addressPageUrl : null,
    txHash: refund.txHash,
    confirmedAt: refund.confirmedAt,
  };
}

// The payment's data with the record added, or put in place of the one with
// the same refund id (a retry), the others kept in the order they came.
export function withRefundRecord(data: Record<string, unknown>, record: RefundRecord): Record<string, unknown> {
  const earlier = refundRecordsIn(data).filter((r) => r.refundId !== record.refundId);
  return { ...data, refundRequests: [...earlier, record] };
}

export function refundRecordsIn(data: Record<string, unknown> | undefined): RefundRecord[] {
  const list = data?.refundRequests;
  return Array.isArray(list) ? (list as RefundRecord[]) : [];
}

// The log line a merchant (or their alerting) looks for: what happens next.
export function refundLogLine(r: RefundRecord): string {
  const head = `payd: refund ${r.refundId} is payd refund ${r.paydRefundId} (${r.amount} ${r.currency}, ${r.send})`;
  if (r.status === 'address_needed') {
    return `${head}: send the customer ${r.addressPageUrl} to give the address to refund to, then send it from your payout wallet (payd's dashboard prepares the transfer)`;
  }
  if (r.status === 'ready') return `${head}: send it to ${r.to} from your payout wallet (payd's dashboard prepares the transfer)`;
  return `${head}: ${r.status}`;
}
