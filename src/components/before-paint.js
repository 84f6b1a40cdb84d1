// What every page runs in <head> before its first paint (BaseHead.astro puts it in the page,
// minified, and calls it with the session key): the signed-in header, a guard that holds a submit
// until its form's code is live, the header's menus before the page script, and the web app manifest
// linked after the first paint. Minified because every byte of the HTML counts: Lighthouse's
// simulation sends a page's first 14.6 KB in one round trip, and a course page was over it
// (docs/architecture.md, Budgets). The comments stay here; the page gets the code.
// eslint-disable-next-line @typescript-eslint/no-unused-expressions -- BaseHead.astro calls it with the key
(function (key) {
  // Before first paint: show the signed-in header when a session is stored, so it never flashes.
  try {
    var s = JSON.parse(localStorage.getItem(key) || 'null');
    document.documentElement.dataset.auth = s && s.token ? 'user' : 'visitor';
  } catch {
    document.documentElement.dataset.auth = 'visitor';
  }
  // A form's island sends it once ready (lib/forms/Form.tsx). A submit pressed before then (Enter in
  // a field, or a tap on its button, which is disabled until the form is live) is held for it, and
  // never sent by the browser, which would put the fields (a password too) in the address. The
  // footer's newsletter form the same, until the page script, which starts after the first paint
  // (scripts/build/defer-page-script.ts), has taken it (src/scripts/newsletter-form.ts).
  function hold(e) {
    var f = e.target.closest && e.target.closest('form.form:not([data-ready]), form[data-newsletter]:not([data-ready])');
    if (f) f.dataset.held = '';
    return f;
  }
  addEventListener(
    'submit',
    function (e) {
      if (hold(e)) e.preventDefault();
    },
    true,
  );
  addEventListener(
    'keydown',
    function (e) {
      if (e.key === 'Enter' && e.target.matches('input')) hold(e);
    },
    true,
  );
  // The header's menus before the page script has taken the header (src/scripts/header.ts sets
  // data-ready): a tap (or Enter, Space) on the menu button or a dropdown's button opens or closes
  // what it controls as the script would, and Escape closes it; the script goes on from that state.
  function menuOf(b) {
    var c = b && document.getElementById(b.getAttribute('aria-controls'));
    return c && b.closest('[data-header]:not([data-ready])') ? c : null;
  }
  function show(b, c, open) {
    b.setAttribute('aria-expanded', open);
    if (b.matches('[data-menu-toggle]')) c.classList.toggle('open', open);
    else c.hidden = !open;
  }
  addEventListener('click', function (e) {
    // Login and sign-up link to each other with the way back (src/scripts/keep-next.ts, which starts
    // after the first paint): a tap before then carries it along too; the page it opens checks it.
    var a = e.target.closest && e.target.closest('a[data-keep-next]');
    var n = a && !a.search && new URLSearchParams(location.search).get('next');
    if (n) a.search = '?next=' + encodeURIComponent(n);
    var b = e.target.closest && e.target.closest('button[aria-controls]');
    var c = menuOf(b);
    if (c) show(b, c, b.getAttribute('aria-expanded') !== 'true');
  });
  addEventListener('keydown', function (e) {
    var b = e.key === 'Escape' && e.target.closest && e.target.closest('[data-header]');
    b = b && b.querySelector('[data-menu-toggle][aria-expanded=true]');
    var c = menuOf(b);
    if (c) {
      show(b, c, false);
      b.focus();
    }
  });
  addEventListener(
    'pointerup',
    function (e) {
      if (e.target.closest('[type=submit]')) hold(e);
    },
    true,
  );
  // The web app manifest is linked once the first contentful paint is on screen, not in the HTML: the
  // browser fetched it as the page loaded, before its first paint, which Lighthouse's simulation
  // counted as holding the paint back (the budget step's floor: docs/architecture.md, Budgets).
  // Installing needs it only later. Where the browser reports no paints, at the load event.
  (function (link) {
    try {
      if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
        new PerformanceObserver(function (list, observer) {
          if (!list.getEntriesByName('first-contentful-paint').length) return;
          observer.disconnect();
          setTimeout(link);
        }).observe({ type: 'paint', buffered: true });
        return;
      }
    } catch {
      // A browser that cannot observe paints links it at the load event, below.
    }
    addEventListener('load', link);
  })(function () {
    var l = document.createElement('link');
    l.rel = 'manifest';
    l.href = '/manifest.webmanifest';
    document.head.appendChild(l);
  });
});
