// The PostgreSQL mode's checks of leadership judged on hand-made cursor
// trails and log lines: each must flag its case and accept what a
// reorganisation or a takeover rightly does. No database here.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { PgProcesses } from './postgres_world.mjs';

const CHAIN = 31337;
const said = (msg, chainId = CHAIN) => ({ msg, chainId });
const WATCHING = said('watching chain');
const STANDING_BY = said('standing by: another payd process watches this chain');

describe('the cursor never goes back over a block that stayed on the chain', () => {
  const trail = (...cursors) => {
    const pg = new PgProcesses({});
    pg.trails.set(CHAIN, cursors.map(([number, hash], i) => ({ number, hash, at: i })));
    return pg;
  };

  test('forward, and the same height on another branch: nothing to say', () => {
    assert.deepEqual(trail([5, '0xa5'], [7, '0xa7'], [7, '0xb7'], [9, '0xb9']).cursorFindings(new Map([[CHAIN, new Set(['0xa7'])]])), []);
  });

  test('back from a block a reorganisation removed: accepted', () => {
    assert.deepEqual(trail([5, '0xa5'], [9, '0xa9'], [7, '0xb7']).cursorFindings(new Map([[CHAIN, new Set(['0xa9'])]])), []);
  });

  test('back from a block still on the chain (a stale leader\'s write): flagged', () => {
    const found = trail([5, '0xa5'], [9, '0xa9'], [6, '0xa6']).cursorFindings(new Map([[CHAIN, new Set()]]));
    assert.equal(found.length, 1);
    assert.match(found[0], /went back from 9 0xa9 .* to 6 0xa6/);
  });
});

describe('once settled, one process leads each chain', () => {
  // Two running processes with these log lines; `holder` holds the watch lock.
  const world = (logs0, logs1, holder) => {
    const procs = [{ logs: logs0 }, { logs: logs1 }];
    const pg = new PgProcesses({ procs, up: procs });
    pg.leader = async () => (holder === null ? null : procs[holder]);
    return pg;
  };

  test('the holder watches, the other stands by (after leading once): accepted', async () => {
    assert.deepEqual(await world([WATCHING, STANDING_BY], [STANDING_BY, WATCHING], 1).leaderFindings([CHAIN], 0), []);
  });

  test('another chain\'s words do not count', async () => {
    assert.deepEqual(await world([WATCHING, said('standing by: another payd process watches this chain', 31338)], [STANDING_BY], 0).leaderFindings([CHAIN], 0), []);
  });

  test('both say they watch: flagged', async () => {
    const found = await world([WATCHING], [STANDING_BY, WATCHING], 1).leaderFindings([CHAIN], 0);
    assert.equal(found.length, 1);
    assert.match(found[0], /process 0 and process 1 say it watches/);
  });

  test('one says it watches, the lock is the other\'s: flagged', async () => {
    const found = await world([WATCHING], [STANDING_BY], 1).leaderFindings([CHAIN], 0);
    assert.match(found.join('\n'), /process 0 says it watches, the lock is process 1's/);
  });

  test('nobody holds the lock: flagged', async () => {
    const found = await world([STANDING_BY], [STANDING_BY], null).leaderFindings([CHAIN], 0);
    assert.match(found.join('\n'), /no running process holds the watch lock/);
  });
});
