import {
  CONTENT_ROUTES,
  expectNoAxeViolations,
  FORM_ROUTES,
  NOT_FOUND_ROUTES,
  signIn,
  test,
  waitForIslands,
  WORK_IN_PROGRESS_ROUTES,
} from './fixtures.ts';

const ROUTES = [...CONTENT_ROUTES, ...WORK_IN_PROGRESS_ROUTES, ...FORM_ROUTES, NOT_FOUND_ROUTES[0]!];

for (const path of ROUTES) {
  test(`axe: no WCAG 2.2 AA violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await waitForIslands(page);
    await expectNoAxeViolations(page);
  });
}

test.describe('on a phone, menus open, signed in', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('axe: no violations with the mobile menu and account menu open', async ({ page, student }) => {
    await signIn(page, student);
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expectNoAxeViolations(page);
  });
});
