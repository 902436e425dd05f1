// Debian's Chromium driven by playwright-core for the browser tests: one
// browser per test file, a fresh context (cookies, storage, permissions) per
// test, axe-core in the page, and a screenshot of every state a test checks.
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, afterEach, before } from 'node:test';

import { chromium } from 'playwright-core';

import { withDeadline } from '../../e2e/lib/cleanup.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const CHROMIUM = process.env.PAYD_CHROMIUM ?? '/usr/bin/chromium';
export const SCREENSHOTS = resolve(process.env.PAYD_SCREENSHOTS ?? join(root, 'build/screenshots'));
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// Root in a container has no user namespaces for Chromium's sandbox; the
// pages under test are our own, on loopback.
const LAUNCH_ARGS = ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--no-first-run'];

// For a test file: `suite.browser` between before and after, and
// `suite.newContext(options)` whose contexts close after each test. A
// browser that does not close within 30 s is killed and the file fails; one
// left running when the file's process ends, playwright kills at its exit.
export function browserForSuite() {
  const suite = { contexts: [] };
  before(async () => {
    suite.browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: LAUNCH_ARGS });
  });
  afterEach(async () => {
    await Promise.all(suite.contexts.splice(0).map((c) => withDeadline(c.close(), 30000, 'a browser context did not close').catch(() => {})));
  });
  after(async () => {
    if (suite.browser) await withDeadline(suite.browser.close(), 30000, 'Chromium did not close', killChromium);
  });
  // A phone-sized viewport by default: the pages are mobile-first.
  suite.newContext = async (options = {}) => {
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, ...options });
    context.setDefaultTimeout(20000);
    suite.contexts.push(context);
    return context;
  };
  return suite;
}

// SIGKILLs the process group of each Chromium this process started
// (playwright starts it detached, the leader of a group of its own).
function killChromium() {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && /chrom/i.test(comm)) process.kill(-Number(pid), 'SIGKILL');
    } catch { /* gone meanwhile, or not a group leader */ }
  }
}

// Runs axe-core with every rule it runs by default (WCAG 2 A and AA, and its
// best practices: landmarks, headings, regions) in the page and each of its
// frames, and fails on any violation. axe is evaluated through the DevTools
// protocol (page.evaluate), which the page's Content-Security-Policy does not
// govern, so the pages are checked under their real CSP, no bypassCSP needed.
// `off`: rules not run, each only for markup payd does not write (say why at the call).
export async function checkAccessibility(page, what, { off = [] } = {}) {
  for (const frame of page.frames()) {
    await frame.evaluate(AXE_SOURCE);
  }
  const rules = Object.fromEntries(off.map((id) => [id, { enabled: false }]));
  const result = await page.evaluate((options) => window.axe.run(document, options), { rules });
  const violations = result.violations.map((v) =>
    `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary}`).join('\n')}`);
  assert.deepEqual(violations, [], `axe-core found violations on ${what}`);
  return result;
}

// Saves build/screenshots/<test>-<state>.png.
export async function screenshot(page, test, state) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${test}-${state}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

// The widths every state is laid out at: the narrowest phone, a common one, a laptop.
export const LAYOUT_WIDTHS = [320, 375, 1280];

// Fails if the page scrolls sideways at any of LAYOUT_WIDTHS (the page laid out
// at each, then back at its own viewport), naming what sticks out; `shot`
// (test and state) saves a screenshot at each width that scrolls.
export async function checkNoSidewaysScroll(page, what, shot = null) {
  const own = page.viewportSize();
  const wide = [];
  for (const width of LAYOUT_WIDTHS) {
    await page.setViewportSize({ width, height: own.height });
    const over = await page.evaluate(() => {
      const by = document.documentElement.scrollWidth - document.documentElement.clientWidth;
      if (by <= 0) return null;
      const limit = document.documentElement.clientWidth;
      // What sticks out of the page itself: not what a scrolling box (a table's, the
      // sections' row on a phone) holds, nor a parent of what sticks out.
      const clipped = (el) => {
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          if (getComputedStyle(p).overflowX !== 'visible') return true;
        }
        return false;
      };
      const culprits = [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > limit + 0.5 && !clipped(el))
        .filter((el) => ![...el.children].some((c) => c.getBoundingClientRect().right > limit + 0.5))
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''}`);
      return { by, culprits };
    });
    if (over) {
      wide.push(`${width} px: ${over.by} px too wide (${over.culprits.join(', ')})`);
      if (shot) await screenshot(page, shot.test, `${shot.state}-scrolls-at-${width}`);
    }
  }
  await page.setViewportSize(own);
  assert.deepEqual(wide, [], `${what} scrolls sideways`);
}

// A state the test has reached: its screenshot, then no sideways scroll at
// any of LAYOUT_WIDTHS, then axe-core on it. Each state that passes is a
// line of build/screenshots/page-checks.jsonl (the page list of a run:
// scripts/page-checks.mjs sums it up).
export async function checkState(page, test, state, { axeOff = [] } = {}) {
  await screenshot(page, test, state);
  await checkNoSidewaysScroll(page, `${test} (${state})`, { test, state });
  const axe = await checkAccessibility(page, `${test} (${state})`, { off: axeOff });
  const url = new URL(page.url());
  appendFileSync(join(SCREENSHOTS, 'page-checks.jsonl'), `${JSON.stringify({
    test, state, path: url.pathname, lang: await page.locator('html').getAttribute('lang'),
    viewport: page.viewportSize().width, scrollFreeAt: LAYOUT_WIDTHS, axeRulesPassed: axe.passes.length,
    axeViolations: 0, axeOff,
  })}\n`);
}

// A page of `browser` at `viewport` that records every CSP violation, console
// error, failed request and request that leaves payd (`problems`).
export async function watchedPage(browser, paydUrl, viewport) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => {
    // Leaving a page ends its live stream (the dashboard's /dashboard/live): not a failure.
    if (r.resourceType() === 'eventsource' && r.failure()?.errorText === 'net::ERR_ABORTED') return;
    // The browser's own fetch of the page's icon, cut when the page is left before it
    // came back (a quick click): the icon is served, as /favicon.ico's test asserts.
    if (new URL(r.url()).pathname.endsWith('/favicon.ico') && r.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`failed: ${r.url()}`);
  });
  page.on('requestfinished', (r) => {
    if (!r.url().startsWith(`${paydUrl}/`)) problems.push(`went out: ${r.url()}`);
  });
  return { page, problems };
}

// Phone and desktop: every dashboard state is checked at both.
export const WIDTHS = [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 900 }]];

// Signs in through the dashboard's form (the password the tests give everyone);
// `landing`: the heading that says it worked (none for a second step, which has its own).
export async function signInDashboard(page, paydUrl, email, { password = 'plum tree by the harbour', landing = 'Overview' } = {}) {
  await page.goto(`${paydUrl}/dashboard/sign-in`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (landing) await page.getByRole('heading', { level: 1, name: landing, exact: true }).waitFor();
}
