// A real Medusa store for the provider's tests: its own throwaway PostgreSQL
// (TCP on a free port: Medusa's database URL takes no socket directory),
// Medusa's migrations, `medusa start` on test/app (medusa-config.js there
// loads the provider from ../../dist), an admin user, and the store set up
// through the Admin API as a merchant would: a USD region and a EUR region
// paid with payd, a warehouse shipping to the US and to Germany, one product
// priced in both, a publishable key.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventually, freePort } from '../../../../tests/e2e/lib/chain.mjs';
import { atExit, stopProcess, track } from '../../../../tests/e2e/lib/cleanup.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const APP = resolve(HERE, '../app');
const MEDUSA = resolve(HERE, '../../node_modules/.bin/medusa');
const PG_SCRIPT = resolve(HERE, '../../../../scripts/postgres-test-server.sh');

// pg_ctl (under the script) waits at most 30 s to start or stop the server;
// spawnSync blocks the event loop, where no test time-out can end it.
const SCRIPT_WITHIN_MS = 120000;

// The server is a daemon (pg_ctl's), not a child of this process: it is
// stopped by stop(), or, should this process end first (or the start fail
// half-way), at its exit (lib/cleanup.mjs's atExit).
export async function startPostgres() {
  const parent = mkdtempSync(join(tmpdir(), 'payd-medusa-pg-'));
  chmodSync(parent, 0o755);  // the server runs as the postgres user
  const dir = join(parent, 'pg');  // the script makes it
  const stop = () => {
    spawnSync(PG_SCRIPT, ['stop', dir], { timeout: SCRIPT_WITHIN_MS });
    rmSync(parent, { recursive: true, force: true });
  };
  const forget = atExit(stop);
  try {
    const port = await freePort();
    const r = spawnSync(PG_SCRIPT, ['start', dir], {
      env: { ...process.env, PAYD_PG_OPTIONS: `-c listen_addresses=127.0.0.1 -p ${port}` }, encoding: 'utf8', timeout: SCRIPT_WITHIN_MS,
    });
    if (r.status !== 0) throw new Error(`PostgreSQL did not start: ${r.error?.message ?? ''} ${r.stderr}`);
    const created = spawnSync('psql', [`postgres://postgres@127.0.0.1:${port}/postgres`, '-qc', 'CREATE DATABASE medusa'],
      { encoding: 'utf8', timeout: 60000 });
    if (created.status !== 0) throw new Error(`CREATE DATABASE medusa: ${created.error?.message ?? ''} ${created.stderr}`);
    return {
      url: `postgres://postgres@127.0.0.1:${port}/medusa`,
      stop() {
        forget();
        stop();
      },
    };
  } catch (e) {
    forget();
    stop();
    throw e;
  }
}

function medusaEnv(env) {
  return { ...process.env, MEDUSA_DISABLE_TELEMETRY: 'true', NODE_ENV: 'development', ...env };
}

