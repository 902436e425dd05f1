// The page's strings for scripts: the "js" part of its language catalog
// (web/i18n/<lang>.json, the one place each language's strings live), rendered
// by the server into <script type="application/json" id="payd-messages">. The
// server fills a string a translation lacks from English, and adds the
// language's separators as "decimal" and "group".
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
  const text = load()[key] ?? key;
  return String(text).replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}

// Smallest units as a decimal string (BigInt only), with the catalog's
// decimal separator unless `separator` names one ('.' for what wallets read).
export function formatUnits(units, decimals, separator) {
  const v = BigInt(units);
  const neg = v < 0n;
  const s = (neg ? -v : v).toString().padStart(decimals + 1, '0');
  const whole = s.slice(0, s.length - decimals) || '0';
  const frac = decimals ? s.slice(s.length - decimals).replace(/0+$/, '') : '';
  const sep = separator || load().decimal || '.';
  return (neg ? '-' : '') + whole + (frac ? sep + frac : '');
}

// The page language's separators: { decimal: ',', group: '.' } in German.
export function numberFormat() {
  const { decimal = '.', group = ',' } = load();
  return { decimal, group };
}
