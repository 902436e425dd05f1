// For a describe block that works on a real chain as a merchant: an anvil
// chain, a payd watching it (one confirmation unless said), a merchant
// (createMerchant) and its account key, started before the block's tests and
// stopped after them whatever happened.
import { after, before } from 'node:test';

import { chainConfig, startChain } from './chain.mjs';
import { stopAll } from './cleanup.mjs';
import { createMerchant, startPayd } from './payd.mjs';

export function chainMerchantForSuite({ confirmations = 1 } = {}) {
  const s = {};
  before(async () => {
    s.chain = await startChain();
    s.payd = await startPayd({ config: chainConfig(s.chain, { confirmations }) });
    s.shop = createMerchant(s.payd);
    s.account = s.payd.admin(['key', 'create', '--tenant', s.shop.tenant.id, '--name', 'backend', '--kind', 'account']);
  });
  after(() => stopAll(() => s.payd?.close(), () => s.chain?.stop()));
  return s;
}
