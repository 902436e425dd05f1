// A server-sent events client for tests (Node 20 has no EventSource): opens
// the stream with fetch and parses text/event-stream as the browser does
// (fields `event`, `data`, `id`, `retry`; comments; events end at a blank line).
export async function openEvents(url, { headers = {}, method = 'GET' } = {}) {
  const controller = new AbortController();
  const res = await fetch(url, { method, headers: { Accept: 'text/event-stream', ...headers }, signal: controller.signal });
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
    stream.ended = true;
    stream.done = Promise.resolve();
    return stream;
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
            if (event.data.length) stream.events.push({ ...event, data: event.data.join('\n') });
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
