// The reference deployment of docs/deployment.md made runnable: the files
// under deploy/ as an operator copies them, with only what must differ on a
// test machine replaced (ports, paths, the chain), each replacement checked
// to have happened exactly once, so that an edit of a reference file either
// is tested or breaks the test.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { join, resolve } from 'node:path';

import { stopProcess, track } from './cleanup.mjs';
import { checkedFetch } from './openapi.mjs';

// spawnSync blocks the event loop, where no test time-out can end it: each run has a deadline.
const TOOL_WITHIN_MS = 60000;

export const DEPLOY = resolve('deploy');
export const reference = (file) => readFileSync(join(DEPLOY, file), 'utf8');

// `text` with `from` (a string, found exactly once) replaced by `to`.
export function replaceOnce(text, from, to, what = 'the reference file') {
  const count = text.split(from).length - 1;
  if (count !== 1) throw new Error(`${what}: expected "${from}" once, found it ${count} times`);
  return text.replace(from, () => to);
}

// The [Service] settings of a systemd unit: each key's values in order.
export function unitSettings(text) {
  const settings = new Map();
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    if (line.startsWith('[')) {
      section = line;
      continue;
    }
    const eq = line.indexOf('=');
    const key = `${section}${line.slice(0, eq)}`;
    settings.set(key, [...(settings.get(key) ?? []), line.slice(eq + 1)]);
  }
  return settings;
}

// What systemd would run for instance `instance` of the unit: the arguments
// after the binary, the environment it sets, and the credentials it loads
// (name -> source path). `%i`, `%d`, `%S` and ${CREDENTIALS_DIRECTORY} are
// expanded as systemd does; anything else with a % fails.
export function unitCommand(text, { instance, credentials, state }) {
  const s = unitSettings(text);
  const expand = (v) => {
    const out = v.replaceAll('%i', instance).replaceAll('%d', credentials).replaceAll('%S', state)
      .replaceAll('${CREDENTIALS_DIRECTORY}', credentials);
    if (out.includes('%') || out.includes('$') || out.includes('"')) throw new Error(`unit: cannot expand ${v}`);
    return out;
  };
  const [execStart, ...more] = s.get('[Service]ExecStart') ?? [];
  if (!execStart || more.length) throw new Error('unit: expected one ExecStart');
  const [binary, ...args] = expand(execStart).split(/\s+/);
  const env = {};
  for (const assignment of s.get('[Service]Environment') ?? []) {
    const eq = assignment.indexOf('=');
    env[assignment.slice(0, eq)] = expand(assignment.slice(eq + 1));
  }
  const loaded = {};
  for (const c of s.get('[Service]LoadCredential') ?? []) {
    const [name, source] = c.split(':');
    loaded[name] = source;
  }
  return { binary, args, env, credentials: loaded, settings: s };
}

// `systemd-analyze verify` of the unit with its binary at `bin`; null when
// systemd-analyze is not installed. Warnings count as failures.
export function verifyUnit(text, dir, bin) {
  const probe = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8', timeout: TOOL_WITHIN_MS });
  if (probe.error) return null;
  const file = join(dir, 'payd@.service');
  writeFileSync(file, replaceOnce(text, '/usr/local/bin/payd', bin, 'payd@.service'));
  return spawnSync('systemd-analyze', ['verify', '--man=no', file], { encoding: 'utf8', cwd: dir, timeout: TOOL_WITHIN_MS });
}

export function nginxBinary() {
  for (const path of ['/usr/sbin/nginx', '/usr/local/sbin/nginx']) if (existsSync(path)) return path;
  const r = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8', timeout: TOOL_WITHIN_MS });
  return r.status === 0 ? r.stdout.trim() : null;
}

// A self-signed certificate for `host` in `dir`: {cert, key, pem}.
export function selfSignedCert(dir, host) {
  const cert = join(dir, 'fullchain.pem');
  const key = join(dir, 'privkey.pem');
  const r = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1',
    '-nodes', '-days', '1', '-subj', `/CN=${host}`, '-addext', `subjectAltName=DNS:${host}`,
    '-keyout', key, '-out', cert], { encoding: 'utf8', timeout: TOOL_WITHIN_MS });
  if (r.status !== 0) throw new Error(`openssl: ${r.error?.message ?? ''} ${r.stderr}`);
  return { cert, key, pem: readFileSync(cert, 'utf8') };
}