// Runs a medusa command in the store to its end; throws with its output if it fails.
export function medusaCommand(args, env) {
  const r = spawnSync(MEDUSA, args, { cwd: APP, env: medusaEnv(env), encoding: 'utf8', timeout: 180000 });
  if (r.status !== 0) throw new Error(`medusa ${args.join(' ')} exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

// Where a cart of each of the store's markets is shipped.
const ADDRESSES = {
  us: { first_name: 'Ada', last_name: 'Payer', address_1: '2 Elm St', city: 'Springfield', country_code: 'us', postal_code: '12345' },
  eu: { first_name: 'Ada', last_name: 'Payer', address_1: 'Lindenstraße 2', city: 'Berlin', country_code: 'de', postal_code: '10115' },
};

export class Medusa {
  constructor(port, env) {
    this.port = port;
    this.url = `http://127.0.0.1:${port}`;
    this.env = env;
    this.log = '';
  }

  // Its output is piped and read here, never inherited; should this process
  // end while it runs, it is killed (lib/cleanup.mjs's track).
  async start() {
    this.proc = track(spawn(MEDUSA, ['start'], { cwd: APP, env: medusaEnv({ ...this.env, PORT: String(this.port) }), stdio: ['ignore', 'pipe', 'pipe'] }));
    this.proc.stdout.on('data', (d) => { this.log += d; });
    this.proc.stderr.on('data', (d) => { this.log += d; });
    await eventually(async () => (await fetch(`${this.url}/health`, { headers: { Connection: 'close' } }).catch(() => null))?.ok, {
      timeout: 120000, interval: 200, what: 'Medusa up', context: () => this.log.slice(-3000),
    });
  }

  // SIGTERM (Medusa shuts down gracefully); still running after 30 s: SIGKILL, and the stop fails.
  async stop() {
    await stopProcess(this.proc, { withinMs: 30000, name: 'the Medusa server' });
  }

  async signIn(email, password) {
    medusaCommand(['user', '-e', email, '-p', password], this.env);
    const r = await this.call('POST', '/auth/user/emailpass', { email, password });
    this.token = r.token;
  }

  // Connection: close: a kept-alive connection left idle while a spawnSync
  // (medusa user, above) blocked this process can be closed by Medusa (its
  // 5 s keep-alive) just as fetch reuses it, failing the call ("fetch failed").
  async call(method, path, body, headers = {}) {
    const res = await fetch(this.url + path, {
      method,
      headers: { 'Content-Type': 'application/json', Connection: 'close', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const json = text ? JSON.parse(text) : null;
    if (!res.ok) throw Object.assign(new Error(`${method} ${path}: ${res.status} ${text}`), { status: res.status, json });
    return json;
  }

  admin(method, path, body) {
    return this.call(method, `/admin${path}`, body, { Authorization: `Bearer ${this.token}` });
  }

  store(method, path, body) {
    return this.call(method, `/store${path}`, body, { 'x-publishable-api-key': this.publishableKey });
  }

  // A USD region and a EUR region (Germany) paid with payd, shipping to both
  // from one warehouse (5.00 USD, 5.00 EUR), a T-shirt at 20.00 USD and
  // 20.00 EUR, and the publishable key the storefront uses.
  async setUpStore() {
    const { sales_channels: [channel] } = await this.admin('GET', '/sales-channels');
    const { shipping_profiles: [profile] } = await this.admin('GET', '/shipping-profiles');
    const { region } = await this.admin('POST', '/regions', {
      name: 'United States', currency_code: 'usd', countries: ['us'], payment_providers: ['pp_payd_payd'],
    });
    const { region: europe } = await this.admin('POST', '/regions', {
      name: 'Europe', currency_code: 'eur', countries: ['de'], payment_providers: ['pp_payd_payd'],
    });
    const { stock_location: location } = await this.admin('POST', '/stock-locations', {
      name: 'Warehouse', address: { address_1: '1 Main St', city: 'Springfield', country_code: 'us' },
    });
    await this.admin('POST', `/stock-locations/${location.id}/sales-channels`, { add: [channel.id] });
    await this.admin('POST', `/stock-locations/${location.id}/fulfillment-providers`, { add: ['manual_manual'] });
    const { stock_location: withSet } = await this.admin('POST', `/stock-locations/${location.id}/fulfillment-sets?fields=*fulfillment_sets`, {
      name: 'Shipping', type: 'shipping',
    });
    const set = withSet.fulfillment_sets[0];
    for (const [zone, country, currency] of [['US', 'us', 'usd'], ['DE', 'de', 'eur']]) {
      const { fulfillment_set: zoned } = await this.admin('POST', `/fulfillment-sets/${set.id}/service-zones?fields=*service_zones`, {
        name: zone, geo_zones: [{ type: 'country', country_code: country }],
      });
      await this.admin('POST', '/shipping-options', {
        name: 'Standard', price_type: 'flat', service_zone_id: zoned.service_zones.find((z) => z.name === zone).id, shipping_profile_id: profile.id,
        provider_id: 'manual_manual', type: { label: 'Standard', description: '3-5 days', code: 'standard' },
        prices: [{ currency_code: currency, amount: 5 }],
        rules: [{ attribute: 'enabled_in_store', value: 'true', operator: 'eq' }, { attribute: 'is_return', value: 'false', operator: 'eq' }],
      });
    }
    const { product } = await this.admin('POST', '/products?fields=*variants', {
      title: 'T-shirt', status: 'published', shipping_profile_id: profile.id,
      options: [{ title: 'Size', values: ['M'] }],
      variants: [{ title: 'M', options: { Size: 'M' }, manage_inventory: false, prices: [{ currency_code: 'usd', amount: 20 }, { currency_code: 'eur', amount: 20 }] }],
      sales_channels: [{ id: channel.id }],
    });
    const { api_key: key } = await this.admin('POST', '/api-keys', { title: 'Storefront', type: 'publishable' });
    await this.admin('POST', `/api-keys/${key.id}/sales-channels`, { add: [channel.id] });
    this.publishableKey = key.token;
    this.region = region;
    this.regions = { us: region, eu: europe };
    this.variant = product.variants[0];
  }

  // A cart with the T-shirt, an address and standard shipping: 25.00 USD
  // in the US region (market 'us'), 25.00 EUR in the European one ('eu').
  async cartReadyToPay({ market = 'us', email = 'payer@shop.example' } = {}) {
    let { cart } = await this.store('POST', '/carts', { region_id: this.regions[market].id, email });
    ({ cart } = await this.store('POST', `/carts/${cart.id}/line-items`, { variant_id: this.variant.id, quantity: 1 }));
    ({ cart } = await this.store('POST', `/carts/${cart.id}`, { shipping_address: ADDRESSES[market] }));
    const { shipping_options: [option] } = await this.store('GET', `/shipping-options?cart_id=${cart.id}`);
    ({ cart } = await this.store('POST', `/carts/${cart.id}/shipping-methods`, { option_id: option.id }));
    return cart;
  }

  // The cart's payd payment session, as the storefront starts it.
  async paydSession(cart) {
    const { payment_collection: collection } = await this.store('POST', '/payment-collections', { cart_id: cart.id });
    const { payment_collection: withSession } = await this.store('POST', `/payment-collections/${collection.id}/payment-sessions`, {
      provider_id: 'pp_payd_payd',
    });
    return withSession.payment_sessions.find((s) => s.provider_id === 'pp_payd_payd');
  }
}
