// The link page's script. The form works without it (the server validates
// and answers 400 with the error shown); this checks the amount as the payer
// types, with the same rules (a decimal, at most the token's fraction
// digits, not below the minimum), so most mistakes never make a round trip.
// Inside the widget's iframe it says hello to the widget and keeps the
// widget's origin across the form's redirect to the intent page. The choice
// page of an intent made through /v1 uses it for that alone.
import { forwardEscape, postToParent } from './frame.js';
import { numberFormat, t } from './messages.js';

// A decimal string as an integer of `decimals` fraction digits, or null.
export function scaled(text, decimals) {
  const m = /^(\d+)(?:[.,](\d*))?$/.exec(text);
  if (!m || (m[2] ?? '').length > decimals) return null;
  return BigInt(m[1] + (m[2] ?? '').padEnd(decimals, '0'));
}

// What the payer typed with the page language's decimal separator written as
// a point, as payd reads the form: a point where the language groups with
// one ("1.000" in German) is ambiguous, and so is a comma in English. Null
// when it is not a plain decimal number.
export function asDecimal(text, { decimal, group } = numberFormat()) {
  let value = text.trim();
  if (decimal !== '.') {
    if (group === '.' && value.includes('.')) return null;
    value = value.split(decimal).join('.');
  }
  return /^\d+(?:\.\d*)?$/.test(value) ? value : null;
}

// The message for what the payer typed, or '' when it is fine.
export function amountProblem(text, { decimals = 2, min = '' } = {}) {
  if (!text.trim()) return t('amountRequired');
  const value = asDecimal(text);
  if (value === null) return t('amountInvalid');
  const units = scaled(value, decimals);
  if (units === null) return t('amountPrecision', { decimals });
  const floor = min ? scaled(min, decimals) : null;
  if (units === 0n || (floor !== null && units < floor)) return t('amountTooLow', { min: (min || '0').replace('.', numberFormat().decimal) });
  return '';
}

function setup(form) {
  const input = document.getElementById('amount-input');
  if (location.hash && postToParent('ready')) {
    // The fragment does not travel with a POST; a redirect keeps the one of
    // the URL the form was sent to.
    form.action = form.getAttribute('action') + location.hash;
    forwardEscape();
  }
  if (!input) return;
  let error = document.getElementById('amount-input-error');
  if (!error) {
    error = document.createElement('p');
    error.id = 'amount-input-error';
    error.className = 'field-error';
    error.hidden = true;
    input.before(error);
  }
  const described = new Set((input.getAttribute('aria-describedby') || '').split(/\s+/).filter(Boolean));
  described.add(error.id);
  input.setAttribute('aria-describedby', [...described].join(' '));

  const rules = { decimals: Number(input.dataset.decimals || 2), min: input.dataset.min || '' };
  let touched = false;
  const check = () => {
    const problem = amountProblem(input.value, rules);
    error.textContent = problem;
    error.hidden = !problem;
    if (problem) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
    return !problem;
  };
  // Checked on submit first, then as the payer corrects it. Not on blur: an
  // error appearing above the field as it loses focus moves the button away
  // from under the pointer that is clicking it.
  input.addEventListener('input', () => touched && check());
  form.addEventListener('submit', (event) => {
    touched = true;
    if (!check()) {
      event.preventDefault();
      input.focus();
    }
    // Sent as typed: payd reads it in the page's language (the form's lang field).
  });
}

// The link page, and the choice of chain and token for an intent made
// through /v1 (no amount to type there; the same frame handshake).
const main = document.getElementById('main');
const form = main && ['link', 'choice'].includes(main.dataset.page) && main.querySelector('form');
if (form) setup(form);
else if (main && main.dataset.page === 'choice' && location.hash && postToParent('ready')) forwardEscape();
