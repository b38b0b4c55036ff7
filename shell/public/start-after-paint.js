// Server-rendered pages only (server/render/page-html.ts, decisions 018 and 033): the page can be read from its HTML,
// so its scripts are requested once it has been painted, all at once: the shell's, and the remotes' its first screen
// runs. They then never compete with the HTML, its styles and its first images for a phone's bandwidth and main thread;
// the page becomes interactive as it hydrates (src/bootstrap.tsx). Each step is a task of its own, short enough for a
// tap to get in between on a slow phone.
(() => {
  const me = document.currentScript;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const preload = (href, integrity) => {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      // As the federation runtime will load it (shell/src/remotes/subresource-integrity.ts): the browser then uses this.
      if (integrity) {
        link.integrity = integrity;
        link.crossOrigin = 'anonymous';
      }
      link.href = href;
      document.head.append(link);
    };
    for (const href of (me.dataset.preload ?? '').split(' ').filter(Boolean)) preload(href);
    const entry = document.createElement('script');
    entry.src = me.dataset.entry;
    document.head.append(entry);
    // The remotes' entries and the first screen's modules, which the server knows: fetched now, with the shell's, not
    // one level at a time once the shell runs; a release's files once its manifest (preloaded in the head) has
    // answered. A preload that fails stays in Chromium's preload cache, failed, and would be handed to the federation
    // runtime when it loads the file later, after the host is back: a release whose host is down gets no preload.
    setTimeout(() => {
      let remotes = [];
      try {
        remotes = JSON.parse(me.dataset.remotePreload ?? '[]');
      } catch {
        // Not the server's list: the shell's runtime fetches the remotes' files itself, one level at a time.
      }
      const manifests = new Map();
      for (const file of remotes) manifests.set(file.manifest, [...(manifests.get(file.manifest) ?? []), file]);
      for (const [manifest, files] of manifests) {
        const preloadAll = () => files.forEach((file) => preload(file.href, file.integrity));
        const [answered] = performance.getEntriesByName(manifest, 'resource');
        if (answered) {
          if (answered.responseStatus >= 200 && answered.responseStatus < 300) preloadAll();
          continue;
        }
        const link = [...document.querySelectorAll('link[rel=preload][as=fetch]')].find((element) => element.href === manifest);
        link?.addEventListener('load', preloadAll, { once: true });
      }
    }, 0);
  };
  // After the next frame has been painted.
  requestAnimationFrame(() => setTimeout(start, 0));
  // A page opened in a background tab paints no frame until it is shown: start anyway.
  setTimeout(start, 1000);
})();
