// A local HTTPS server serving files in the ECB's eurofxref-daily.xml format
// (https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml): a real TLS
// server with a self-signed certificate for 127.0.0.1, which payd is told to
// trust (ecb_ca_file). Each path serves its own day: `set(path, date, rates)`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const OPENSSL_WITHIN_MS = 60000;

// The ECB's file for `date` (YYYY-MM-DD) with `rates` ({USD: '1.0825', ...}, units per euro).
export function ecbXml(date, rates) {
  const cubes = Object.entries(rates).map(([c, r]) => `\t\t\t<Cube currency='${c}' rate='${r}'/>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='${date}'>
${cubes}
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>
`;
}

// A day whose rates are the latest whatever the hour: today's once the ECB's
// 16:00 CET has passed (14:00 UTC, as payd dates it), else yesterday's.
export function freshEcbDate(now = new Date()) {
  const day = new Date(now);
  if (now.getUTCHours() < 14) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

export async function startEcbServer() {
  const dir = mkdtempSync(join(tmpdir(), 'payd-ecb-'));
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1',
    '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
    '-keyout', key, '-out', cert], { encoding: 'utf8', timeout: OPENSSL_WITHIN_MS });
  if (made.status !== 0) throw new Error(`openssl: ${made.error?.message ?? ''} ${made.stderr}`);
  const files = new Map();
  const requests = [];
  const server = createServer({ cert: readFileSync(cert), key: readFileSync(key) }, (req, res) => {
    requests.push(req.url);
    const body = files.get(req.url);
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/xml' }).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `https://127.0.0.1:${server.address().port}`;
  return {
    caFile: cert,
    requests,
    url: (path) => `${base}${path}`,
    set: (path, date, rates) => files.set(path, ecbXml(date, rates)),
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => {
        rmSync(dir, { recursive: true, force: true });
        resolve();
      });
    }),
  };
}
