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
    // one level at a time once the shell runs.
    setTimeout(() => {
      let remotes = [];
      try {
        remotes = JSON.parse(me.dataset.remotePreload ?? '[]');
      } catch {
        // Not the server's list: the shell's runtime fetches the remotes' files itself, one level at a time.
      }
      for (const file of remotes) preload(file.href, file.integrity);
    }, 0);
    // The first use of Intl in a page loads the language's data (40 to 130 ms on a slow phone): here, while the
    // scripts download, rather than inside the first part that shows a price.
    setTimeout(() => {
      try {
        new Intl.NumberFormat(document.documentElement.lang || undefined).format(1);
      } catch {
        // A language Intl does not know: the first price pays for it, as before.
      }
    }, 0);
  };
  // After the next frame has been painted.
  requestAnimationFrame(() => setTimeout(start, 0));
  // A page opened in a background tab paints no frame until it is shown: start anyway.
  setTimeout(start, 1000);
})();
