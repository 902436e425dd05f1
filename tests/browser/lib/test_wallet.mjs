// A browser wallet for the tests: an EIP-1193 provider injected into every
// page and frame of a context, announced with EIP-6963 (and as
// window.ethereum). The page side is a thin shim; requests cross to Node
// through page.exposeBinding, where reads go to the real anvil and
// transactions and messages are signed with an anvil test account (viem).
// Faults a real wallet produces on a person's say-so (the user rejects; the
// wallet does not know the chain) are switched on per method; insufficient
// funds are real: give the wallet an account anvil never funded.
import { createWalletClient, numberToHex } from 'viem';
import { foundry } from 'viem/chains';
import { localTransport } from '../../../tools/devchain/chain.mjs';

const ANVIL_CHAIN = 31337;

// Runs in the page before its scripts: the provider object and its announcement.
function pageShim({ binding, info, legacy }) {
  const listeners = new Map();
  const emit = (event, arg) => (listeners.get(event) || []).forEach((cb) => cb(arg));
  const provider = {
    isPaydTestWallet: true,
    async request({ method, params }) {
      const reply = JSON.parse(await window[binding](JSON.stringify({ method, params: params ?? [] })));
      for (const [event, arg] of reply.events || []) emit(event, arg);
      if (reply.error) {
        const error = new Error(reply.error.message);
        error.code = reply.error.code;
        throw error;
      }
      return reply.result;
    },
    on(event, cb) {
      listeners.set(event, [...(listeners.get(event) || []), cb]);
      return provider;
    },
    removeListener(event, cb) {
      listeners.set(event, (listeners.get(event) || []).filter((f) => f !== cb));
      return provider;
    },
  };
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', {
    detail: Object.freeze({ info, provider }),
  }));
  if (info) {
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  }
  if (legacy) window.ethereum = provider;
}

const ICON = 'data:image/svg+xml,' + encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#444"/></svg>');

export class TestWallet {
  // `account`: a viem account; `chainId`: the chain the wallet starts on;
  // `announce`: EIP-6963 (true) or window.ethereum only (false).
  constructor({ rpcUrl, account, chainId = ANVIL_CHAIN, name = 'Test Wallet', announce = true, legacy = true }) {
    this.rpcUrl = rpcUrl;
    this.account = account;
    this.chainId = chainId;
    this.known = new Set([ANVIL_CHAIN]);
    this.info = announce ? { uuid: '6b0f1ad8-4cc3-4a55-9d3b-1f0c2e6d7a01', name, icon: ICON, rdns: 'test.payd.wallet' } : null;
    this.legacy = legacy;
    this.connected = false;
    this.faults = new Map(); // method -> {kind, once}
    this.calls = []; // [{method, params, origin}]
    this.sent = []; // transaction hashes
    this.sentAt = []; // when each was mined (anvil mines on send), Date.now()
    this.added = []; // wallet_addEthereumChain params
    this.wallet = createWalletClient({ account, chain: foundry, transport: localTransport(rpcUrl) });
  }

  // kind: 'reject' (4001) or 'unknownChain' (4902, for wallet_switchEthereumChain).
  fail(method, kind, { once = true } = {}) {
    this.faults.set(method, { kind, once });
  }

  forget(chainId) {
    this.known.delete(chainId);
  }

  // Injects the provider into `context` (all its pages and frames).
  async install(context, binding = '__paydTestWallet') {
    await context.exposeBinding(binding, async (source, text) => {
      const { method, params } = JSON.parse(text);
      const origin = (() => {
        try {
          return new URL(source.frame.url()).origin;
        } catch {
          return null;
        }
      })();
      this.calls.push({ method, params, origin });
      const events = [];
      try {
        return JSON.stringify({ result: await this.handle(method, params, events), events });
      } catch (e) {
        return JSON.stringify({ error: { code: e.code ?? -32603, message: e.message }, events });
      }
    });
    await context.addInitScript(pageShim, { binding, info: this.info, legacy: this.legacy });
    return this;
  }

  methods() {
    return this.calls.map((c) => c.method);
  }

  fault(method) {
    const f = this.faults.get(method);
    if (f?.once) this.faults.delete(method);
    return f?.kind;
  }

  async handle(method, params, events) {
    const fault = this.fault(method);
    if (fault === 'reject') throw rpcError(4001, 'User rejected the request.');
    switch (method) {
      case 'eth_requestAccounts':
        this.connected = true;
        return [this.account.address];
      case 'eth_accounts':
        return this.connected ? [this.account.address] : [];
      case 'eth_chainId':
        return numberToHex(this.chainId);
      case 'wallet_switchEthereumChain': {
        const id = Number(BigInt(params[0].chainId));
        if (fault === 'unknownChain' || !this.known.has(id)) {
          throw rpcError(4902, `Unrecognized chain ID "${params[0].chainId}". Try adding the chain using wallet_addEthereumChain first.`);
        }
        this.switchTo(id, events);
        return null;
      }
      case 'wallet_addEthereumChain': {
        const id = Number(BigInt(params[0].chainId));
        this.added.push(params[0]);
        this.known.add(id);
        this.switchTo(id, events);
        return null;
      }
      case 'personal_sign': {
        this.requireConnected();
        const [message, address] = params;
        if (address.toLowerCase() !== this.account.address.toLowerCase()) throw rpcError(4100, 'Unknown account');
        return this.account.signMessage({ message: /^0x/.test(message) ? { raw: message } : message });
      }
      case 'eth_sendTransaction': {
        this.requireConnected();
        if (this.chainId !== ANVIL_CHAIN) throw rpcError(4901, `The wallet is on chain ${this.chainId}`);
        const [tx] = params;
        if (tx.from.toLowerCase() !== this.account.address.toLowerCase()) throw rpcError(4100, 'Unknown account');
        try {
          const hash = await this.wallet.sendTransaction({
            to: tx.to, data: tx.data, value: tx.value ? BigInt(tx.value) : 0n,
          });
          this.sent.push(hash);
          this.sentAt.push(Date.now());
          return hash;
        } catch (e) {
          // What MetaMask does: the node's reason inside an internal error.
          throw rpcError(-32603, e.details || e.shortMessage || e.message);
        }
      }
      default:
        if (!method.startsWith('eth_')) throw rpcError(4200, `Unsupported method ${method}`);
        return this.forward(method, params);
    }
  }

  requireConnected() {
    if (!this.connected) throw rpcError(4100, 'The wallet is not connected to this site');
  }

  switchTo(id, events) {
    if (id !== this.chainId) {
      this.chainId = id;
      events.push(['chainChanged', numberToHex(id)]);
    }
  }

  async forward(method, params) {
    const res = await fetch(this.rpcUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = await res.json();
    if (body.error) throw rpcError(body.error.code, body.error.message);
    return body.result;
  }
}

function rpcError(code, message) {
  return Object.assign(new Error(message), { code });
}
