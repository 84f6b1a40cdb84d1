// The tutors of a course page as WAI-ARIA tabs (docs/product.md#course-pages): the first tutor is
// selected; a click, the arrow keys, Home and End choose another and show their biography. The HTML
// is a list of links to biographies that are all visible, so without this script nothing is hidden.
// Automatic activation: moving focus to a tab selects it (the panels are already in the page).
// The settings page's tabs move the same way (settings/tabs.ts); not shared, because a module shared
// with that island becomes a chunk of its own: one more request on every course page.

const NEXT = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS = new Set(['ArrowLeft', 'ArrowUp']);

function enhance(root: HTMLElement) {
  const list = root.querySelector<HTMLElement>('[data-tablist]');
  const tabs = [...root.querySelectorAll<HTMLAnchorElement>('[data-tab]')];
  const panels = [...root.querySelectorAll<HTMLElement>('[data-panel]')];
  if (!list || tabs.length === 0 || tabs.length !== panels.length) return;

  list.setAttribute('role', 'tablist');
  for (const item of list.children) item.setAttribute('role', 'presentation');
  tabs.forEach((tab, i) => {
    const panel = panels[i]!;
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-controls', panel.id);
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', tab.id);
    panel.tabIndex = 0;
  });

  const select = (index: number, focus: boolean) => {
    tabs.forEach((tab, i) => {
      const selected = i === index;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      panels[i]!.hidden = !selected;
    });
    if (focus) tabs[index]!.focus();
  };

  tabs.forEach((tab, i) => {
    tab.addEventListener('click', (event) => {
      // The link's address is for pages without this script; here the tab shows the panel in place.
      event.preventDefault();
      select(i, true);
    });
    tab.addEventListener('keydown', (event) => {
      let target: number | undefined;
      if (NEXT.has(event.key)) target = (i + 1) % tabs.length;
      else if (PREVIOUS.has(event.key)) target = (i - 1 + tabs.length) % tabs.length;
      else if (event.key === 'Home') target = 0;
      else if (event.key === 'End') target = tabs.length - 1;
      else if (event.key === ' ') target = i;
      if (target === undefined) return;
      event.preventDefault();
      select(target, true);
    });
  });

  select(0, false);
  root.dataset.enhanced = '';
}

export function enhanceTutorTabs(root: ParentNode = document) {
  root.querySelectorAll<HTMLElement>('[data-tutor-tabs]:not([data-enhanced])').forEach(enhance);
}
