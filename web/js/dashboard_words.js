// The dashboard scripts' words in the page's language. The page carries their
// translations (#dashboard-words, written by the server from the catalog,
// src/dashboard/dashboard_http.cpp), keyed by the English text the scripts
// say here; a text without one stays English. "{name}" is filled from `values`.
const element = document.getElementById('dashboard-words');
const words = element ? JSON.parse(element.textContent) : {};

export function say(english, values = {}) {
  let text = words[english] ?? english;
  for (const [name, value] of Object.entries(values)) text = text.replaceAll(`{${name}}`, String(value));
  return text;
}
