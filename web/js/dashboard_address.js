// The integration form's payout address, checked as it is typed: only its
// shape (0x and 40 hex digits), said beside the field. The EIP-55 checksum
// (mixed case) is checked by payd when the form is sent, with the API's
// message: it needs Keccak-256, which browsers do not offer (Web Crypto has
// SHA-1 and SHA-2 only), and the dashboard has no bundler to ship viem's.
// Said when the field is left, then updated as it is corrected, so a half-typed
// address is not scolded. Without this script the form works the same.
import { say } from './dashboard_words.js';

const SHAPE = /^0x[0-9a-fA-F]{40}$/;

for (const input of document.querySelectorAll('input[data-address]')) {
  const message = document.createElement('p');
  message.className = 'field-status';
  message.id = `${input.id}-status`;
  message.setAttribute('aria-live', 'polite');
  input.before(message);
  input.setAttribute('aria-describedby', `${input.getAttribute('aria-describedby') ?? ''} ${message.id}`.trim());
  const check = () => {
    const value = input.value.trim();
    if (value === '' || SHAPE.test(value)) {
      message.textContent = '';
    } else if (!value.startsWith('0x')) {
      message.textContent = say('An address starts with 0x.');
    } else if (/[^0-9a-fA-F]/.test(value.slice(2))) {
      message.textContent = say('After 0x, an address has only the digits 0-9 and letters a-f.');
    } else {
      message.textContent = say('An address has 40 characters after 0x; this one has {count}.', { count: value.length - 2 });
    }
  };
  input.addEventListener('input', () => {
    if (message.textContent) check();
  });
  input.addEventListener('blur', check);
  // On a slow page the address may have been typed, and the field left, before this ran.
  if (input.value && document.activeElement !== input) check();
}
