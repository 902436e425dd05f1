// HTTP at the byte level, for requests fetch() cannot send (NUL bytes and
// raw non-ASCII in request lines and headers, bad methods, broken framing):
// writes the bytes on a fresh TCP connection, half-closes it, and reads every
// response the server sends until it closes the connection.
import { connect } from 'node:net';

// Resolves with {bytes, responses, timedOut}; never rejects on a reset (a
// server may reset a connection it refuses), only on failing to connect.
export function rawExchange(port, bytes, { timeoutMs = 15000, head = false } = {}) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks = [];
    let connected = false;
    let done = false;
    const finish = (timedOut) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const all = Buffer.concat(chunks);
      resolve({ bytes: all, responses: parseResponses(all, { head }), timedOut });
    };
    const timer = setTimeout(() => finish(true), timeoutMs); // sleep-ok: a deadline, not a wait
    socket.on('connect', () => {
      connected = true;
      socket.end(bytes);
    });
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', (e) => (connected ? finish(false) : (clearTimeout(timer), reject(e))));
    socket.on('close', () => finish(false));
  });
}

// Splits a byte stream into HTTP/1.1 responses. Each is {status, headers
// (lowercase names), body (Buffer)}; a trailing fragment that is not a whole
// response is {malformed: <text>}. Answers to HEAD (`head`) have no body.
export function parseResponses(buffer, { head = false } = {}) {
  const out = [];
  let at = 0;
  while (at < buffer.length) {
    const end = buffer.indexOf('\r\n\r\n', at);
    if (end < 0) {
      out.push({ malformed: buffer.subarray(at).toString('latin1') });
      break;
    }
    const [statusLine, ...lines] = buffer.subarray(at, end).toString('latin1').split('\r\n');
    const m = /^HTTP\/1\.1 (\d{3}) /.exec(statusLine);
    if (!m) {
      out.push({ malformed: statusLine });
      break;
    }
    const headers = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    // An answer to HEAD has no body, unless the server could not read the
    // request as HEAD (malformed) and sent one: then the bytes that follow
    // are not the next response.
    const next = buffer.subarray(end + 4, end + 13).toString('latin1');
    const bodiless = Number(m[1]) < 200 || (head && (next === '' || next === 'HTTP/1.1 '));
    const length = bodiless ? 0 : Number(headers['content-length'] ?? 0);
    const body = buffer.subarray(end + 4, end + 4 + length);
    out.push({ status: Number(m[1]), headers, body, head: bodiless });
    at = end + 4 + length;
  }
  return out;
}
