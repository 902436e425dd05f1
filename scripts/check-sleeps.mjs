#!/usr/bin/env node
// Fails on a fixed sleep in tests/ that nobody has said is meant: a test
// waits for what it needs by polling for the condition (eventually(), a
// receiver's deliveries, sim.waitForPolls), never by sleeping a guessed time,
// which is a race on a loaded machine and slow on an idle one (issue 16).
//
// A sleep that models time on purpose (pacing between steps, a receiver
// scripted to answer late, a deadline, the moment a key expires computed from
// its expiresAt, a polling loop's own interval) carries its reason on the
// line, or in the comment lines right above it:
//     await sleep(step.delayMs); // sleep-ok: the scenario's pause before a kill
// Lines of files that cannot take a comment yet are listed with a reason in
// tests/sleep-allowlist.txt as `path | reason | the line's text, trimmed`.
// Both follow the line when it moves.
//
// Usage: node scripts/check-sleeps.mjs [file...]   (default: every file under tests/)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ALLOWLIST = 'tests/sleep-allowlist.txt';
const MARKER = /sleep-ok:(.*)/;
const MIN_REASON = 10; // characters: a reason in words, not "ok"

// What a fixed wait looks like, per language. A shell `sleep N` inside a
// string (`sh -c`, the sqlite3 shell's `.shell`) counts in every language.
const SHELL_SLEEP = /(^|[\s;&|(`{'"])sleep\s+["$]?[0-9.$]/;
const KINDS = {
  js: { comment: /^\s*(\/\/|\/\*|\*)/, waits: [/\b(sleep|setTimeout|waitForTimeout)\s*\(/, /\bscheduler\.wait\s*\(/, SHELL_SLEEP] },
  cpp: { comment: /^\s*(\/\/|\/\*|\*)/, waits: [/\b(sleep_for|sleep_until|usleep|nanosleep|sleep)\s*\(/, SHELL_SLEEP] },
  sh: { comment: /^\s*#/, waits: [SHELL_SLEEP] },
};
const EXTENSIONS = {
  '.mjs': 'js', '.js': 'js', '.cjs': 'js', '.ts': 'js',
  '.cpp': 'cpp', '.cc': 'cpp', '.h': 'cpp', '.hpp': 'cpp',
  '.sh': 'sh', '.bash': 'sh',
};

function kindOf(path, text) {
  const kind = EXTENSIONS[extname(path)];
  if (kind) return kind;
  return /^#!.*\b(ba|da|z)?sh\b/.test(text) ? 'sh' : null;
}

function testFiles() {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'tests'],
    { cwd: ROOT, encoding: 'utf8' });
  return out.split('\n').filter((p) => p && existsSync(join(ROOT, p)));
}

// path -> Map(trimmed text -> { reason, line, used })
function readAllowlist() {
  const entries = new Map();
  const problems = [];
  const file = join(ROOT, ALLOWLIST);
  if (!existsSync(file)) return { entries, problems };
  readFileSync(file, 'utf8').split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const [path, reason, ...rest] = line.split(' | ');
    const text = rest.join(' | ').trim();
    if (!text || (reason ?? '').trim().length < MIN_REASON) {
      problems.push(`${ALLOWLIST}:${i + 1}: expected "path | reason (${MIN_REASON}+ characters) | the line's text"`);
      return;
    }
    if (!entries.has(path)) entries.set(path, new Map());
    entries.get(path).set(text, { reason: reason.trim(), line: i + 1, used: false });
  });
  return { entries, problems };
}

// The reason given on the line or in the comment block right above it.
function markerOf(lines, i, kind) {
  const own = MARKER.exec(lines[i]);
  if (own) return own[1].trim();
  for (let j = i - 1; j >= 0 && KINDS[kind].comment.test(lines[j]); j--) {
    const above = MARKER.exec(lines[j]);
    if (above) return above[1].trim();
  }
  return null;
}

function check(paths) {
  const { entries, problems } = readAllowlist();
  const failures = [...problems];
  const todos = [];
  let allowed = 0;
  for (const path of paths) {
    const text = readFileSync(join(ROOT, path), 'utf8');
    const kind = kindOf(path, text);
    if (!kind) continue;
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      if (KINDS[kind].comment.test(line)) return;
      if (!KINDS[kind].waits.some((re) => re.test(line))) return;
      const where = `${path}:${i + 1}`;
      let reason = markerOf(lines, i, kind);
      const listed = entries.get(path)?.get(line.trim());
      if (reason === null && listed) {
        listed.used = true;
        reason = listed.reason;
      }
      if (reason === null) {
        failures.push(`${where}: a fixed wait: ${line.trim()}`);
      } else if (reason.length < MIN_REASON) {
        failures.push(`${where}: "sleep-ok:" needs a reason of ${MIN_REASON} characters or more: ${line.trim()}`);
      } else {
        allowed++;
        if (/^TODO\b/.test(reason)) todos.push(`${where}: ${reason}`);
      }
    });
  }
  for (const [path, texts] of entries) {
    for (const [text, e] of texts) {
      if (!e.used && paths.includes(path)) console.warn(`${ALLOWLIST}:${e.line}: no such line in ${path} any more (remove the entry): ${text}`);
    }
  }
  return { failures, todos, allowed };
}

const args = process.argv.slice(2);
const paths = args.length ? args.map((p) => relative(ROOT, resolve(p))) : testFiles();
const { failures, todos, allowed } = check(paths);
if (todos.length) console.log(`check-sleeps: ${todos.length} fixed waits still to replace by polling:\n  ${todos.join('\n  ')}`);
if (failures.length) {
  console.error(`${failures.join('\n')}\ncheck-sleeps: ${failures.length} problem(s). Wait by polling for the condition ` +
    "(eventually(), a receiver's deliveries, sim.waitForPolls); where time itself is the subject (pacing, a scripted " +
    'delay, a deadline, a moment computed from the contract), say so on the line: `// sleep-ok: <reason>`.');
  process.exit(1);
}
console.log(`check-sleeps: no unexplained fixed waits in ${paths.length} files (${allowed} sleeps with a reason)`);
