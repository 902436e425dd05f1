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

// A follow outlives payd restarting and the network dropping out: what fails
// to reach payd is tried again 0.5 s, 1 s, 2 s, … later, at most 15 s apart
// (a page sees payd back within 15 s; jittered, so that a busy shop's pages
// do not all come back at once), and the follow fails with the last error
// only after 5 minutes without an answer: a restart or a blip takes seconds,
// an outage that long is one to tell the payer about. payd's own refusals
// (404 unknown intent, 401, 403, 400) end it at once.
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 15000;
const RETRY_FOR_MS = 5 * 60 * 1000;

// No answer, a 5xx (a proxy's while payd restarts, or payd's own), 408, 429
// or an answer that is not payd's: anything but payd refusing the request.
const retryable = (e) => e instanceof PaydError
  && (e.status === 0 || e.status >= 500 || e.status === 408 || e.status === 429 || e.code === 'invalid_response');

class Retry {
  constructor(signal) {
    this.signal = signal;
    this.answered();
  }

  answered() {
    this.delay = 0;
    this.since = null;
  }

  // Waits before the next try, or throws `error` once payd has not answered for RETRY_FOR_MS.
  async after(error) {
    this.since ??= Date.now();
    if (Date.now() - this.since >= RETRY_FOR_MS) throw error;
    this.delay = Math.min(this.delay ? this.delay * 2 : RETRY_FIRST_MS, RETRY_MAX_MS);
    await sleep(this.delay * (0.5 + Math.random() / 2), this.signal);
  }
}

// What stream() gives when payd ended the stream before the intent was settled.
const ENDED = Symbol('ended');

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
  // polling every pollIntervalMs when payd does not give a stream. Failures
  // to reach payd are tried again (Retry above); payd's refusals end it.
  async followIntent(id, { onUpdate, signal, pollIntervalMs = 3000 } = {}) {
    let last = null;
    const retry = new Retry(signal);
    const seen = (intent) => {
      retry.answered();
      const changed = !last || last.status !== intent.status || last.exception !== intent.exception
        || last.confirmations !== intent.confirmations || last.amountReceived !== intent.amountReceived;
      last = intent;
      if (changed && onUpdate) onUpdate(intent);
      return SETTLED.has(intent.status);
    };
    let polling = false;
    let streams = 0;
    for (;;) {
      try {
        if (polling) {
          if (seen(await this.getIntent(id, { signal }))) return last;
          await sleep(pollIntervalMs, signal);
          continue;
        }
        const outcome = await this.stream(id, seen, signal);
        // Not a stream (a refusal, an older payd): polling says why, with payd's error.
        if (outcome === null) polling = true;
        else if (outcome !== ENDED) return outcome;
        // The server ends a stream after ten minutes: open the next one.
        else if (++streams >= 1000) polling = true;
      } catch (e) {
        if (signal?.aborted) throw signal.reason;
        if (!retryable(e)) throw e;
        await retry.after(e);
      }
    }
  }

  // One event stream: resolves with the settled intent, ENDED when payd ended
  // the stream after its first event, or null when payd gives no stream;
  // throws a PaydError when payd cannot be reached or the stream breaks.
  async stream(id, seen, signal) {
    const url = this.intentPath(id, '/events');
    if (typeof EventSource === 'function' && !this.integrationKey) {
      // EventSource reconnects by itself; once it gives up, polling takes over.
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
    const broken = (what) => (e) => {
      if (signal?.aborted) throw signal.reason;
      throw new PaydError({ message: `${what}: ${e.message}` });
    };
    const res = await this.fetch(url, { headers: this.headers({ Accept: 'text/event-stream' }), signal })
      .catch(broken('payd could not be reached'));
    if (!res.ok || !(res.headers.get('Content-Type') || '').startsWith('text/event-stream') || !res.body) {
      await res.body?.cancel();
      if (res.status >= 500) throw new PaydError({ status: res.status, code: 'unavailable', message: `the event stream: payd answered ${res.status}` });
      return null;
    }
    let settled = null;
    let events = 0;
    await readEventStream(res.body, (event, data) => {
      if (event !== 'intent') return false;
      events++;
      const intent = JSON.parse(data);
      if (seen(intent)) settled = intent;
      return settled !== null;
    }).catch(broken('the event stream broke'));
    if (settled) return settled;
    if (!events) throw new PaydError({ message: 'the event stream ended before its first event' });
    return ENDED;
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

  // Opens the hosted checkout of an intent the shop's server made (POST
  // /v1/payment_intents, with its own key): the payer chooses chain and
  // token there and pays the amount the shop set.
  openIntent(id, options) {
    if (typeof id !== 'string' || !/^pi_[a-z2-7]+$/.test(id)) throw new TypeError('openIntent needs an intent id (pi_…)');
    return this.openCheckout(id, options);
  }

  checkoutUrl(intentOrLink) {
    if (typeof intentOrLink === 'string') return `${this.baseUrl}/pay/${encodeURIComponent(intentOrLink)}`;
    return intentOrLink.checkoutUrl ?? intentOrLink.url ?? `${this.baseUrl}/pay/${encodeURIComponent(intentOrLink.id)}`;
  }
}

export default Payd;
