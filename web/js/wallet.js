// Pays an intent from a browser wallet (EIP-1193), for the intent page.
// Finds wallets with EIP-6963 (window.ethereum when none announces itself),
// connects, puts the wallet on the intent's chain and sends the exact amount
// in one transaction: a native transfer or an ERC-20 transfer(address,uint256)
// whose calldata is built here. Amounts are BigInt smallest units throughout:
// a float would round a payment that must match to the last unit.
// When a top-up needs a sender hint (DECISIONS §5 rule 2), the wallet first
// proves its address by signing payd's message (EIP-191 personal_sign).

// Discovered wallets: [{info: {uuid, name, icon, rdns}, provider}], in the
// order they announced themselves; window.ethereum alone when none did.
export function discoverWallets(waitMs = 400) {
  return new Promise((resolve) => {
    const found = new Map();
    const onAnnounce = (event) => {
      const d = event.detail;
      if (d && d.info && d.provider && typeof d.provider.request === 'function') {
        found.set(d.info.uuid || d.info.rdns || d.info.name, { info: d.info, provider: d.provider });
      }
    };
    window.addEventListener('eip6963:announceProvider', onAnnounce);
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    setTimeout(() => {
      window.removeEventListener('eip6963:announceProvider', onAnnounce);
      const wallets = [...found.values()];
      if (!wallets.length && window.ethereum && typeof window.ethereum.request === 'function') {
        wallets.push({ info: { uuid: 'injected', name: '', icon: '', rdns: '' }, provider: window.ethereum });
      }
      resolve(wallets);
    }, waitMs);
  });
}

// A wallet failure the page explains in plain words: `kind` is one of
// rejected, wrongChain, insufficientFunds, pending, failed.
export class WalletError extends Error {
  constructor(kind, cause) {
    super(`${kind}: ${cause && cause.message ? cause.message : cause || ''}`);
    this.kind = kind;
    this.cause = cause;
  }
}

// Wallets report insufficient funds in their own words and codes (MetaMask
// -32603 with the node's message inside, others -32000); the words agree.
export function classify(error) {
  if (error instanceof WalletError) return error;
  const code = error && (error.code ?? (error.data && error.data.code));
  const text = JSON.stringify([error && error.message, error && error.data]).toLowerCase();
  if (code === 4001 || code === 'ACTION_REJECTED') return new WalletError('rejected', error);
  if (code === 4902 || code === 4901 || code === 4900) return new WalletError('wrongChain', error);
  if (code === -32002) return new WalletError('pending', error);
  // 0xe450d38c: ERC20InsufficientBalance (ERC-6093), what a token's revert says.
  if (/insufficient funds|exceeds balance|e450d38c/.test(text)) {
    return new WalletError('insufficientFunds', error);
  }
  return new WalletError('failed', error);
}

const hex = (n) => '0x' + BigInt(n).toString(16);
const word = (hexDigits) => hexDigits.padStart(64, '0');

// ERC-20 transfer(address to, uint256 amount): selector a9059cbb, then the
// address and the amount as 32-byte words.
export function transferCalldata(to, amount) {
  if (!/^0x[0-9a-fA-F]{40}$/.test(to)) throw new Error(`not an address: ${to}`);
  const units = BigInt(amount);
  if (units < 0n || units >= 1n << 256n) throw new Error(`amount out of range: ${amount}`);
  return '0xa9059cbb' + word(to.slice(2).toLowerCase()) + word(units.toString(16));
}

// The transaction that pays `amount` smallest units of the intent's token.
export function paymentTransaction(intent, from, amount = intent.amount) {
  if (intent.tokenAddress) {
    return { from, to: intent.tokenAddress, data: transferCalldata(intent.recipient, amount), value: '0x0' };
  }
  return { from, to: intent.recipient, value: hex(amount) };
}

// What is still to pay: the whole amount, or the rest of an underpaid one.
export function amountDue(intent) {
  const due = BigInt(intent.amount) - BigInt(intent.amountReceived || '0');
  return due > 0n ? due : 0n;
}

