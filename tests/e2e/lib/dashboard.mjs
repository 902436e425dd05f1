// A browser's side of the dashboard's forms, over plain HTTP: what the e2e
// tests of the dashboard share. Every answer goes through checkedFetch, so it
// is held to docs/openapi.yaml.
import assert from 'node:assert/strict';

import { checkedFetch } from './openapi.mjs';

export const PASSWORD = 'plum tree by the harbour';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

// The cookie a response set, as a browser would send it back.
export const cookieOf = (res) => res.headers.get('set-cookie').split(';')[0];

export function dashboardClient(payd) {
  const get = (path, cookie, headers = {}) =>
    checkedFetch(`${payd.url}${path}`, { redirect: 'manual', headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } });
  const post = (path, fields, { cookie, headers = {} } = {}) => checkedFetch(`${payd.url}${path}`, {
    method: 'POST', redirect: 'manual', body: new URLSearchParams(fields).toString(),
    headers: { ...FORM, ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });
  const signIn = async (email, password = PASSWORD) => {
    const res = await post('/dashboard/sign-in', { email, password });
    assert.equal(res.status, 303, await res.text());
    return cookieOf(res);
  };
  // The form token of the page at `path` (the overview's by default).
  const csrfOf = async (cookie, path = '/dashboard') =>
    (await (await get(path, cookie)).text()).match(/name="csrf" value="([^"]+)"/)[1];
  return { get, post, signIn, csrfOf };
}
