// The provider's options, as a Medusa developer writes them in medusa-config.ts,
// checked when Medusa loads the provider: a mistake stops the server at start
// with a message naming the option, never a failed checkout later.

export interface PaydOptions {
  // payd's base address, e.g. https://pay.example.com (http only for a local payd).
  url: string;
  // A payd key with the payments:write and payments:read scopes (or the account key).
  apiKey: string;
  // The signing secret of the webhook endpoint made for this store (whsec_...).
  webhookSecret: string;
  // Names this store in each intent's metadata, so that a store sharing a payd
  // account with others takes only its own intents' webhooks. Default "medusa".
  storeId?: string;
  // The payd integration to use when the account has several.
  integrationId?: string;
  // Where payd's hosted page sends the customer once paid (payd adds
  // payment_intent=<id> to its query), e.g. the storefront's order page:
  // "https://shop.example/order/confirm?cart={cart_id}". {cart_id} and
  // {session_id} are replaced (URL-encoded) for each payment session.
  returnUrl?: string;
}

// The placeholders a returnUrl may hold.
export const RETURN_URL_PLACEHOLDERS = ['{cart_id}', '{session_id}'];

export class PaydOptionsError extends Error {}

const KEY = /^svc_[a-z]+_(test|live)_[A-Za-z0-9_-]+$/;

// Throws PaydOptionsError naming the first option that is wrong.
export function validateOptions(options: Record<string, unknown> | undefined): PaydOptions {
  const o = options ?? {};
  const fail = (name: string, why: string): never => {
    throw new PaydOptionsError(`payd payment provider: option "${name}" ${why}`);
  };
  const text = (name: string): string => {
    const v = o[name];
    if (typeof v !== 'string' || v.trim() === '') fail(name, 'is required (a non-empty string)');
    return (v as string).trim();
  };
  const url = text('url').replace(/\/+$/, '');
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    fail('url', `must be payd's base address, such as https://pay.example.com (got "${url}")`);
  }
  if (parsed!.protocol !== 'https:' && parsed!.protocol !== 'http:') fail('url', 'must be an http(s) URL');
  if (parsed!.search || parsed!.hash) fail('url', 'must not have a query or a fragment');
  const apiKey = text('apiKey');
  if (!KEY.test(apiKey)) fail('apiKey', 'must be a payd API key (svc_..._test_... or svc_..._live_...)');
  const webhookSecret = text('webhookSecret');
  if (!webhookSecret.startsWith('whsec_')) fail('webhookSecret', "must be the endpoint's signing secret (whsec_...)");
  const out: PaydOptions = { url, apiKey, webhookSecret, storeId: 'medusa' };
  if (o.storeId !== undefined) out.storeId = text('storeId');
  if (o.integrationId !== undefined) out.integrationId = text('integrationId');
  if (o.returnUrl !== undefined) out.returnUrl = returnUrlTemplate(text('returnUrl'), fail);
  return out;
}

// The template as payd will check each URL made from it: absolute, http(s),
// with a host (docs/openapi.yaml, V1IntentCreate.returnUrl).
function returnUrlTemplate(template: string, fail: (name: string, why: string) => never): string {
  const unknown = template.match(/\{[^}]*\}/g)?.find((p) => !RETURN_URL_PLACEHOLDERS.includes(p));
  if (unknown) fail('returnUrl', `has ${unknown}: only ${RETURN_URL_PLACEHOLDERS.join(' and ')} are replaced`);
  let parsed: URL | undefined;
  try {
    parsed = new URL(RETURN_URL_PLACEHOLDERS.reduce((url, p) => url.split(p).join('x'), template));
  } catch {
    fail('returnUrl', `must be an absolute URL, such as https://shop.example/order/confirmed?cart={cart_id} (got "${template}")`);
  }
  if ((parsed!.protocol !== 'https:' && parsed!.protocol !== 'http:') || !parsed!.hostname) fail('returnUrl', 'must be an http(s) URL with a host');
  return template;
}
