// The content editor inside the product (/staff/content/, issue 34): nothing without a staff session
// (it goes to the staff sign-in), and with one the same Decap editor `npm run edit` serves, whose
// saves go through POST staff/content into the server's content repository (DATA_DIR/content-repo),
// never into the release's content/ and never live until published. Screenshots at 1366 and 390 px.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { invitedMember, signInStaff } from './staff-support.ts';

const COURSE = 'content/courses/bridal-and-occasion-wear.md';
const SHOTS = process.env.SHOTS_DIR;
const repoFile = (path: string) => readFileSync(join(process.env.E2E_DATA_DIR!, 'content-repo', path), 'utf8');

test('without a staff session the editor goes to the staff sign-in', async ({ page }) => {
  await page.goto('/staff/content/');
  await expect(page).toHaveURL(/\/staff\/login\?next=%2Fstaff%2Fcontent%2F$/);
});

test("a member of staff changes a course's price in the editor: the content repository changes, the release's content/ does not", async ({
  page,
  api,
}, testInfo) => {
  test.setTimeout(120_000);
  const member = await invitedMember(api, `editor-${testInfo.testId}@adireacademy.test`.toLowerCase(), 'staff');
  await signInStaff(page, member);
  await page.setViewportSize({ width: 1366, height: 900 });
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto('/staff/content/#/collections/courses/entries/bridal-and-occasion-wear');
  await expect(page.getByRole('link', { name: /Writing in .* collection/ })).toBeVisible({ timeout: 30_000 });
  const price = page.getByLabel('Price (naira)');
  await price.fill('215,000');
  await expect(page.getByText('Will be saved as ₦215,000.')).toBeVisible();
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, 'editor-1366.png') });
  }
  // Here Decap's Publish is 'Save': it goes live only with the console's Publish.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Save now' }).click();
  await expect(page.getByText('Entry saved. It goes live with the next Publish in the staff console.')).toBeVisible();
  await expect.poll(() => /^price_naira: (\d+)$/m.exec(repoFile(COURSE))?.[1]).toBe('215000');
  expect(readFileSync(COURSE, 'utf8')).not.toContain('price_naira: 215000');
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('about:blank');
    await page.goto('/staff/content/#/collections/courses/entries/bridal-and-occasion-wear');
    await expect(page.getByRole('link', { name: /Writing in .* collection/ })).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: join(SHOTS, 'editor-390.png') });
  }
  // The page's CSP lets Decap run: nothing it needed was refused.
  expect(errors.filter((text) => /Content Security Policy|Refused/.test(text))).toEqual([]);
});
