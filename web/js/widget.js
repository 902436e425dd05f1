// payd's widget loader, served at {base}/widget.js (DECISIONS §11). A shop
// pastes <script src="{base}/widget.js" data-link="plink_…"> (or
// data-intent="pi_…" for an intent its server made with POST
// /v1/payment_intents, or data-integration + data-amount-usd | data-amount +
// data-currency + data-chain-id, and data-metadata) and gets a pay button that opens the
// hosted checkout in a modal <dialog>, or the checkout inline (WIDGET links,
// or data-display="inline"). The hosted page in the iframe posts its state;
// this script accepts messages only from payd's origin and its own iframe,
// and fires payd:paid, payd:expired and payd:closed on its <script> element.
// Closing and reopening resumes the same intent (sessionStorage).
// A classic script, not a module: document.currentScript names its element.
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !script.src) return;
  var payd = new URL(script.src).origin;
  var data = script.dataset;

  // The widget's few strings in each language: payd puts the "widget" part
  // of its catalogs (web/i18n/<lang>.json) here when it starts.
  var STRINGS = {/* payd:widget-strings */};
  var lang = (data.lang || document.documentElement.lang || navigator.language || 'en').slice(0, 2).toLowerCase();
  var text = STRINGS[lang] || STRINGS.en;

  // Resuming: the intent this script's attributes led to, in this tab.
  var attributes = {};
  Object.keys(data).sort().forEach(function (k) { attributes[k] = data[k]; });
  var storageKey = 'payd:' + payd + ':' + JSON.stringify(attributes);
  function stored() {
    try { return JSON.parse(sessionStorage.getItem(storageKey) || 'null'); } catch (e) { return null; }
  }
  function store(value) {
    try { sessionStorage.setItem(storageKey, JSON.stringify(value)); } catch (e) { /* private mode: no resuming */ }
  }

  var lastIntent = null;
  var frame = null;
  // The hosted page says hello when framed; silence means the browser
  // refused to frame it here (frame-ancestors: this origin is not allowed).
  var handshake = null;
  var answered = false;
  var activeDialog = null;
  var HANDSHAKE_MS = 15000;
  var fired = {};

  // True unless a listener called preventDefault().
  function fire(name, intent) {
    return script.dispatchEvent(new CustomEvent('payd:' + name, { bubbles: true, cancelable: true, detail: { intent: intent } }));
  }

  // The link's returnUrl, as the hosted page in the frame names it: the shop
  // page goes there after a paid intent, as the hosted page would on its own
  // (DECISIONS §11), unless the shop handled payd:paid with preventDefault().
  var RETURN_AFTER_MS = 4000;
  function returnTo(url) {
    try {
      var u = new URL(url);
      if (u.protocol === 'https:' || u.protocol === 'http:') {
        setTimeout(function () { location.assign(u.href); }, RETURN_AFTER_MS);
      }
    } catch (e) { /* not a URL: stay */ }
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== payd || !frame || event.source !== frame.contentWindow) return;
    var m = event.data;
    if (!m || m.source !== 'payd') return;
    answered = true;
    clearTimeout(handshake);
    if (m.type === 'close' && activeDialog) activeDialog.close();
    if (m.type !== 'state' || !m.intent || !/^pi_/.test(m.intent.id)) return;
    lastIntent = m.intent;
    var saved = stored() || {};
    saved.intentId = m.intent.id;
    store(saved);
    var key = m.intent.id + ':' + m.intent.status;
    if (fired[key]) return;
    fired[key] = true;
    if (m.intent.status === 'PAID' && fire('paid', m.intent) && typeof m.returnTo === 'string') returnTo(m.returnTo);
    if (m.intent.status === 'EXPIRED') fire('expired', m.intent);
  });

  function refuse(container, why) {
    if (window.console) console.warn('payd widget: ' + why);
    var p = document.createElement('p');
    p.setAttribute('role', 'alert');
    p.className = 'payd-refused';
    p.textContent = text.refused;
    container.appendChild(p);
    return p;
  }

  function pageUrl(id) {
    return payd + '/pay/' + encodeURIComponent(id) + '?lang=' + encodeURIComponent(lang)
      + '#origin=' + encodeURIComponent(location.origin);
  }

  function parseMetadata() {
    if (!data.metadata) return undefined;
    try { return JSON.parse(data.metadata); } catch (e) { throw new Error('data-metadata is not JSON'); }
  }

  function postJson(path, body) {
    return fetch(payd + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (r) { return r.json().then(function (j) { return { ok: r.ok, status: r.status, json: j }; }); });
  }

  function getJson(url) {
    return fetch(url, { headers: { Accept: 'application/json' } }).then(function (r) {
      if (!r.ok) throw new Error(url + ': ' + r.status);
      return r.json();
    });
  }

  // Where the checkout starts: the resumed intent when it can still be
  // paid or shown, else the link page, else a new ad-hoc intent.
  function target() {
    var saved = stored() || {};
    var resume = saved.intentId && (!lastIntent || (lastIntent.status !== 'EXPIRED' && lastIntent.status !== 'FAILED'));
    if (resume) return Promise.resolve(pageUrl(saved.intentId));
    if (data.intent) {
      if (!/^pi_[a-z2-7]+$/.test(data.intent)) return Promise.reject(new Error('data-intent is not an intent id (pi_…)'));
      return Promise.resolve(pageUrl(data.intent));
    }
    if (data.link) return Promise.resolve(pageUrl(data.link));
    if (!data.integration) return Promise.reject(new Error('needs data-link, data-intent or data-integration'));
    var body = { metadata: parseMetadata() };
    if (data.amountUsd) body.amount_usd = data.amountUsd;
    if (data.amount) body.amount = data.amount;
    if (data.currency) body.currency = data.currency;
    if (data.chainId) body.chainId = Number(data.chainId);
    saved.idempotencyKey = saved.idempotencyKey || ('w' + Date.now().toString(36) + Math.random().toString(36).slice(2));
    body.idempotencyKey = saved.idempotencyKey;
    store(saved);
    var path = '/public/integrations/' + encodeURIComponent(data.integration);
    var configured = body.currency && body.chainId ? Promise.resolve(null) : getJson(payd + path);
    return configured.then(function (config) {
      if (config) {
        body.currency = body.currency || config.preferredToken;
        body.chainId = body.chainId || config.allowChains[0];
      }
      return postJson(path + '/intent', body);
    }).then(function (r) {
      if (!r.ok) throw new Error('payd refused the intent: ' + JSON.stringify(r.json && r.json.error));
      lastIntent = r.json;
      saved.intentId = r.json.id;
      store(saved);
      return pageUrl(r.json.id);
    });
  }

  function makeFrame(url) {
    var f = document.createElement('iframe');
    f.src = url;
    f.title = text.title;
    f.className = 'payd-frame';
    f.setAttribute('allow', 'clipboard-write');
    f.style.border = '0';
    f.style.width = '100%';
    f.style.minHeight = '640px';
    f.style.display = 'block';
    clearTimeout(handshake);
    answered = false;
    f.addEventListener('load', function () {
      if (answered) return;
      handshake = setTimeout(function () {
        if (frame !== f) return;
        f.style.display = 'none';
        refuse(f.parentNode, 'the hosted page did not answer from its frame: is ' + location.origin + ' among the integration\'s allowed origins?');
      }, HANDSHAKE_MS);
    }, { once: true });
    return f;
  }

  function inline(container) {
    target().then(function (url) {
      frame = makeFrame(url);
      container.appendChild(frame);
    }, function (e) { refuse(container, e.message); });
  }

  function focusGuard(onFocus) {
    var guard = document.createElement('span');
    guard.tabIndex = 0;
    guard.className = 'payd-focus-guard';
    guard.addEventListener('focus', onFocus);
    return guard;
  }

  function button(container) {
    var open = document.createElement('button');
    open.type = 'button';
    open.className = 'payd-button';
    open.textContent = data.label || text.pay;
    container.appendChild(open);

    var dialog = document.createElement('dialog');
    dialog.className = 'payd-dialog';
    dialog.setAttribute('aria-label', text.title);
    dialog.style.boxSizing = 'border-box';
    dialog.style.width = 'min(480px, calc(100vw - 16px))';
    dialog.style.maxWidth = 'calc(100vw - 16px)';
    dialog.style.maxHeight = 'calc(100vh - 16px)';
    dialog.style.padding = '0';
    var close = document.createElement('button');
    close.type = 'button';
    close.className = 'payd-close';
    close.textContent = text.close;
    // A 44 px target, at the end of the bar where a phone's thumb looks for
    // it (WCAG 2.5.5); the shop can restyle .payd-close.
    close.style.display = 'block';
    close.style.margin = '8px 8px 8px auto';
    close.style.minWidth = '44px';
    close.style.minHeight = '44px';
    close.style.padding = '0 16px';
    close.style.fontSize = '16px';
    dialog.appendChild(close);
    // Focus stays in the modal: Tab past the iframe's last control lands on
    // the end guard, which sends it back to the Close button (and Shift+Tab
    // before Close, into the checkout). Native <dialog> lets it out to the
    // browser's own controls.
    var guardStart = focusGuard(function () { if (frame) frame.focus(); else close.focus(); });
    var guardEnd = focusGuard(function () { close.focus(); });
    dialog.insertBefore(guardStart, close);
    document.body.appendChild(dialog);

    dialog.appendChild(guardEnd);
    var error = null;
    close.addEventListener('click', function () { dialog.close(); });
    dialog.addEventListener('close', function () {
      if (frame) frame.remove();
      frame = null;
      if (error) error.remove();
      error = null;
      open.focus();
      fire('closed', lastIntent);
    });
    activeDialog = dialog;
    open.addEventListener('click', function () {
      dialog.showModal();
      close.focus();
      target().then(function (url) {
        if (!dialog.open) return;
        frame = makeFrame(url);
        dialog.insertBefore(frame, guardEnd);
      }, function (e) {
        error = refuse(dialog, e.message);
        dialog.insertBefore(error, guardEnd);
      });
    });
  }

  // BUTTON and WIDGET come from the link's type (payd answers a link's public
  // view as JSON); data-display overrides it, and ad-hoc amounts are a button.
  function display() {
    if (data.display === 'inline' || data.display === 'button') return Promise.resolve(data.display);
    if (!data.link) return Promise.resolve('button');
    return getJson(payd + '/pay/' + encodeURIComponent(data.link)).then(function (link) {
      return link.type === 'WIDGET' ? 'inline' : 'button';
    }, function (e) {
      // Unreadable here (this origin not allowed, or an older payd): a
      // button; the framed page's silence then shows the refusal.
      if (window.console) console.warn('payd widget: the type of ' + data.link + ' could not be read: ' + e.message);
      return 'button';
    });
  }

  var container = document.createElement('div');
  container.className = 'payd-widget';
  script.after(container);
  display().then(function (mode) {
    if (mode === 'inline') inline(container); else button(container);
  });
}());
