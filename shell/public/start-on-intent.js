// Server-rendered pages only (server/render/page-html.ts, decisions 018, 033 and 047): the page works as HTML (links,
// forms, the head script's background cart posts), so its scripts run once the shopper reaches for it: the first
// press, touch, key, focus or mouse movement. A page that cannot wait starts once painted: a part the server left to
// the browser shows nothing until it runs (data-start="paint"), a browser holding a cart session sees an empty cart in
// the server's HTML until the cart's part reads its own (contracts' session-claim.ts), and a trial release must
// replace what the server rendered. Until then the browser only downloads the scripts, while idle after the page has
// loaded (rel=prefetch: into the HTTP cache, nothing parsed or run), so a tap later finds them there. Starting
// requests them all at once: the shell's, and the remotes' the first screen runs. Each step is a task of its own,
// short enough for a tap to get in between on a slow phone; the page then hydrates (src/bootstrap.tsx).
(() => {
  const me = document.currentScript;
  let started = false;
  // The remotes' entries and the first screen's modules, which the server knows, grouped by the manifest they come
  // from; a release's files are fetched only once its manifest (preloaded in the head) has answered. A preload that
  // fails stays in Chromium's preload cache, failed, and would be handed to the federation runtime when it loads the
  // file later, after the host is back: a release whose host is down gets no preload.
  const remoteFiles = (each) => {
    let remotes = [];
    try {
      remotes = JSON.parse(me.dataset.remotePreload ?? '[]');
    } catch {
      // Not the server's list: the shell's runtime fetches the remotes' files itself, one level at a time.
    }
    const manifests = new Map();
    for (const file of remotes) manifests.set(file.manifest, [...(manifests.get(file.manifest) ?? []), file]);
    for (const [manifest, files] of manifests) {
      const all = () => files.forEach(each);
      const [answered] = performance.getEntriesByName(manifest, 'resource');
      if (answered) {
        if (answered.responseStatus >= 200 && answered.responseStatus < 300) all();
        continue;
      }
      const link = [...document.querySelectorAll('link[rel=preload][as=fetch]')].find((element) => element.href === manifest);
      link?.addEventListener('load', all, { once: true });
    }
  };
  const shellFiles = () => [me.dataset.entry, ...(me.dataset.preload ?? '').split(' ')].filter(Boolean);
  const link = (rel, href, integrity) => {
    const element = document.createElement('link');
    element.rel = rel;
    if (rel === 'preload') element.as = 'script';
    // As the federation runtime will load it (shell/src/remotes/subresource-integrity.ts): the browser then uses this.
    if (integrity) {
      element.integrity = integrity;
      element.crossOrigin = 'anonymous';
    }
    element.href = href;
    document.head.append(element);
  };
  const start = () => {
    if (started) return;
    started = true;
    for (const href of shellFiles().slice(1)) link('preload', href);
    const entry = document.createElement('script');
    entry.src = me.dataset.entry;
    document.head.append(entry);
    setTimeout(() => remoteFiles((file) => link('preload', file.href, file.integrity)), 0);
  };
  let fetched = false;
  const prefetch = () => {
    if (started || fetched) return;
    fetched = true;
    for (const href of shellFiles()) link('prefetch', href);
    remoteFiles((file) => link('prefetch', file.href, file.integrity));
  };
  const INTENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'pointermove'];
  const trial = () => {
    try {
      return new URLSearchParams(location.search).has(me.dataset.trialParam) || sessionStorage.getItem(me.dataset.trialKey) !== null;
    } catch {
      return false;
    }
  };
  const holdsCart = () => Boolean(me.dataset.sessionMark) && document.cookie.split('; ').some((pair) => pair.startsWith(`${me.dataset.sessionMark}=`));
  if (me.dataset.start === 'paint' || holdsCart() || trial()) {
    // After the next frame has been painted; a page opened in a background tab paints no frame until it is shown.
    requestAnimationFrame(() => setTimeout(start, 0));
    setTimeout(start, 1000);
    return;
  }
  for (const type of INTENTS) addEventListener(type, start, { capture: true, once: true, passive: true });
  // Focus already inside the page (autofocus, a restored tab) is a shopper at work.
  if (document.activeElement && document.activeElement !== document.body) start();
  const whenIdle = () => (window.requestIdleCallback ? requestIdleCallback(prefetch, { timeout: 2000 }) : setTimeout(prefetch, 0));
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
})();
