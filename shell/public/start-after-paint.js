// Server-rendered pages only (server/render/page-html.ts, decision 018): the page can be read from its HTML, so the
// shell's scripts are requested once it has been painted. They then never compete with the HTML, its styles and its
// first images for a phone's bandwidth and main thread; the page becomes interactive as it hydrates (src/bootstrap.tsx).
(() => {
  const me = document.currentScript;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of (me.dataset.preload ?? '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = href;
      document.head.append(link);
    }
    const entry = document.createElement('script');
    entry.src = me.dataset.entry;
    document.head.append(entry);
  };
  // After the next frame has been painted.
  requestAnimationFrame(() => setTimeout(start, 0));
  // A page opened in a background tab paints no frame until it is shown: start anyway.
  setTimeout(start, 1000);
})();
