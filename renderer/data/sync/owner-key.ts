/**
 * The owner key a browser opens the owner's session with: `marquee serve` prints the editor's
 * address with `?key=…`. On load the page keeps it in this tab's sessionStorage and takes it
 * off the address (history.replaceState), so it stays out of the address bar, the history,
 * bookmarks and a shared screen.
 */
const KEY_STORAGE = 'marquee.ownerKey';
const KEY_PARAM = 'key';

export function takeOwnerKeyFromAddress(): void {
  const url = new URL(window.location.href);
  const key = url.searchParams.get(KEY_PARAM);
  if (key === null) return;
  if (key !== '') sessionStorage.setItem(KEY_STORAGE, key);
  url.searchParams.delete(KEY_PARAM);
  window.history.replaceState(window.history.state, '', url);
}

export function storedOwnerKey(): string | undefined {
  return sessionStorage.getItem(KEY_STORAGE) ?? undefined;
}
