// "Send with your browser wallet" on a refund's page and on each line of a
// payout's: the payout wallet (EIP-6963, or window.ethereum) sends exactly
// the transfer payd prepared (the data-* of each [data-wallet-send] box). The
// page checks the connected account is the payout address and puts the
// wallet on the transfer's chain first. What the wallet answers is only
// shown: the watcher, reading the chain, is what marks a transfer sent, and
// the live region then shows it.
import { classify, connect, discoverWallets, ensureChain } from './wallet.js';
import { say as word } from './dashboard_words.js';

let hasWallets = false;

const MESSAGES = {
  rejected: word('You declined in your wallet. Nothing was sent.'),
  wrongChain: word('Your wallet could not switch to the transfer\'s chain. Switch it yourself and try again.'),
  insufficientFunds: word('The payout wallet does not hold enough to send this (and its gas).'),
  pending: word('Your wallet is already asking you something: answer it first.'),
  failed: word('The wallet could not send it. Try again, or use the QR code or the raw transaction.'),
};

function reveal() {
  if (!hasWallets) return;
  for (const box of document.querySelectorAll('[data-wallet-send]')) box.hidden = false;
}

async function send(box) {
  const status = box.querySelector('[data-send-status]');
  // What went wrong reads as an error; progress as a hint.
  const say = (text, wrong = false) => {
    status.className = wrong ? 'error-message send-status' : 'hint send-status';
    status.textContent = text;
  };
  const d = box.dataset;
  try {
    const [wallet] = await discoverWallets();
    if (!wallet) return say(word('No browser wallet was found. Use the QR code or the raw transaction.'), true);
    const account = await connect(wallet.provider);
    if (account.toLowerCase() !== d.from.toLowerCase()) {
      return say(word('Connect the payout wallet {from}: the transfer goes out of that address. Your wallet is on {account}.', { from: d.from, account }), true);
    }
    await ensureChain(wallet.provider, { chainId: Number(d.chainId), name: d.chainName });
    say(word('Confirm the transfer in your wallet.'));
    const hash = await wallet.provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: account, to: d.to, data: d.data, value: '0x' + BigInt(d.value).toString(16) }],
    });
    say(word('Sent as transaction {hash}. payd marks it sent once it sees the transfer on chain.', { hash }));
  } catch (e) {
    say(MESSAGES[classify(e).kind] || MESSAGES.failed, true);
  }
}

document.addEventListener('click', (event) => {
  const button = event.target.closest('[data-send]');
  if (button) send(button.closest('[data-wallet-send]'));
});
discoverWallets().then((wallets) => {
  hasWallets = wallets.length > 0;
  reveal();
});
const region = document.getElementById('live-region');
if (region) new MutationObserver(reveal).observe(region, { childList: true, subtree: true });

// A payout's CSV chosen as a file goes into the form's text box, where it can
// be read and corrected before it is sent (without JavaScript: paste it).
const file = document.getElementById('csv-file');
if (file) {
  file.addEventListener('change', async () => {
    const chosen = file.files?.[0];
    if (chosen) document.getElementById('csv').value = await chosen.text();
  });
}