async function call(provider, method, params) {
  try {
    return await provider.request(params === undefined ? { method } : { method, params });
  } catch (e) {
    throw classify(e);
  }
}

export async function connect(provider) {
  const accounts = await call(provider, 'eth_requestAccounts');
  if (!accounts || !accounts.length) throw new WalletError('rejected', 'no account');
  return accounts[0];
}

// Puts the wallet on `chain` (the page's payd-chain data): switch, or add it
// when the wallet does not know it and the page names an RPC URL for wallets.
export async function ensureChain(provider, chain) {
  const want = hex(chain.chainId);
  const current = await call(provider, 'eth_chainId');
  if (current && BigInt(current) === BigInt(chain.chainId)) return;
  try {
    await call(provider, 'wallet_switchEthereumChain', [{ chainId: want }]);
  } catch (e) {
    if (e.kind !== 'wrongChain' || !chain.walletRpcUrl) throw e;
    await call(provider, 'wallet_addEthereumChain', [{
      chainId: want,
      chainName: chain.name,
      nativeCurrency: { name: chain.nativeSymbol, symbol: chain.nativeSymbol, decimals: chain.nativeDecimals },
      rpcUrls: [chain.walletRpcUrl],
      blockExplorerUrls: chain.explorerUrl ? [chain.explorerUrl] : undefined,
    }]);
  }
  const now = await call(provider, 'eth_chainId');
  if (!now || BigInt(now) !== BigInt(chain.chainId)) throw new WalletError('wrongChain', `wallet on ${now}`);
}

const utf8Hex = (text) =>
  '0x' + [...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, '0')).join('');

// Whether a transfer from `address` would only count with a proven hint: an
// underpaid intent adds up transfers from its trusted sender alone.
export function needsProof(intent, address) {
  if (intent.exception !== 'UNDERPAID') return false;
  const trusted = intent.senderHint && intent.senderHintSource && intent.senderHintSource !== 'payer';
  return !(trusted && intent.senderHint.toLowerCase() === address.toLowerCase());
}

// DECISIONS §5 rule 2: payd's message, signed by the wallet, sent back.
export async function proveSender(provider, { base = '', integration, intentId, address }) {
  const path = `${base}/public/integrations/${encodeURIComponent(integration)}/intents/${encodeURIComponent(intentId)}`;
  const issued = await fetch(`${path}/sender-message?address=${encodeURIComponent(address)}`);
  if (!issued.ok) throw new WalletError('failed', `sender-message ${issued.status}`);
  const { message } = await issued.json();
  const signature = await call(provider, 'personal_sign', [utf8Hex(message), address]);
  const proof = await fetch(`${path}/sender-proof`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ address, signature }),
  });
  if (!proof.ok) throw new WalletError('failed', `sender-proof ${proof.status}`);
  return proof.json();
}

// Whether the wallet holds `amount` of the token (native: before gas),
// asked before the wallet opens so the payer hears why in plain words.
// Best effort: a wallet that cannot answer reads is left to send and fail.
async function checkBalance(provider, intent, from, amount) {
  let balance;
  try {
    balance = intent.tokenAddress
      ? await provider.request({
        method: 'eth_call',
        params: [{ to: intent.tokenAddress, data: '0x70a08231' + word(from.slice(2).toLowerCase()) }, 'latest'],
      })
      : await provider.request({ method: 'eth_getBalance', params: [from, 'latest'] });
  } catch {
    return;
  }
  if (typeof balance === 'string' && /^0x[0-9a-fA-F]+$/.test(balance) && BigInt(balance) < amount) {
    throw new WalletError('insufficientFunds', `balance ${BigInt(balance)} < ${amount}`);
  }
}

// One click: connect, chain, proof when needed, send what is due. Returns
// the transaction hash.
export async function payIntent(provider, { intent, chain, integration, base = '' }) {
  const from = await connect(provider);
  await ensureChain(provider, chain);
  if (needsProof(intent, from)) await proveSender(provider, { base, integration, intentId: intent.id, address: from });
  const due = amountDue(intent);
  await checkBalance(provider, intent, from, due);
  return call(provider, 'eth_sendTransaction', [paymentTransaction(intent, from, due)]);
}
