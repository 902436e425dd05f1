// The page's strings for scripts: the "js" part of its language catalog,
// rendered by the server into <script type="application/json" id="payd-messages">.
// English defaults stand in for a key a catalog lacks, so a missing
// translation shows words, never a key.
export const EN = {
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy. Select the text and copy it by hand.',
  'status.CREATED': 'Waiting for your payment.',
  'status.PENDING': 'Payment seen on the network. Waiting for confirmations.',
  'status.PAID': 'Paid. Thank you!',
  'status.EXPIRED': 'This payment request has expired. Nothing more can be paid to it.',
  'status.FAILED': 'This payment did not complete.',
  'exception.UNDERPAID': 'Less than the full amount has arrived.',
  'exception.OVERPAID': 'More than the amount arrived. The shop decides about the difference.',
  'exception.PAID_LATE': 'The payment arrived after the time ran out. The shop decides what happens next.',
  'exception.REVERSED_AFTER_CONFIRMATION': 'The network reversed this payment after it was confirmed. The shop has been told.',
  confirmations: '{n} of {total} confirmations',
  missing: 'Still missing: {amount} {symbol}. Send it from the wallet that paid the first part.',
  timeLeft: '{time} left',
  timeUp: 'Time is up',
  payWith: 'Pay with {wallet}',
  payWithWallet: 'Pay with your browser wallet',
  walletWaiting: 'Confirm the payment in your wallet.',
  walletSent: 'Payment sent. Waiting for the network to confirm it.',
  'wallet.rejected': 'You declined the request in your wallet. Nothing was sent.',
  'wallet.wrongChain': 'Your wallet is on another network. Switch it to {chain} and try again.',
  'wallet.insufficientFunds': 'Your wallet does not hold enough for this amount and the network fee.',
  'wallet.pending': 'Your wallet already has a request open. Finish it in the wallet.',
  'wallet.failed': 'The wallet could not send the payment. You can still pay with the QR code or the address.',
  redirecting: 'Paid. Taking you back to the shop.',
  amountRequired: 'Enter an amount',
  amountInvalid: 'Enter an amount as a number, like 12.50',
  amountPrecision: 'Enter at most {decimals} digits after the decimal point',
  amountTooLow: 'Enter at least {min}',
};

let catalog = null;

function load() {
  if (catalog) return catalog;
  catalog = {};
  const el = document.getElementById('payd-messages');
  try {
    if (el) catalog = JSON.parse(el.textContent || '{}') || {};
  } catch {
    catalog = {};
  }
  return catalog;
}

// The string for `key` with {name} placeholders filled from `vars`.
export function t(key, vars = {}) {
  const text = load()[key] ?? EN[key] ?? key;
  return String(text).replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}

// Smallest units as a decimal string (BigInt only), with the catalog's
// decimal separator.
export function formatUnits(units, decimals) {
  const v = BigInt(units);
  const neg = v < 0n;
  const s = (neg ? -v : v).toString().padStart(decimals + 1, '0');
  const whole = s.slice(0, s.length - decimals) || '0';
  const frac = decimals ? s.slice(s.length - decimals).replace(/0+$/, '') : '';
  const sep = load().decimal || '.';
  return (neg ? '-' : '') + whole + (frac ? sep + frac : '');
}
