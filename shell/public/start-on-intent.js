// Server-rendered pages only (server/render/page-html.ts, decisions 018, 033 and 047): the page works as HTML (links,
// forms, the head script's background cart posts), so its scripts run once the shopper reaches for something only
// they can do: a key, a field, a control that is not a link or a form's button (the head script tells, from the
// page's first byte). A page that cannot wait starts once painted: a part the server left to the browser shows
// nothing until it runs (data-start="paint"), a browser holding a cart session sees an empty cart in the server's
// HTML until the cart's part reads its own (contracts' session-claim.ts), and a trial release (in the URL or the
// browser's session) must replace what the server rendered. Until then the browser only downloads the scripts, once
// the shopper scrolls or presses and while idle (rel=prefetch: into the HTTP cache, nothing parsed or run), so a tap
// later finds them there. Starting requests them all at once: the shell's, and the remotes' the first screen runs.
// Each step is a task of its own, short enough for a tap to get in between on a slow phone; the page then hydrates
// (src/bootstrap.tsx).
(() => {
  const me = document.currentScript;
  const data = me.dataset;
  let started = false;
  let remotes = [];
  try {
    remotes = JSON.parse(data.remotePreload || '[]');
  } catch {
    // Not the server's list: the shell's runtime fetches the remotes' files itself, one level at a time.
  }
  const shellFiles = (data.preload || '').split(' ').filter(Boolean);
  const link = (rel, { href, integrity }) => {
    const element = document.createElement('link');
    element.rel = rel;
    element.as = 'script';
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
    for (const href of shellFiles) link('preload', { href });
    const entry = document.createElement('script');
    entry.src = data.entry;
    document.head.append(entry);
    // The remotes' entries and the first screen's modules, which the server knows: a release's files once its
    // manifest (preloaded in the head) has answered. A preload that fails stays in Chromium's preload cache, failed,
    // and would be handed to the federation runtime when it loads the file later, after the host is back: a release
    // whose host is down gets no preload.
    setTimeout(() => {
      const manifests = new Map();
      for (const file of remotes) manifests.set(file.manifest, [...(manifests.get(file.manifest) || []), file]);
      for (const [manifest, files] of manifests) {
        const preloadAll = () => files.forEach((file) => link('preload', file));
        const [answered] = performance.getEntriesByName(manifest, 'resource');
        if (answered) {
          if (answered.responseStatus >= 200 && answered.responseStatus < 300) preloadAll();
          continue;
        }
        const hint = [...document.querySelectorAll('link[rel=preload][as=fetch]')].find((element) => element.href === manifest);
        hint?.addEventListener('load', preloadAll, { once: true });
      }
    }, 0);
  };
  // Once painted: a page the server marked so, a browser holding a cart session, or one that keeps a trial release.
  let trial = new URLSearchParams(location.search).has(data.trialParam);
  try {
    trial ||= sessionStorage.getItem(data.trialKey) !== null;
  } catch {
    // Storage refused (a privacy setting): no trial release either.
  }
  if (data.start === 'paint' || `; ${document.cookie}`.includes(`; ${data.sessionMark}=`) || trial) {
    // After the next frame has been painted; a page opened in a background tab paints no frame until it is shown.
    requestAnimationFrame(() => setTimeout(start, 0));
    setTimeout(start, 1000);
    return;
  }
  // Once the shopper reaches for something only the page's code can do: the head script says so (decision 047).
  if (window.shopScriptsWanted) start();
  else addEventListener('shop:scripts-wanted', start, { once: true });
  // Into the HTTP cache (a failed file is simply not cached), nothing parsed or run, once the shopper is at work on
  // the page (a scroll, a press) and the browser is idle: a tap on a control then finds them there. Not while the page
  // loads: its images and a first tap's post go first. A few at a time: each link starts a request, and a slow
  // phone's idle periods are short.
  const idle = window.requestIdleCallback || setTimeout;
  const waiting = [data.entry, ...shellFiles].map((href) => ({ href })).concat(remotes);
  const prefetch = () => {
    if (started) return;
    waiting.splice(0, 4).forEach((file) => link('prefetch', file));
    if (waiting.length) idle(prefetch);
  };
  let atWork = () => {
    atWork = () => {};
    idle(prefetch);
  };
  for (const type of ['scroll', 'pointerdown', 'keydown']) addEventListener(type, () => atWork(), { capture: true, passive: true, once: true });
})();
