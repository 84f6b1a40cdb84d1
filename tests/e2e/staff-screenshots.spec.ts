// Pictures of the staff console (issues 32 and 33): the summary, a student, a payment with its refund
// dialog open, the scholarships (the list, the form with an error, new codes shown once) and the
// requests inbox, at a phone's and a laptop's width, compared with the baselines in
// tests/e2e/__screenshots__/. The console's calls are answered here with fixed records, so the
// pictures show the layout, not whatever the run's database holds. Each baseline was looked at.
// After a deliberate change: npx playwright test tests/e2e/staff-screenshots.spec.ts --update-snapshots
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, waitForIslands } from './fixtures.ts';
import { signInStaff } from './staff-support.ts';

const SHOT_CSS = join(import.meta.dirname, 'screenshots.css');
const WIDTHS = [390, 1366];
const ADMIN = { id: '6f1c2b9e-0000-4000-8000-000000000001', email: 'kemi@adireacademy.ng', name: 'Kemi Adebayo', role: 'admin' as const };
const STUDENT_ID = '6f1c2b9e-0000-4000-8000-0000000000aa';
const SCHOLARSHIP = {
  id: '6f1c2b9e-0000-4000-8000-0000000000c1',
  name: 'LSETF Fashion Skills 2027',
  partner: 'lsetf',
  partner_name: 'Lagos State Employment Trust Fund',
  course_ids: ['pattern-drafting-foundations', 'fashion-design-fundamentals'],
  discount_percent: 50,
  seats: 200,
  seats_taken: 37,
  codes_issued: 250,
  starts_at: '2026-11-30T23:00:00.000Z',
  ends_at: '2027-03-31T22:59:59.999Z',
  min_age: 18,
  max_age: 35,
  states: ['Lagos', 'Ogun'],
  status: 'open',
  closed_at: null,
  created_at: '2026-11-20T09:00:00.000Z',
};

const payment = (reference: string, status: string, amount: string, course = 'pattern-drafting-foundations') => ({
  reference,
  student_id: STUDENT_ID,
  email: 'ngozi.eze@example.com',
  course_id: course,
  amount,
  discount: '0.00',
  scholarship: null,
  currency: 'NGN',
  provider: 'paystack',
  status,
  created_at: '2026-11-20T09:14:00.000Z',
  paid_at: status === 'pending' ? null : '2026-11-20T09:16:00.000Z',
  failure_reason: null,
  refunded_at: null,
  refund_reason: null,
});

const ANSWERS: Record<string, unknown> = {
  me: ADMIN,
  summary: {
    students: 1284,
    enrolments_7d: 37,
    enrolments_30d: 152,
    revenue_30d: '18450000.00',
    open_requests: 9,
    needs_refund: 2,
    scholarships: [{ id: SCHOLARSHIP.id, name: SCHOLARSHIP.name, partner: SCHOLARSHIP.partner, seats: 200, seats_taken: 37 }],
  },
  [`students/${STUDENT_ID}`]: {
    student: {
      id: STUDENT_ID,
      first_name: 'Ngozi',
      last_name: 'Eze',
      email: 'ngozi.eze@example.com',
      phone_number: '08031234567',
      home_address: '14 Adeola Odeku Street, Victoria Island',
      image_url: null,
      gender: 'female',
      date_of_birth: '2001-03-14',
      state: 'Lagos',
      country: 'Nigeria',
      is_verified: true,
      kyc_completed: true,
      created_at: '2026-09-02T11:00:00.000Z',
      deactivated: false,
    },
    enrolments: [
      {
        course_id: 'pattern-drafting-foundations',
        title: 'Pattern Drafting Foundations',
        enrolled_at: '2026-11-20T09:16:00.000Z',
        progress: 42,
        source: 'paystack',
        discount: '0.00',
        scholarship: null,
      },
      {
        course_id: 'aso-oke-weaving',
        title: 'Aso Oke Weaving',
        enrolled_at: '2026-11-22T15:30:00.000Z',
        progress: 0,
        source: 'manual',
        discount: '0.00',
        scholarship: null,
      },
    ],
    payments: [payment('ADR-7QK2M9XW', 'success', '180000.00'), payment('ADR-3HD8P1ZC', 'needs_refund', '180000.00')],
  },
  'payments/ADR-3HD8P1ZC': payment('ADR-3HD8P1ZC', 'needs_refund', '180000.00'),
  scholarships: { scholarships: [SCHOLARSHIP], total_pages: 1, total_count: 1 },
  [`scholarships/${SCHOLARSHIP.id}`]: SCHOLARSHIP,
  [`scholarships/${SCHOLARSHIP.id}/codes`]: { codes: ['K7QX2MPHRA', 'W4ZN8BTYCE', 'HD3RT9VQLM', 'PB6YC2NXKE', 'Z8WAFJ4GUS'] },
  requests: {
    requests: [
      {
        id: 'r1',
        kind: 'contact',
        first_name: 'Bisi',
        last_name: 'Ola',
        email: 'bisi.ola@example.com',
        phone_number: '08029876543',
        message: 'Good afternoon. Do you run evening classes for working people? I can only come after 5 pm on weekdays.',
        status: 'open',
        created_at: '2026-11-26T14:02:00.000Z',
        replies: [],
      },
      {
        id: 'r2',
        kind: 'tutor',
        first_name: 'Tunde',
        last_name: 'Bakare',
        email: 'tunde.bakare@example.com',
        phone_number: '08051112222',
        message: 'I would like a tutor for bridal wear, two sessions a week, in Ibadan.',
        status: 'open',
        created_at: '2026-11-25T10:40:00.000Z',
        replies: [],
      },
    ],
    total_pages: 1,
    total_count: 2,
  },
};

