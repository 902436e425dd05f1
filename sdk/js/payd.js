// @payd/sdk: the payer's side of payd for browsers and Node 20+, with no
// dependencies. It reads an integration's public configuration, creates
// payment intents, follows one until it is settled and opens the hosted
// checkout. It talks only to payd's public endpoints: in a browser on an
// origin the integration allows, or anywhere with an integration key
// (svc_test_… / svc_live_…; keep it out of web pages, it admits requests
// without an Origin). payd serves this same file at {base}/sdk/payd.js.

const SETTLED = new Set(['PAID', 'EXPIRED', 'FAILED']);

// An error answer of payd (DECISIONS §3), or a network failure (status 0,
// code "network_error").
export class PaydError extends Error {
  constructor({ status = 0, code = 'network_error', message = 'payd could not be reached', param, requestId } = {}) {
    super(message);
    this.name = 'PaydError';
    this.status = status;
    this.code = code;
    this.param = param;
    this.requestId = requestId;
  }
}

// The request body of the public create endpoint, from camelCase options.
function intentBody(options) {
  const body = {};
  const names = {
    amountUsd: 'amount_usd', amount: 'amount', currency: 'currency', chainId: 'chainId', metadata: 'metadata',
    idempotencyKey: 'idempotencyKey', senderAddress: 'senderAddress', paymentLinkId: 'paymentLinkId',
  };
  for (const [key, value] of Object.entries(options || {})) {
    if (value === undefined) continue;
    const name = names[key] ?? (key === 'amount_usd' ? key : null);
    if (!name) throw new TypeError(`createIntent: unknown option "${key}"`);
    body[name] = value;
  }
  return body;
}

const sleep = (ms, signal) => new Promise((resolve, reject) => {
  if (signal?.aborted) return reject(signal.reason);
  const timer = setTimeout(resolve, ms);
  signal?.addEventListener('abort', () => {
    clearTimeout(timer);
    reject(signal.reason);
  }, { once: true });
});

// Reads "event:"/"data:" lines of a server-sent event stream and calls
// onEvent(event, data) per event, until onEvent returns true (the stream is
// then cancelled) or the stream ends. Exported for tests.
export async function readEventStream(body, onEvent) {
  const decoder = new TextDecoder();
  let buffer = '';
  let event = 'message';
  let data = [];
  const line = (text) => {
    if (text === '') {
      const stop = data.length > 0 && onEvent(event, data.join('\n')) === true;
      event = 'message';
      data = [];
      return stop;
    } else if (!text.startsWith(':')) {
      const colon = text.indexOf(':');
      const field = colon < 0 ? text : text.slice(0, colon);
      const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    return false;
  };
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop();
    if (lines.some(line)) break;
  }
}

export class Payd {
  // baseUrl: payd's public address; integration: the integration's publicId
  // (int_…); integrationKey: optional, for servers and apps; fetch: to
  // substitute the global fetch.
  constructor({ baseUrl, integration, integrationKey, fetch: fetchImpl } = {}) {
    if (!baseUrl) throw new TypeError('Payd: baseUrl is required');
    if (!integration) throw new TypeError('Payd: integration (the publicId, int_…) is required');
    this.baseUrl = String(baseUrl).replace(/\/+$/, '');
    this.integration = integration;
    this.integrationKey = integrationKey;
    this.fetch = fetchImpl ?? globalThis.fetch.bind(globalThis);
  }

  path(suffix = '') {
    return `${this.baseUrl}/public/integrations/${encodeURIComponent(this.integration)}${suffix}`;
  }

  intentPath(id, suffix = '') {
    return this.path(`/intents/${encodeURIComponent(id)}${suffix}`);
  }

  headers(extra = {}) {
    const h = { Accept: 'application/json', ...extra };
    if (this.integrationKey) h['X-API-Key'] = this.integrationKey;
    return h;
  }

