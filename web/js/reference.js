// The API reference page (/docs): Redoc draws its sidebar (the contents and
// the search) outside any landmark, so a screen reader's list of landmarks
// misses it and axe-core's "region" rule fails the page. Once Redoc has drawn
// it, the sidebar is named as the page's navigation.
function markSidebar() {
  const menu = document.querySelector('.menu-content');
  if (!menu) return false;
  menu.setAttribute('role', 'navigation');
  menu.setAttribute('aria-label', 'Contents of the API reference');
  return true;
}

if (!markSidebar()) {
  new MutationObserver((_, observer) => {
    if (markSidebar()) observer.disconnect();
  }).observe(document.body, { childList: true, subtree: true });
}