/** Answers every console call with the fixed records above. */
async function answerCalls(page: Page) {
  await page.route('**/api/v1/staff/**', async (route) => {
    const path = new URL(route.request().url()).pathname.replace('/api/v1/staff/', '');
    const data = ANSWERS[path];
    await route.fulfill(data === undefined ? { status: 404, json: { message: 'Not found' } } : { json: { message: 'OK', data } });
  });
}

async function shoot(page: Page, name: string, { fullPage = false } = {}) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 768 });
    // From the top of the page: opening a request moves focus (and the phone's view) to its thread.
    await page.evaluate(() => document.fonts.ready.then(() => window.scrollTo(0, 0)));
    await expect.soft(page).toHaveScreenshot(`${name}-${width}.png`, { stylePath: SHOT_CSS, fullPage });
  }
}

test.beforeEach(async ({ page }) => {
  await answerCalls(page);
  await signInStaff(page, { token: 't'.repeat(43), staff: ADMIN, secret: '' });
  await page.setViewportSize({ width: 390, height: 844 });
});

test('the summary', async ({ page }) => {
  await page.goto('/staff');
  await waitForIslands(page);
  await expect(page.getByText('₦18,450,000', { exact: true })).toBeVisible();
  await shoot(page, 'staff-summary');
});

test("a student's page", async ({ page }) => {
  await page.goto(`/staff/students/view?id=${STUDENT_ID}`);
  await waitForIslands(page);
  await expect(page.getByText('Aso Oke Weaving')).toBeVisible();
  await shoot(page, 'staff-student');
});

test('a payment with its refund dialog open', async ({ page }) => {
  await page.goto('/staff/payments/view?reference=ADR-3HD8P1ZC');
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByRole('dialog', { name: 'Refund this payment' })).toBeVisible();
  await shoot(page, 'staff-payment-refund');
});

test('the scholarships, and the new scholarship form with a wrong discount', async ({ page }) => {
  await page.goto('/staff/scholarships');
  await waitForIslands(page);
  await expect(page.getByRole('link', { name: SCHOLARSHIP.name })).toBeVisible();
  await shoot(page, 'staff-scholarships');
  await page.getByRole('button', { name: 'New scholarship' }).click();
  await page.getByLabel('Discount (%)').fill('0');
  await page.getByLabel('Discount (%)').blur();
  await expect(page.getByText('Discount must be a whole number from 1 to 100')).toBeVisible();
  await shoot(page, 'staff-scholarship-form', { fullPage: true });
});

test("a scholarship's new codes, shown once", async ({ page }) => {
  await page.goto(`/staff/scholarships/view?id=${SCHOLARSHIP.id}`);
  await waitForIslands(page);
  await page.getByLabel('How many codes (1 to 500)').fill('5');
  await page.getByRole('button', { name: 'Make codes' }).click();
  await expect(page.getByRole('list', { name: 'New codes' }).getByRole('listitem')).toHaveCount(5);
  await shoot(page, 'staff-scholarship-codes', { fullPage: true });
});

test('the requests inbox', async ({ page }) => {
  await page.goto('/staff/requests');
  await waitForIslands(page);
  await page.getByRole('button', { name: /Bisi Ola/ }).click();
  await expect(page.getByRole('heading', { name: /Bisi Ola/ })).toBeVisible();
  await shoot(page, 'staff-requests');
});
