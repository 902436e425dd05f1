// Everything a browser test pays against, for one test file: a real anvil
// chain, the real payd watching it and serving its hosted pages, a merchant
// with an integration, and a third-party "shop" on another origin (allowed
// by the integration) and one more origin the integration does not allow.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';

import { chainConfig, startChain } from '../../e2e/lib/chain.mjs';
import { stopAll } from '../../e2e/lib/cleanup.mjs';
import { createMerchant, startPayd } from '../../e2e/lib/payd.mjs';
import { emailSettings, SMTP_PASSWORD, startRelay, throwawayCertificate } from '../../e2e/lib/smtp.mjs';
import { deployUniswap, swapConfig } from '../../e2e/lib/uniswap.mjs';

// A web server for host pages: `pages` maps a path to HTML; other paths 404.
export async function startShop() {
  const pages = new Map();
  const server = createServer((req, res) => {
    const html = pages.get(new URL(req.url, 'http://x').pathname);
    res.writeHead(html ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html ?? '<!doctype html><html lang="en"><title>Not found</title><main><h1>Not found</h1></main></html>');
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    page: (path, html) => pages.set(path, html),
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(r); }),
  };
}

// `conversion`: a Uniswap deployment on the chain (tests/e2e/lib/uniswap.mjs)
// and an integration that takes DAI and ETH for its preferred USDC (DECISIONS §16).
// `email`: payd sends email to an SMTP server on loopback (`s.relay`, tests/e2e/lib/smtp.mjs).
export function checkoutStackForSuite({ confirmations = 1, conversion = false, email = false } = {}) {
  const s = {};
  before(async () => {
    s.shop = await startShop();
    s.stranger = await startShop();
    s.chain = await startChain();
    // The pages poll and stream; a browser test views them more often than a payer would.
    const limits = '[limits]\napi_requests_per_min = 1000000\npublic_reads_per_min = 1000000\n';
    // Prices in euros at a fixed development rate (DECISIONS §14; the sources
    // that check each other are tests/e2e/currencies.test.mjs's).
    const rates = '[rates]\nfixed = { EUR = "1.08" }\n';
    let extra = `wallet_rpc_url = "${s.chain.url}"\n`;
    if (conversion) {
      s.uni = await deployUniswap(s.chain);
      extra += swapConfig(s.uni);
    }
    let mail = '';
    const env = {};
    if (email) {
      s.mailDir = mkdtempSync(join(tmpdir(), 'payd-browser-mail-'));
      const tls = throwawayCertificate(s.mailDir);
      s.relay = await startRelay({ key: tls.key, cert: tls.cert });
      mail = `\n[email]\n${emailSettings(s.relay.port, tls.caFile)}`;
      env.PAYD_SMTP_PASSWORD = SMTP_PASSWORD;
    }
    s.payd = await startPayd({ config: limits + rates + chainConfig(s.chain, { confirmations, extra }) + mail, env });
    s.origins = [s.shop.url];
    s.merchant = createMerchant(s.payd, { origins: s.origins.join(','), tokens: conversion ? 'USDC,DAI,ETH' : 'USDC,ETH' });
    s.integration = s.merchant.integration.id;
    if (conversion) s.payd.admin(['integration', 'update', s.integration, '--preferred-token', 'USDC', '--auto-conversion', 'true']);
    s.base = s.payd.url;
  });
  // Each step whatever the one before did (a payd that crashed at SIGTERM
  // fails the file, after the chain and the shops are stopped too).
  after(() => stopAll(() => s.payd?.close(), () => s.chain?.stop(), () => s.shop?.close(), () => s.stranger?.close(),
    () => s.relay?.close(), () => s.mailDir && rmSync(s.mailDir, { recursive: true, force: true })));

  // A payment intent made through payd's public endpoint, as the link page does.
  s.createIntent = async (body, { origin = s.base } = {}) => {
    const r = await s.payd.request('POST', `/public/integrations/${s.integration}/intent`, {
      body: { chainId: 31337, currency: 'USDC', ...body }, headers: { Origin: origin },
    });
    if (r.status !== 201) throw new Error(`create intent: ${r.status} ${r.text}`);
    return r.json;
  };
  s.createLink = async (body) => {
    const r = await s.payd.request('POST', '/api/v1/payment-links', {
      key: s.merchant.rw.key,
      body: { integrationId: s.integration, type: 'LINK', name: 'T-shirt', amount: '25.00', currency: 'USD', ...body },
    });
    if (r.status !== 201) throw new Error(`create link: ${r.status} ${r.text}`);
    return r.json;
  };
  s.intent = async (id) => (await s.payd.request('GET', `/api/v1/payment-intents/${id}`, { key: s.merchant.read.key })).json;
  return s;
}
