// The data directory holds webhook secrets and key digests: only payd's user
// may read it. The directory is 0700 and every file in it (databases, WAL,
// shared memory, the rate-limit table) 0600, whatever the umask, and a
// looser directory or file left by an older payd or a restore is tightened,
// with a warning, at the next start.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { eventually } from './lib/chain.mjs';
import { stopAll } from './lib/cleanup.mjs';
import { createMerchant, launch, preparePayd } from './lib/payd.mjs';
import { sqliteOnly } from './lib/database.mjs';

const mode = (path) => statSync(path).mode & 0o777;
const octal = (m) => `0${m.toString(8)}`;

function assertPrivate(dir) {
  assert.equal(octal(mode(dir)), '0700', dir);
  const files = readdirSync(dir);
  for (const f of files) assert.equal(octal(mode(join(dir, f))), '0600', f);
  return files;
}

describe('data file permissions', { skip: sqliteOnly('the database files in the data directory') }, () => {
  test('the data directory is 0700 and its files 0600, also after a restart that finds them looser', async () => {
    // A umask that lets everyone read: payd must not depend on the operator's.
    const umask = process.umask(0o022);
    const payd = preparePayd();
    const data = payd.env.PAYD_DATA_DIR;
    try {
      createMerchant(payd);  // the CLI creates the directory and the database
      assertPrivate(data);
      await launch(payd);
      const files = assertPrivate(data);
      for (const f of ['payd.sqlite3', 'payd.sqlite3-wal', 'payd.sqlite3-shm', 'payd-usage.sqlite3',
        'payd-ratelimit.shm']) {
        assert.ok(files.includes(f), `${f} is there to check (${files.join(', ')})`);
      }
      await payd.stopCleanly();

      // A restore with a permissive umask, say.
      chmodSync(data, 0o755);
      for (const f of readdirSync(data)) chmodSync(join(data, f), 0o644);
      const logged = payd.logs.length;
      await launch(payd);
      assertPrivate(data);
      assert.ok(existsSync(join(data, 'payd.sqlite3-wal')));
      const warnings = await eventually(() => {
        const w = payd.logs.slice(logged).filter((l) => l.msg.startsWith('tightened permissions'));
        return w.length >= 2 ? w : null;
      }, { what: 'warnings about the loose permissions' });
      assert.ok(warnings.every((w) => w.level === 'warn'));
      assert.ok(warnings.some((w) => w.path === data && w.was === '0755'));
      assert.ok(warnings.some((w) => w.path === join(data, 'payd.sqlite3') && w.was === '0644'));
      await payd.stopCleanly();
    } finally {
      await stopAll(() => process.umask(umask), () => payd.cleanup());
    }
  });

  test('a shared directory (sticky, like /tmp) is not locked: payd says so and keeps its files private', async () => {
    const payd = preparePayd();
    const shared = join(payd.dir, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    try {
      const r = payd.adminRaw(['migrate', '--json'], { env: { PAYD_DATA_DIR: shared } });
      assert.equal(r.status, 0, r.stderr);
      assert.equal(octal(statSync(shared).mode & 0o7777), '01777');
      assert.match(r.stderr, /others can read payd data/);
      assert.equal(octal(mode(join(shared, 'payd.sqlite3'))), '0600');
    } finally {
      await payd.cleanup();
    }
  });
});
