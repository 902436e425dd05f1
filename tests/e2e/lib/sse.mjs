import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';

import { validateExchange, validateSchema } from './openapi.mjs';

// fetch() from a chosen local address (Node's fetch cannot bind one): the
// answer as a web Response, its body streamed.
function fetchFrom(localAddress, url, { method, headers, signal }) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, localAddress }, (res) => {
      // close() ends the read as fetch's abort does: with an AbortError.
      signal.addEventListener('abort', () => {
        const error = new Error('aborted');
        error.name = 'AbortError';
        res.destroy(error);
        req.destroy();
      });
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        for (const v of [value].flat()) responseHeaders.append(name, v);
      }
      const body = method === 'HEAD' ? null : Readable.toWeb(res);
      resolve(new Response(body, { status: res.statusCode, headers: responseHeaders }));
    });
    req.on('error', reject);
    req.end();
  });
}

// A server-sent events client for tests (Node 20 has no EventSource): opens
// the stream with fetch and parses text/event-stream as the browser does
// (fields `event`, `data`, `id`, `retry`; comments; events end at a blank line).
// The answer is checked against docs/openapi.yaml (lib/openapi.mjs): a stream's status and
// headers when it opens, and each `intent` event's data as a PublicIntent.
// `localAddress` (a loopback address such as 127.0.0.2) makes the request come
// from another client address, for the per-client limits.
export async function openEvents(url, { headers = {}, method = 'GET', localAddress } = {}) {
  const controller = new AbortController();
  const requestHeaders = { Accept: 'text/event-stream', ...headers };
  const res = localAddress
    ? await fetchFrom(localAddress, url, { method, headers: requestHeaders, signal: controller.signal })
    : await fetch(url, { method, headers: requestHeaders, signal: controller.signal });
  const { pathname, search } = new URL(url);
  const exchange = { method, path: pathname + search, headers: requestHeaders };
  const stream = {
    status: res.status,
    headers: res.headers,
    events: [], // {event, data, id}
    comments: [],
    retry: null,
    ended: false, // the server ended the stream
    close: () => controller.abort(),
    text: null, // the body, when the answer is not a stream
  };
  if (!res.headers.get('content-type')?.startsWith('text/event-stream') || method === 'HEAD') {
    stream.text = await res.text();
    validateExchange(exchange, { status: res.status, headers: res.headers, text: stream.text });
    stream.ended = true;
    stream.done = Promise.resolve();
    return stream;
  }
  try {
    validateExchange(exchange, { status: res.status, headers: res.headers, streamed: true });
  } catch (e) {
    controller.abort();
    throw e;
  }
  stream.done = (async () => {
    const decoder = new TextDecoder();
    let pending = '';
    let event = { event: 'message', data: [] };
    try {
      for await (const bytes of res.body) {
        pending += decoder.decode(bytes, { stream: true });
        let cut;
        while ((cut = pending.search(/\r\n|\r|\n/)) !== -1) {
          const line = pending.slice(0, cut);
          pending = pending.slice(cut + (pending.startsWith('\r\n', cut) ? 2 : 1));
          if (line === '') {
            if (event.data.length) {
              const data = event.data.join('\n');
              if (event.event === 'intent') validateSchema('PublicIntent', JSON.parse(data), `an intent event of ${url}`);
              stream.events.push({ ...event, data });
            }
            event = { event: 'message', data: [] };
          } else if (line.startsWith(':')) {
            stream.comments.push(line.slice(1).trim());
          } else {
            const colon = line.indexOf(':');
            const field = colon === -1 ? line : line.slice(0, colon);
            const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'data') event.data.push(value);
            else if (field === 'event') event.event = value;
            else if (field === 'id') event.id = value;
            else if (field === 'retry') stream.retry = Number(value);
          }
        }
      }
      stream.ended = true;
    } catch (e) {
      if (e.name !== 'AbortError') throw e;
    }
  })();
  return stream;
}

// The `intent` events' payer views, parsed.
export const intentViews = (stream) =>
  stream.events.filter((e) => e.event === 'intent').map((e) => JSON.parse(e.data));