  async request(method, url, { body, signal, headers } = {}) {
    let res;
    try {
      res = await this.fetch(url, {
        method,
        signal,
        headers: this.headers(body === undefined ? headers : { 'Content-Type': 'application/json', ...headers }),
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (e) {
      if (signal?.aborted) throw signal.reason;
      throw new PaydError({ message: `payd could not be reached: ${e.message}` });
    }
    const text = await res.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: described below
    }
    if (res.ok && json) return json;
    const error = json?.error ?? {};
    throw new PaydError({
      status: res.status,
      code: error.code ?? 'invalid_response',
      message: error.message ?? `payd answered ${res.status} without a JSON body`,
      param: error.param,
      requestId: error.requestId ?? res.headers.get('X-Request-Id') ?? undefined,
    });
  }

  // The integration's chains, tokens and preferred token.
  getConfig({ signal } = {}) {
    return this.request('GET', this.path(), { signal });
  }

  // Creates a payment intent and returns the payer's view of it. Options:
  // amountUsd (decimal string) or amount (smallest units, string), currency,
  // chainId, and optionally metadata, idempotencyKey, paymentLinkId,
  // senderAddress.
  createIntent(options, { signal } = {}) {
    return this.request('POST', this.path('/intent'), { body: intentBody(options), signal });
  }

  getIntent(id, { signal } = {}) {
    return this.request('GET', this.intentPath(id), { signal });
  }

  // Follows an intent until it is PAID, EXPIRED or FAILED and resolves with
  // it; onUpdate(intent) is called with each new state. An EXPIRED intent
  // can still turn PAID (exception PAID_LATE) for 24 h: the merchant's
  // webhooks have the last word. Server-sent events where possible
  // (EventSource in browsers without a key, a streamed fetch otherwise),
  // polling every pollIntervalMs when the stream is unavailable.
  async followIntent(id, { onUpdate, signal, pollIntervalMs = 3000 } = {}) {
    let last = null;
    const seen = (intent) => {
      const changed = !last || last.status !== intent.status || last.exception !== intent.exception
        || last.confirmations !== intent.confirmations || last.amountReceived !== intent.amountReceived;
      last = intent;
      if (changed && onUpdate) onUpdate(intent);
      return SETTLED.has(intent.status);
    };
    // A broken stream is not an answer: polling takes over.
    const streamed = await this.stream(id, seen, signal).catch((e) => {
      if (signal?.aborted) throw signal.reason;
      return null;
    });
    if (streamed) return streamed;
    for (;;) {
      if (seen(await this.getIntent(id, { signal }))) return last;
      await sleep(pollIntervalMs, signal);
    }
  }

  // Resolves with the settled intent from the event stream, or null when the
  // stream ended or is unavailable (polling takes over).
  async stream(id, seen, signal) {
    const url = this.intentPath(id, '/events');
    if (typeof EventSource === 'function' && !this.integrationKey) {
      return new Promise((resolve, reject) => {
        const source = new EventSource(url);
        const done = (value) => {
          source.close();
          resolve(value);
        };
        signal?.addEventListener('abort', () => {
          source.close();
          reject(signal.reason);
        }, { once: true });
        source.addEventListener('intent', (e) => {
          const intent = JSON.parse(e.data);
          if (seen(intent)) done(intent);
        });
        source.addEventListener('error', () => {
          if (source.readyState === EventSource.CLOSED) done(null);
        });
      });
    }
    for (let attempt = 0; attempt < 1000; attempt++) {
      const res = await this.fetch(url, { headers: this.headers({ Accept: 'text/event-stream' }), signal });
      // Not a stream (an older payd, a refusal): polling says why, with payd's error.
      if (!res.ok || !(res.headers.get('Content-Type') || '').startsWith('text/event-stream') || !res.body) {
        await res.body?.cancel();
        return null;
      }
      let settled = null;
      await readEventStream(res.body, (event, data) => {
        if (event !== 'intent') return false;
        const intent = JSON.parse(data);
        if (seen(intent)) settled = intent;
        return settled !== null;
      }).catch((e) => {
        if (signal?.aborted) throw signal.reason;
        throw e;
      });
      if (settled) return settled;
      // The server ends a stream after ten minutes: open the next one.
    }
    return null;
  }

  // Sends the browser to the hosted checkout of an intent (its payer view
  // or id) or of a payment link (plink_…, or a link object with a url).
  openCheckout(intentOrLink, { target = '_self' } = {}) {
    if (typeof window === 'undefined') throw new Error('openCheckout needs a browser');
    const url = this.checkoutUrl(intentOrLink);
    if (target === '_self') window.location.assign(url);
    else window.open(url, target, 'noopener');
    return url;
  }

  checkoutUrl(intentOrLink) {
    if (typeof intentOrLink === 'string') return `${this.baseUrl}/pay/${encodeURIComponent(intentOrLink)}`;
    return intentOrLink.checkoutUrl ?? intentOrLink.url ?? `${this.baseUrl}/pay/${encodeURIComponent(intentOrLink.id)}`;
  }
}

export default Payd;
