// The hosted pages inside the widget's iframe. The widget names its page's
// origin in the URL fragment (#origin=…); the pages post to it only when the
// browser confirms that this origin framed them (location.ancestorOrigins,
// or the referrer where ancestorOrigins is missing), so nobody gets the
// payer's state by claiming an origin. frame-ancestors already limits
// framing to the integration's allowed origins.
export function parentOrigin() {
  if (window.parent === window) return null;
  const claimed = new URLSearchParams(location.hash.slice(1)).get('origin');
  if (!claimed) return null;
  let actual = null;
  try {
    if (location.ancestorOrigins) actual = location.ancestorOrigins[0];
    else if (document.referrer) actual = new URL(document.referrer).origin;
  } catch {
    return null;
  }
  return actual === claimed ? claimed : null;
}

// Posts {source: "payd", type, ...fields} to the framing page, if any.
export function postToParent(type, fields = {}) {
  const target = parentOrigin();
  if (target) window.parent.postMessage({ source: 'payd', type, ...fields }, target);
  return target;
}

// Escape pressed inside the iframe never reaches the widget's dialog in the
// parent document: ask the widget to close it (it does so only for its own
// iframe from payd's origin).
export function forwardEscape() {
  if (!parentOrigin()) return;
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !event.defaultPrevented) postToParent('close');
  });
}
