// A webhook receiver as a merchant would run one: a real HTTP server that
// verifies every delivery with the reference Standard Webhooks verifier
// (npm `standardwebhooks`) and records what it got. Tests script its answers.
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

import { prepareWebhookValidators, webhookMismatch } from './openapi.mjs';

export async function startReceiver(options = {}) {
  // Compiled now, not while a delivery is being timed.
  prepareWebhookValidators();
  const receiver = new Receiver(options);
  await receiver.listen(options.port ?? 0);
  return receiver;
}

class Receiver {
  constructor({ secrets = [] } = {}) {
    this.secrets = secrets;   // whsec_... strings; a delivery must verify with each
    this.deliveries = [];     // every request, verified or not
    this.script = [];         // statuses to answer with, in turn; then 200
    this.requests = [];       // every request's method and path, even one that is no delivery
    // A request cut off mid-body (its sender was killed) is no delivery.
    this.server = createServer((req, res) => this.handle(req, res).catch(() => res.destroy()));
  }

  listen(port) {
    return new Promise((resolve) => this.server.listen(port, '127.0.0.1', () => {
      this.port = this.server.address().port;
      this.url = `http://127.0.0.1:${this.port}/hooks`;
      resolve();
    }));
  }

  // `at` is when the request arrived, before its body is read and checked:
  // that work is the receiver's, and a time-out test measures the sender's.
  async handle(req, res) {
    const arrived = performance.now();
    this.requests.push({ method: req.method, url: req.url, at: arrived });
    let body = '';
    for await (const chunk of req) body += chunk;
    const headers = {
      'webhook-id': req.headers['webhook-id'],
      'webhook-timestamp': req.headers['webhook-timestamp'],
      'webhook-signature': req.headers['webhook-signature'],
    };
    const verified = {};
    for (const secret of this.secrets) {
      try {
        verified[secret] = new Webhook(secret).verify(body, headers);
      } catch (e) {
        verified[secret] = null;
      }
    }
    const payload = JSON.parse(body);
    // A delivery docs/openapi.yaml does not describe (its `webhooks`) is not ok either.
    const mismatch = webhookMismatch(payload, req.headers);
    if (mismatch) console.error(mismatch);
    const ok = this.secrets.length > 0 && Object.values(verified).every(Boolean) && !mismatch;
    const answer = this.script.length ? this.script.shift() : (this.answer ?? 200);
    const delivery = { id: headers['webhook-id'], headers, body, payload, verified, ok, mismatch, answer, at: arrived };
    this.deliveries.push(delivery);
    const status = typeof answer === 'object' ? answer.status : answer;
    // An answer {status, delayMs} comes that long after the request arrived,
    // as a slow backend's does (time is what a test of the sender's time-out
    // is about). A sender that gives up first closes the connection:
    // `abandonedAt` says when.
    if (answer?.delayMs) {
      let timer;
      const gaveUp = new Promise((r) => res.once('close', () => r(true)));
      const left = Math.max(0, answer.delayMs - (performance.now() - arrived));
      const answered = new Promise((r) => (timer = setTimeout(() => r(false), left))); // sleep-ok: a receiver scripted to answer late
      const abandoned = await Promise.race([gaveUp, answered]);
      clearTimeout(timer);
      if (abandoned) {
        delivery.abandonedAt = performance.now();
        return;
      }
    }
    res.writeHead(status, typeof answer === 'object' ? answer.headers : {});
    res.end();
  }

  // Verified deliveries of one event type.
  of(type) {
    return this.deliveries.filter((d) => d.ok && d.payload.type === type);
  }

  close() {
    this.server.closeAllConnections?.();
    return new Promise((r) => this.server.close(r));
  }
}
