#!/usr/bin/env node
// The dashboard's words, gettext's way (src/html/localizer.h): the English
// texts are in the templates ({{#tr}}…{{/tr}}, {{#plural}}count|one|other{{/plural}})
// and in the C++ that fills them (html::Translatable("…")), and the domain's
// refusals shown in forms (src/domain: ThrowInvalid(param, "pattern {1}", …),
// Error(ErrorKind::…, "…"), Say("…", …), Term{"…"}; domain/error.h); each other
// language's catalog (web/i18n/<lang>.json, its "dashboard" object) maps
// the English text, whitespace collapsed, to its translation.
//
// The scripts' texts (web/js/dashboard*.js: say('…') or word('…'), "{name}"
// placeholders) are translated in the catalog's "dashboard_js" object.
//
//   node scripts/i18n-dashboard.mjs list         every English text, as JSON
//   node scripts/i18n-dashboard.mjs missing de   what de lacks, as a "dashboard" object to fill
//   node scripts/i18n-dashboard.mjs prune        removes the translations of texts the dashboard no longer has
//   node scripts/i18n-dashboard.mjs check [--english]  (--english: the templates alone)
//                                                exit 1 on: a template's sections out of
//                                                balance, a {{#tr}} inside another, a
//                                                translation missing or left over, or one
//                                                whose {{tags}} or <markup> differ from English's
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const templateDirs = ['web/templates/dashboard', 'web/templates/partials'];
const sourceDirs = ['src/dashboard', 'src/html'];
const domainDir = 'src/domain';

export const collapse = (text) => text.replace(/[ \n\t\r]+/g, ' ').trim();

function files(dir, ext) {
  const out = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...files(path, ext));
    else if (entry.name.endsWith(ext)) out.push(path);
  }
  return out.sort();
}

