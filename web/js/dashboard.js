// The dashboard's script: it only enhances pages that work without it
// (GOV.UK's way). A field with data-copy gets a "Copy" button that puts its
// value on the clipboard and says so to screen readers; a form with
// data-confirm asks before it is sent (revoking a key, removing an endpoint);
// a data-live region follows the ledger (server-sent events).
import { say } from './dashboard_words.js';

function addCopyButtons() {
  for (const field of document.querySelectorAll('input[data-copy], textarea[data-copy]')) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'button button-secondary copy-button';
    button.textContent = say('Copy');
    const status = document.createElement('span');
    status.className = 'copy-status';
    status.setAttribute('role', 'status');
    button.addEventListener('click', async () => {
      field.select();
      try {
        await navigator.clipboard.writeText(field.value);
        status.textContent = say('Copied');
      } catch {
        status.textContent = say('Selected: press Ctrl+C or ⌘C to copy');
      }
    });
    field.after(button, status);
  }
}

function confirmForms() {
  for (const form of document.querySelectorAll('form[data-confirm]')) {
    form.addEventListener('submit', (event) => {
      if (!window.confirm(form.dataset.confirm)) event.preventDefault();
    });
  }
}

// A region with data-live="<stream>" is read again whenever the stream says
// the ledger moved: a payment that arrives shows without a reload. Not while
// the person is typing in it, and only when something changed.
function liveRegion() {
  const region = document.querySelector('[data-live]');
  if (!region || !window.EventSource) return;
  const stream = new EventSource(region.dataset.live);
  let busy = false;
  stream.addEventListener('changed', async () => {
    if (busy || region.contains(document.activeElement) && document.activeElement.matches('input, textarea, select')) return;
    busy = true;
    try {
      const res = await fetch(window.location.href, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
      if (!res.ok) return;
      const next = new DOMParser().parseFromString(await res.text(), 'text/html').getElementById(region.id);
      if (next && next.innerHTML !== region.innerHTML) {
        region.innerHTML = next.innerHTML;
        const status = region.querySelector('[role="status"]');
        if (status) status.textContent = say('Updated');
      }
    } catch {
      // The next event tries again.
    } finally {
      busy = false;
    }
  });
}

// On a phone the sections, and Settings' tabs, scroll in one row: the current one in sight.
function showCurrentSection() {
  for (const nav of document.querySelectorAll('.dashboard-nav ul, .sub-nav ul')) {
    const current = nav.querySelector('[aria-current="page"]');
    if (current && nav.scrollWidth > nav.clientWidth) {
      const offset = current.getBoundingClientRect().left - nav.getBoundingClientRect().left;
      nav.scrollLeft += offset - (nav.clientWidth - current.offsetWidth) / 2;
    }
  }
}

// Times are written in the browser's zone until the person chooses one
// (Settings): the server learns it from this cookie.
function rememberTimeZone() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  // IANA names ("America/Sao_Paulo") are valid cookie text as they are.
  const cookie = `payd_tz=${zone}`;
  if (zone && !document.cookie.split('; ').includes(cookie)) {
    document.cookie = `${cookie}; Path=/dashboard; Max-Age=31536000; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
  }
}

rememberTimeZone();
addCopyButtons();
confirmForms();
liveRegion();
showCurrentSection();
