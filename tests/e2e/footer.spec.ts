import { expect, test } from './fixtures.ts';

test('the footer lists three campuses with Abuja coming soon, and social links', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const campuses = footer.locator('[data-campus]');
  await expect(campuses).toHaveCount(3);
  await expect(footer.locator('[data-campus="coming-soon"]')).toContainText('Abuja');
  await expect(footer.locator('[data-campus="coming-soon"]')).toContainText('Coming soon');
  const socials = footer.getByRole('list', { name: 'Social media' }).getByRole('link');
  expect(await socials.count()).toBeGreaterThanOrEqual(3);
  for (const href of await socials.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) expect(href).toMatch(/^https:\/\//);
});

for (const [label, heading] of [
  ['Terms', 'Terms of Use'],
  ['Cookies', 'Cookie Policy'],
  ['Privacy', 'Privacy Policy'],
] as const) {
  test(`the footer's ${label} link opens a real page`, async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: label, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  });
}

test('the privacy policy says what is kept and why, KYC data included', async ({ page }) => {
  await page.goto('/privacy');
  const main = page.getByRole('main');
  for (const item of ['date of birth', 'gender', 'state', 'phone', 'home address', 'how long we keep', 'hash']) {
    await expect(main).toContainText(new RegExp(item, 'i'));
  }
});
