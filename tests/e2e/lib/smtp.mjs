// A real SMTP server on loopback for the email tests (npm smtp-server), with a
// throwaway certificate made by openssl, every message it takes parsed by
// mailparser. `refuse(n)` makes it answer 451 to the next n recipients (a
// relay that is busy for a while), as a real server under load does.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export const SMTP_PASSWORD = 'relay-secret-4af1c9';

// A throwaway certificate for 127.0.0.1, made by openssl for one test file.
export function throwawayCertificate(dir) {
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
  { stdio: 'ignore' });
  return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')), caFile: join(dir, 'cert.pem') };
}

// An SMTP server on a free loopback port that keeps what it was sent: each message parsed,
// with its envelope, who logged in and whether the session was encrypted.
export async function startRelay(options) {
  const received = [];
  const logins = [];
  let refusals = 0;
  const server = new SMTPServer({
    logger: false,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, session, done) {
      logins.push({ username: auth.username, secure: session.secure });
      if (auth.username === 'payd' && auth.password === SMTP_PASSWORD) return done(null, { user: 'payd' });
      return done(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, session, done) {
      if (refusals > 0) {
        refusals -= 1;
        return done(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      }
      return done();
    },
    onData(stream, session, done) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ raw, parsed: await simpleParser(raw), envelope: session.envelope, secure: session.secure });
        done();
      });
    },
    ...options,
  });
  // A client that gives up mid-handshake (an untrusted certificate) is an error event here.
  const errors = [];
  server.on('error', (e) => errors.push(e.message));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.server.address().port, received, logins, errors,
    refuse: (n) => { refusals = n; },
    refusalsLeft: () => refusals,
    close: () => new Promise((r) => server.close(r)),
  };
}

// The one-click unsubscribe address of a message as received (its List-Unsubscribe header,
// RFC 8058), or null: read from the raw text, as mailparser folds List-* headers into one.
export function unsubscribeUrlOf(mail) {
  const header = mail.raw.match(/^List-Unsubscribe: <([^>]+)>\r?$/mi);
  return header ? header[1] : null;
}

// The [email] table for a relay from startRelay (STARTTLS, the throwaway CA).
export function emailSettings(port, caFile, extra = '') {
  return `smtp_url = "smtp://127.0.0.1:${port}"\nusername = "payd"\nfrom = "payd@shop.example"\n` +
    `from_name = "Boutique Éloïse"\nca_file = "${caFile}"\n${extra}`;
}
