// Layout rules that need no baseline picture, on every route at a phone's, a tablet's and a laptop's
// width (issue 17): nothing runs off the side; no two visible controls lie on each other; every
// visible form control is wide enough to read what is typed (200 px, or its design width: a code
// box, a checkbox, the day of a date); and of a control and its small-screen stand-in, exactly one
// shows. The settings page at 1366 px broke all of these at once, and no test noticed.
import type { Page } from '@playwright/test';
import {
  AUTH_ROUTES,
  CONTENT_ROUTES,
  enrol,
  expect,
  FORM_ROUTES,
  NOT_FOUND_ROUTES,
  signIn,
  test,
  waitForIslands,
  WORK_IN_PROGRESS_ROUTES,
} from './fixtures.ts';

const WIDTHS = [390, 768, 1366];
const COURSE = 'pattern-drafting-foundations';

/** Controls with a design width under 200 px. */
const NARROW_BY_DESIGN = [
  'input[type=checkbox]',
  'input[type=radio]',
  'input[type=file]',
  '.otp-box',
  '.date-part input',
  '.date-part select',
  '.search-field input',
  '.pagination-size select',
].join(', ');

interface Findings {
  overflow: number;
  overlaps: string[];
  narrow: string[];
}

/** Measures the page as it is drawn now. */
function measure(page: Page, narrowByDesign: string): Promise<Findings> {
  return page.evaluate((exempt) => {
    const name = (element: Element) => {
      const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? '';
      return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''} "${label}"`;
    };
    // Shown to a sighted person: drawn, not clipped to a pixel (the visually-hidden pattern), not off-screen.
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return (
        element.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && box.width > 2 && box.height > 2 && box.right > 0
      );
    };
    const controls = [
      ...document.querySelectorAll(
        'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=combobox], [role=tab]',
      ),
    ].filter(shown);
    const overlaps: string[] = [];
    for (const [index, a] of controls.entries()) {
      for (const b of controls.slice(index + 1)) {
        if (a.contains(b) || b.contains(a) || a.closest('label')?.contains(b) || b.closest('label')?.contains(a)) continue;
        const [p, q] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
        const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
        const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
        if (x > 1 && y > 1) overlaps.push(`${name(a)} / ${name(b)}`);
      }
    }
    const narrow = [...document.querySelectorAll('input:not([type=hidden]), select, textarea')]
      .filter((control) => shown(control) && !control.matches(exempt))
      // The frame around a control (a prefix, an icon inside it) is what a person sees as the field.
      .filter((control) => (control.closest('.field-box') ?? control).getBoundingClientRect().width < 200)
      .map((control) => `${name(control)}: ${Math.round((control.closest('.field-box') ?? control).getBoundingClientRect().width)} px`);
    return { overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth, overlaps, narrow };
  }, narrowByDesign);
}

async function checkAtEveryWidth(page: Page, path: string, atWidth?: (width: number) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    await waitForIslands(page);
    const found = await measure(page, NARROW_BY_DESIGN);
    expect.soft(found.overflow, `${path} at ${width} px runs off the side`).toBeLessThanOrEqual(0);
    expect.soft(found.overlaps, `${path} at ${width} px: controls on each other`).toEqual([]);
    expect.soft(found.narrow, `${path} at ${width} px: controls too narrow`).toEqual([]);
    // The header's menu button stands in for the navigation below 1024 px: one of them shows.
    const menu = page.getByRole('button', { name: /^Menu/ });
    const nav = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' });
    expect.soft(await menu.isVisible(), `${path} at ${width} px: the menu button`).toBe(width < 1024);
    expect.soft(await nav.isVisible(), `${path} at ${width} px: the navigation`).toBe(width >= 1024);
    await atWidth?.(width);
  }
}

// One page of each template: the other projects and legal pages are drawn by the same code.
const SAME_TEMPLATE = [
  '/projects/ishk',
  '/projects/british-council',
  '/projects/gates-foundation',
  '/projects/world-bank',
  '/terms',
  '/cookies',
];
const PUBLIC = [
  ...CONTENT_ROUTES.filter((path) => !SAME_TEMPLATE.includes(path)),
  ...WORK_IN_PROGRESS_ROUTES,
  ...FORM_ROUTES,
  `/courses/${COURSE}/checkout`,
  NOT_FOUND_ROUTES[0]!,
];
const OPEN_AUTH = AUTH_ROUTES.filter(
  (path) => !['/auth/logout', '/auth/signup/complete-kyc', '/auth/signup/successful', '/auth/reset-password/successful'].includes(path),
);

test.describe('layout without a baseline: signed out', () => {
  for (const path of [...PUBLIC, ...OPEN_AUTH]) {
    test(path, async ({ page }) => checkAtEveryWidth(page, path));
  }
});

test.describe('layout without a baseline: signed in', () => {
  test.describe.configure({ timeout: 60_000 });
  for (const path of ['/dashboard', `/dashboard/courses/${COURSE}`, '/auth/signup/complete-kyc', `/courses/${COURSE}/checkout`]) {
    test(path, async ({ page, request, student }) => {
      if (path.includes(COURSE) && !path.endsWith('checkout')) await enrol(request, student);
      await signIn(page, student);
      await checkAtEveryWidth(page, path);
    });
  }
  for (const tab of ['UserProfile', 'ChangePassword', 'ViewNotification']) {
    test(`/dashboard/settings?tab=${tab}`, async ({ page, student }) => {
      await signIn(page, student);
      await checkAtEveryWidth(page, `/dashboard/settings?tab=${tab}`, async (width) => {
        // The phone's section select stands in for the tab list: exactly one of them shows.
        const select = page.getByRole('main').getByLabel('Settings section');
        const tabs = page.getByRole('main').getByRole('tablist', { name: 'Settings' });
        expect
          .soft([await select.isVisible(), await tabs.isVisible()], `settings at ${width} px: select, tabs`)
          .toEqual([width < 768, width >= 768]);
      });
    });
  }
});
