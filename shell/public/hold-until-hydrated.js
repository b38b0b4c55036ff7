// Inline in the head of every server-rendered page, before any other script (decision 026). Until React has hydrated
// the part a control belongs to, that control is server HTML with no handler: React 19 drops a tap on it. A tap on a
// control that HTML alone cannot handle (a button outside a form, a checkbox, anything marked
// data-hold-until-hydrated) is held here and replayed once, on the same control, as soon as React has made it live.
// Links and form submissions are left to the browser: they work as HTML. A marked control whose part never comes to
// life (its script failed) does what its HTML does after a few seconds: its link or its GET form is followed.
// A cart form (marked data-post-in-background, contracts/src/forms.ts) is the one exception: a submission of it that
// no handler took (its part is not live yet) is sent in the background, asking for JSON, so the shopper stays on the
// page; its notice shows at once (data-held-notice) and waits in window.shopHeldPostNotices for the shell's toasts,
// the badge shows the cart's new figure (data-cart-lines), window.shopHeldPostsAnswered counts it (the cart in the page
// is now out of date), and the cart is told to read itself again (cart:changed). The names are
// contracts' (forms.ts, events.ts); server/render/hold-until-hydrated.test.ts runs this script against them.
// Before the first tap, the browser gets a session claim (contracts' session-claim.ts, decision 039): the writes a
// tap sends before the shop's session cookie has come back all carry it, so they all land in one cart.
(() => {
  const GIVE_UP_MS = 5000;
  const CLAIM_COOKIE = 'shop.claim';
  const claimed = () => document.cookie.split('; ').some((pair) => pair.startsWith(`${CLAIM_COOKIE}=`));
  const claim = () => {
    if (claimed() || !window.crypto || !crypto.getRandomValues) return;
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const value = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${CLAIM_COOKIE}=${value}; Path=/; Max-Age=600; SameSite=Lax${secure}`;
  };
  // First of all listeners (capture, on the document, from the head): before any handler can send a write.
  document.addEventListener('click', claim, true);
  document.addEventListener('submit', claim, true);
  const CONTROL = 'button, input[type=checkbox], input[type=radio], [role=button], [data-hold-until-hydrated]';
  const held = [];
  let watching = false;
  const reactKey = (element, prefix) => Object.keys(element).some((key) => key.startsWith(prefix));
  // React marks the root once hydrateRoot has attached its listeners, and each element once it holds its props.
  const live = (control) => {
    const root = document.getElementById('root');
    return root !== null && reactKey(root, '__reactContainer$') && reactKey(control, '__reactProps$');
  };
  const marked = (control) => control.hasAttribute('data-hold-until-hydrated');
  const handledByHtml = (control) =>
    !marked(control) && control instanceof HTMLButtonElement && (control.type === 'submit' || control.type === 'reset') && control.form !== null;
  // Where the control's HTML leads, if anywhere: a link, or a GET form.
  const destination = (control) => {
    if (control instanceof HTMLAnchorElement) return control.href;
    const form = control instanceof HTMLButtonElement ? control.form : null;
    return form && form.method === 'get' ? form.action : null;
  };
  // The page's scripts run once the shopper reaches for something only they can do (decision 047): a key, a field, a
  // control that HTML alone cannot answer. A link, a form's button (a cart form's is posted in the background below),
  // a press on text or a picture (reading, scrolling) need none. The start script (start-on-intent.js) waits for this.
  const WANTING = ['pointerdown', 'keydown', 'focusin'];
  const want = (event) => {
    const control = event.target instanceof Element ? event.target.closest(`${CONTROL}, input, select, textarea`) : null;
    if (event.type !== 'keydown' && (!control || handledByHtml(control))) return;
    for (const type of WANTING) document.removeEventListener(type, want, true);
    window.shopScriptsWanted = true;
    window.dispatchEvent(new Event('shop:scripts-wanted'));
  };
  for (const type of WANTING) document.addEventListener(type, want, true);
  const tick = () => {
    const now = performance.now();
    for (let i = 0; i < held.length; ) {
      const entry = held[i];
      const { control } = entry;
      if (!control.isConnected || (marked(control) && now - entry.at > GIVE_UP_MS && !live(control))) {
        // Replaced (its code failed, a fallback shows) or never hydrated: what the HTML does, if anything.
        held.splice(i, 1);
        control.removeAttribute('data-tap-held');
        if (entry.to) window.location.assign(entry.to);
        continue;
      }
      if (live(control)) {
        // One more frame once live: React has committed the part, not only rendered it.
        if (entry.seen) {
          held.splice(i, 1);
          control.removeAttribute('data-tap-held');
          control.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, detail: entry.detail, clientX: entry.x, clientY: entry.y }));
          continue;
        }
        entry.seen = true;
      }
      i += 1;
    }
    watching = held.length > 0;
    if (watching) requestAnimationFrame(tick);
  };
  document.addEventListener(
    'click',
    (event) => {
      // A replayed click (untrusted) goes through; so does anything but a plain primary click.
      if (!event.isTrusted || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const control = event.target instanceof Element ? event.target.closest(CONTROL) : null;
      if (!control || handledByHtml(control) || live(control)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      held.push({ control, at: performance.now(), detail: event.detail, x: event.clientX, y: event.clientY, to: destination(control), seen: false });
      // A region of the page left as server HTML until needed hydrates now, or as soon as its part has hydrated
      // (contracts/src/held-events.ts).
      control.setAttribute('data-tap-held', '');
      control.dispatchEvent(new Event('shop:held-until-hydrated', { bubbles: true }));
      if (!watching) {
        watching = true;
        requestAnimationFrame(tick);
      }
    },
    true,
  );
  const NOTICE_MS = 3000;
  // Until the shell's toasts take over (they remove it and show what still waits), the notice is shown here, one at
  // a time, where the shell's toast comes: on a slow phone the shell may run seconds after the server answered.
  const show = (notice, waiting) => {
    for (const shown of document.querySelectorAll('[data-held-notice]')) shown.remove();
    const element = document.createElement('div');
    element.setAttribute('data-held-notice', '');
    element.setAttribute('role', notice.kind === 'error' ? 'alert' : 'status');
    element.textContent = notice.text;
    Object.assign(element.style, {
      position: 'fixed', top: '1rem', insetInlineEnd: '1rem', zIndex: '9999', maxInlineSize: 'min(20rem, calc(100vw - 2rem))',
      padding: '0.875rem 1rem', borderRadius: 'var(--radius)', background: 'var(--color-surface)', color: 'var(--color-text)',
      boxShadow: 'var(--shadow)', borderInlineStart: `4px solid var(${notice.kind === 'error' ? '--color-danger' : '--color-success'})`, font: 'inherit',
    });
    document.body.append(element);
    setTimeout(() => {
      if (!element.isConnected) return;
      element.remove();
      const at = waiting.indexOf(notice);
      if (at >= 0) waiting.splice(at, 1);
    }, NOTICE_MS);
  };
  // The cart's badge, while its part is not live: React keeps what is written here when it hydrates. Its button's
  // name follows, from the names by plural category the part wrote on it (`#`: the figure).
  const count = (lines) => {
    if (typeof lines !== 'number') return;
    const lang = document.documentElement.lang;
    for (const badge of document.querySelectorAll('[data-cart-lines]')) {
      if (reactKey(badge, '__reactProps$')) continue;
      badge.textContent = String(lines);
      const button = badge.closest('[data-cart-names]');
      try {
        const name = JSON.parse(button.getAttribute('data-cart-names'))[new Intl.PluralRules(lang).select(lines)];
        if (name) button.setAttribute('aria-label', name.replace('#', new Intl.NumberFormat(lang).format(lines)));
      } catch {
        // No names there: the button is named again once its part is live.
      }
    }
  };
  const notify = (notice, lines) => {
    window.shopHeldPostsAnswered = (window.shopHeldPostsAnswered || 0) + 1;
    count(lines);
    if (notice) {
      const waiting = window.shopHeldPostNotices || (window.shopHeldPostNotices = []);
      // An array: the shell has not taken the notices over yet.
      if (Array.isArray(waiting)) show(notice, waiting);
      waiting.push(notice);
    }
    window.dispatchEvent(new CustomEvent('cart:changed'));
  };
  const postedNatively = new WeakSet();
  // Last, as the event leaves the page: a submission nothing took (React's handlers call preventDefault once the part
  // is live; a part still hydrating, even one whose elements React already knows, takes none).
  window.addEventListener('submit', (event) => {
    const form = event.target;
    const submitter = event.submitter || null;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute('data-post-in-background')) return;
    if (postedNatively.has(form) || typeof fetch !== 'function') return;
    event.preventDefault();
    // What the browser would do itself, when the shop's answer cannot be read here: it shows what comes of it.
    const postNatively = () => {
      postedNatively.add(form);
      form.requestSubmit(submitter && submitter.isConnected ? submitter : null);
    };
    const busy = submitter || form;
    busy.setAttribute('aria-busy', 'true');
    fetch(form.action, { method: 'POST', body: new URLSearchParams(new FormData(form, submitter)), credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(
        (response) =>
          response.json().then(
            (answer) => {
              if (response.ok) notify(answer && answer.notice, answer && answer.cartLines);
              else if (answer && answer.error) notify({ kind: 'error', text: answer.error.message });
              else postNatively();
            },
            postNatively,
          ),
        postNatively,
      )
      .finally(() => busy.removeAttribute('aria-busy'));
  });
})();