// A template's sections in balance, and no tr/plural inside another.
function sectionProblems(path, text) {
  const problems = [];
  const stack = [];
  for (const m of text.matchAll(/\{\{([#^/])\s*([^}\s]+)\s*\}\}/g)) {
    const [, kind, name] = m;
    if (kind === '/') {
      const open = stack.pop();
      if (open !== name) problems.push(`${path}: {{/${name}}} closes ${open ? `{{#${open}}}` : 'nothing'}`);
    } else {
      if ((name === 'tr' || name === 'plural') && stack.some((s) => s === 'tr' || s === 'plural')) {
        problems.push(`${path}: {{#${name}}} inside {{#${stack.findLast((s) => s === 'tr' || s === 'plural')}}}`);
      }
      stack.push(name);
    }
  }
  if (stack.length) problems.push(`${path}: {{#${stack.join('}}, {{#')}}} not closed`);
  return problems;
}

// Words the domain names and pages show through {{#tr}}{{status}}{{/tr}}: the
// statuses of intents, payments, deliveries, refunds and payouts as the pages
// lowercase them, exceptions, roles, and the email topics' labels
// (domain/email/topics.cpp). A new status or topic is added here.
const DOMAIN_WORDS = [
  'created', 'pending', 'paid', 'expired', 'failed', 'confirmed', 'reorged', 'retrying', 'delivered',
  'requested', 'address needed', 'ready', 'sent', 'canceled', 'open', 'completed',
  'underpaid', 'overpaid', 'paid_late', 'reversed_after_confirmation',
  'owner', 'admin', 'developer', 'viewer',
  'A payment received', 'A payment that needs a decision (underpaid, overpaid, late, unmatched, reversed)',
  'A refund confirmed on chain', 'A payout address changed (to every owner)', 'A webhook endpoint failing and disabled',
  'A chain stalled or its token check failed',
];

const oneTag = (text) => /^\{\{[^{}#^/!>&]+\}\}$/.test(collapse(text));

// Every English text: { key: { plural: bool, where: [file] } }.
export function englishTexts() {
  const texts = new Map();
  const add = (key, plural, where) => {
    if (!texts.has(key)) texts.set(key, { plural, where: [] });
    if (!texts.get(key).where.includes(where)) texts.get(key).where.push(where);
  };
  const problems = [];
  for (const dir of templateDirs) {
    for (const path of files(dir, '.mustache')) {
      const text = readFileSync(join(root, path), 'utf8');
      if (dir.endsWith('partials') && !text.includes('{{#tr}}') && !text.includes('{{#plural}}')) continue;
      problems.push(...sectionProblems(path, text));
      for (const m of text.matchAll(/\{\{#tr\}\}([\s\S]*?)\{\{\/tr\}\}/g)) {
        if (!oneTag(m[1])) add(collapse(m[1]), false, path);
      }
      for (const m of text.matchAll(/\{\{#plural\}\}([\s\S]*?)\{\{\/plural\}\}/g)) {
        const parts = m[1].split('|');
        if (parts.length !== 3) problems.push(`${path}: {{#plural}}${m[1]}{{/plural}} is not count|one|other`);
        else add(`${collapse(parts[1])}|${collapse(parts[2])}`, true, path);
      }
    }
  }
  for (const word of DOMAIN_WORDS) add(word, false, 'scripts/i18n-dashboard.mjs (DOMAIN_WORDS)');
  for (const dir of sourceDirs) {
    for (const path of files(dir, '.cpp')) {
      const text = readFileSync(join(root, path), 'utf8');
      for (const m of text.matchAll(/Translatable\(\s*((?:"(?:[^"\\]|\\.)*"\s*)+)\)/g)) {
        const literal = [...m[1].matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((l) => JSON.parse(`"${l[1]}"`)).join('');
        add(collapse(literal), false, path);
      }
    }
  }
  for (const path of files(domainDir, '.cpp')) {
    const text = readFileSync(join(root, path), 'utf8');
    for (const found of domainMessages(text)) {
      if (found.problem) problems.push(`${path}:${found.line}: ${found.problem}`);
      else add(collapse(found.message), false, path);
    }
  }
  return { texts, problems };
}

// The calls whose argument is a message pattern, and which argument it is.
const messageCalls = [
  [/\bThrowInvalid\(/g, 1],
  [/\bError\(\s*(?:domain::)?ErrorKind::/g, 1],
  [/\bSay\(/g, 0],
  [/\bTerm\{/g, 0],
];

// The arguments of the call whose "(" or "{" ends at `start`, split at its top-level commas.
function callArguments(text, start) {
  const args = [];
  let depth = 0, current = '', i = start;
  for (; i < text.length; ++i) {
    const c = text[i];
    if (c === '"') {
      const end = text.slice(i).match(/^"(?:[^"\\]|\\.)*"/)[0];
      current += end;
      i += end.length - 1;
      continue;
    }
    if ('([{'.includes(c)) depth++;
    if (')]}'.includes(c)) {
      if (depth === 0) break;
      depth--;
    }
    if (c === ',' && depth === 0) { args.push(current.trim()); current = ''; continue; }
    current += c;
  }
  args.push(current.trim());
  return args;
}

// The domain's message patterns in one C++ file: { message } or { problem }, with its line.
export function domainMessages(text) {
  const out = [];
  for (const [pattern, index] of messageCalls) {
    for (const m of text.matchAll(pattern)) {
      const open = text.indexOf(m[0].endsWith('{') ? '{' : '(', m.index);
      const arg = callArguments(text, open + 1)[index] ?? '';
      const line = text.slice(0, m.index).split('\n').length;
      // A variable, or Say(…): its text is marked where it is written.
      if (!arg.includes('"') || /^Say\(/.test(arg)) continue;
      const literals = arg.match(/^(?:"(?:[^"\\]|\\.)*"\s*)+$/);
      if (!literals) { out.push({ line, problem: `a message built from pieces (${collapse(arg).slice(0, 60)}): write it as a pattern with places, Say("… {1} …", value)` }); continue; }
      const message = [...arg.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((l) => JSON.parse(`"${l[1]}"`)).join('');
      out.push({ line, message });
    }
  }
  return out;
}

// The scripts' texts: say('…') / word('…') in web/js/dashboard*.js.
export function scriptTexts() {
  const texts = new Map();
  for (const path of files('web/js', '.js').filter((p) => /\/dashboard[^/]*\.js$/.test(p))) {
    const text = readFileSync(join(root, path), 'utf8');
    for (const m of text.matchAll(/\b(?:say|word)\(\s*'((?:[^'\\]|\\.)*)'/g)) {
      texts.set(m[1].replace(/\\(.)/g, '$1'), { plural: false, where: [path] });
    }
  }
  return texts;
}

const tagsOf = (text) => [
  ...[...text.matchAll(/(?<!\{)\{([a-zA-Z0-9]+)\}(?!\})/g)].map((m) => `{${m[1]}}`),
  ...[...text.matchAll(/\{\{\{?\s*([^}]+?)\s*\}?\}\}/g)].map((m) => `{{${m[1]}}}`),
  ...[...text.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)].map((m) => `<${m[0].startsWith('</') ? '/' : ''}${m[1]}>`),
].sort();

export function catalogProblems(lang, texts, object = 'dashboard') {
  const catalog = JSON.parse(readFileSync(join(root, 'web/i18n', `${lang}.json`), 'utf8'))[object] ?? {};
  const problems = [];
  for (const [key, { plural }] of texts) {
    const value = catalog[key];
    if (value === undefined) { problems.push(`${lang}: no translation of ${JSON.stringify(key)}`); continue; }
    const forms = plural ? (typeof value === 'object' && value ? value : null) : (typeof value === 'string' ? { other: value } : null);
    if (!forms || typeof forms.other !== 'string') { problems.push(`${lang}: ${JSON.stringify(key)} needs ${plural ? 'an object with "other"' : 'a string'}`); continue; }
    const english = plural ? key.split('|') : [key];
    for (const [form, translated] of Object.entries(forms)) {
      const want = JSON.stringify(tagsOf(english[english.length - 1]));
      const alsoOne = english.length > 1 ? JSON.stringify(tagsOf(english[0])) : want;
      const got = JSON.stringify(tagsOf(translated));
      if (got !== want && got !== alsoOne) problems.push(`${lang}: ${JSON.stringify(key)} (${form}) has ${got}, English ${want}`);
    }
  }
  for (const key of Object.keys(catalog)) {
    if (!texts.has(key)) problems.push(`${lang}: ${JSON.stringify(key)} is no longer in the dashboard`);
  }
  return problems;
}

export const languages = () => readdirSync(join(root, 'web/i18n')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).filter((l) => l !== 'en').sort();

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, lang] = process.argv.slice(2);
  const { texts, problems } = englishTexts();
  if (command === 'list') {
    console.log(JSON.stringify(Object.fromEntries([...texts].map(([k, v]) => [k, v.where])), null, 1));
  } else if (command === 'missing') {
    const whole = JSON.parse(readFileSync(join(root, 'web/i18n', `${lang}.json`), 'utf8'));
    const out = { dashboard: {}, dashboard_js: {} };
    for (const [object, all] of [['dashboard', texts], ['dashboard_js', scriptTexts()]]) {
      const catalog = whole[object] ?? {};
      for (const [key, { plural }] of all) if (!(key in catalog)) out[object][key] = plural ? { one: key.split('|')[0], other: key.split('|')[1] } : key;
    }
    console.log(JSON.stringify(out, null, 1));
  } else if (command === 'prune') {
    // Textually, one "key": value line at a time, so the files keep their layout.
    const scripts = scriptTexts();
    for (const l of languages()) {
      const path = join(root, 'web/i18n', `${l}.json`);
      const whole = JSON.parse(readFileSync(path, 'utf8'));
      let text = readFileSync(path, 'utf8');
      for (const [object, all] of [['dashboard', texts], ['dashboard_js', scripts]]) {
        for (const [key, value] of Object.entries(whole[object] ?? {})) {
          if (all.has(key) || typeof value !== 'string') continue;
          const line = new RegExp(`\\n\\s*${JSON.stringify(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*:\\s*${JSON.stringify(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},?`);
          text = text.replace(line, '');
        }
      }
      text = text.replace(/,(\s*\})/g, '$1');
      JSON.parse(text);
      writeFileSync(path, text);
    }
  } else if (command === 'check') {
    const all = [...problems];
    if (lang !== '--english') {
      for (const l of languages()) all.push(...catalogProblems(l, texts), ...catalogProblems(l, scriptTexts(), 'dashboard_js'));
    }
    for (const p of all) console.log(p);
    console.log(`${texts.size} texts; ${all.length} problems`);
    process.exit(all.length ? 1 : 0);
  } else {
    console.error('usage: i18n-dashboard.mjs list | missing <lang> | check');
    process.exit(2);
  }
}