// The reference nginx files in a top-level nginx.conf of the test's own:
// payd-upstream.conf with the test's payd ports, a plain-HTTP server on
// loopback that includes payd-proxy.conf as it is, and payd-site.conf
// (TLS) with the test's ports, certificate and paths. Returns the paths.
export function writeNginxConfig(dir, { port, upstreamPorts, site }) {
  chmodSync(dir, 0o755); // nginx's workers drop root's rights when the test runs as root
  for (const sub of ['logs', 'temp', 'www']) mkdirSync(join(dir, sub), { recursive: true });
  let upstream = reference('nginx/payd-upstream.conf');
  upstream = replaceOnce(upstream, '127.0.0.1:8081', `127.0.0.1:${upstreamPorts[0]}`, 'payd-upstream.conf');
  upstream = replaceOnce(upstream, '127.0.0.1:8082', `127.0.0.1:${upstreamPorts[1]}`, 'payd-upstream.conf');
  writeFileSync(join(dir, 'payd-upstream.conf'), upstream);

  let tls = reference('nginx/payd-site.conf');
  for (const [from, to] of [
    ['listen 80;', `listen 127.0.0.1:${site.httpPort};`],
    ['listen [::]:80;', ''],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${site.httpsPort} ssl http2;`],
    ['listen [::]:443 ssl http2;', ''],
    ['/etc/letsencrypt/live/pay.example.com/fullchain.pem', site.cert],
    ['/etc/letsencrypt/live/pay.example.com/privkey.pem', site.key],
    ['/var/www/html', join(dir, 'www')],
    ['/var/log/nginx/payd.access.log', join(dir, 'logs/site-access.log')],
    ['/var/log/nginx/payd.error.log', join(dir, 'logs/site-error.log')],
    ['/etc/nginx/snippets/payd-proxy.conf', join(DEPLOY, 'nginx/payd-proxy.conf')],
  ]) tls = replaceOnce(tls, from, to, 'payd-site.conf');
  writeFileSync(join(dir, 'payd-site.conf'), tls);

  writeFileSync(join(dir, 'nginx.conf'), nginxConf(dir, {
    port,
    logFormat: '$remote_addr "$request" $status upstream=$upstream_addr upstream_status=$upstream_status',
    extra: `include ${join(dir, 'payd-site.conf')};`,
  }));
  return { conf: join(dir, 'nginx.conf') };
}

// A top-level nginx.conf whose files stay under `dir`: the upstream of
// `dir`/payd-upstream.conf, a plain-HTTP server on loopback `port` that
// includes payd-proxy.conf as it is, an access log in `logFormat`, and
// `extra` inside http {}.
export function nginxConf(dir, { port, logFormat, workers = 2, connections = 512, logBuffer = '', extra = '' }) {
  const t = (name) => join(dir, 'temp', name);
  return `
worker_processes ${workers};
events { worker_connections ${connections}; }
http {
    log_format upstreams '${logFormat}';
    access_log ${join(dir, 'logs/access.log')} upstreams${logBuffer ? ` ${logBuffer}` : ''};
    client_body_temp_path ${t('body')};
    proxy_temp_path ${t('proxy')};
    fastcgi_temp_path ${t('fastcgi')};
    uwsgi_temp_path ${t('uwsgi')};
    scgi_temp_path ${t('scgi')};

    include ${join(dir, 'payd-upstream.conf')};

    server {
        listen 127.0.0.1:${port};
        include ${join(DEPLOY, 'nginx/payd-proxy.conf')};
    }

    ${extra}
}
`;
}

// nginx in the foreground with its files under `dir`; resolves once it
// answers on `port`. It runs in a process group of its own: its workers
// outlive a master killed with SIGKILL, the whole group does not (stop(), and
// lib/cleanup.mjs's safety net should this process end first).
export async function startNginx(bin, dir, port) {
  const conf = join(dir, 'nginx.conf');
  const globals = `daemon off; pid ${join(dir, 'nginx.pid')}; error_log ${join(dir, 'logs/error.log')} info;`;
  const args = ['-p', `${dir}/`, '-c', conf, '-g', globals];
  const check = spawnSync(bin, [...args, '-t'], { encoding: 'utf8', timeout: TOOL_WITHIN_MS });
  if (check.status !== 0) throw new Error(`nginx -t:\n${check.error?.message ?? ''} ${check.stderr}`);
  const proc = track(spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true }), { group: true });
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr += d));
  const nginx = {
    proc,
    url: `http://127.0.0.1:${port}`,
    accessLog: () => readFileSync(join(dir, 'logs/access.log'), 'utf8').split('\n').filter(Boolean),
    errorLog: () => readFileSync(join(dir, 'logs/error.log'), 'utf8'),
    // Graceful (SIGQUIT: workers finish what they serve), fast (SIGTERM) after
    // 3 s (a stream held open, say); still there after 15 s: SIGKILL, and the stop fails.
    async stop() {
      const fast = setTimeout(() => { try { process.kill(-proc.pid, 'SIGTERM'); } catch {} }, 3000); // sleep-ok: a deadline for nginx's graceful stop
      try {
        await stopProcess(proc, { signal: 'SIGQUIT', withinMs: 15000, name: 'nginx', group: true });
      } finally {
        clearTimeout(fast);
      }
    },
  };
  const deadline = Date.now() + 10000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`nginx exited ${proc.exitCode}:\n${stderr}`);
    try {
      await checkedFetch(`${nginx.url}/healthz`);
      return nginx;
    } catch {
      if (Date.now() > deadline) {
        await nginx.stop().catch(() => {});
        throw new Error(`nginx did not answer:\n${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 50)); // sleep-ok: polling interval of the wait for nginx to answer
    }
  }
}

// How many established TCP connections on this host go to 127.0.0.1:`port`
// (the client's side of each), from /proc/net/tcp.
export function establishedTo(port) {
  const remote = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  return readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f[2] === remote && f[3] === '01').length;
}

// One request with node:http(s), for what fetch cannot choose: the local
// address it connects from, the TLS trust anchor and name, the Host header.
export function rawRequest(url, { method = 'GET', headers = {}, localAddress, ca, servername } = {}) {
  const u = new URL(url);
  const request = u.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((res, rej) => {
    const req = request({
      host: u.hostname, port: u.port, path: u.pathname + u.search, method, headers, localAddress, ca, servername,
      agent: false,
    }, (reply) => {
      let body = '';
      reply.setEncoding('utf8');
      reply.on('data', (d) => (body += d));
      reply.on('end', () => res({ status: reply.statusCode, headers: reply.headers, body }));
    });
    req.on('error', rej);
    req.end();
  });
}
