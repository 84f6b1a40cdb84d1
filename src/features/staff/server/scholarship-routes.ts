// The console's scholarships (docs/product.md, 'Scholarships and discount codes'): the list and a
// scholarship's page for any member of staff; creating, editing, closing and making codes for an
// admin; the beneficiaries' CSV for the partner. Codes are shown once, in the answer that makes
// them (the console offers that answer as a CSV): only their hashes are kept, so no later call can
// list them again.
import { Hono } from 'hono';
import type { ApiServices } from '#server/deps.ts';
import { readJsonBody } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { validateInput } from '#server/http/validate.ts';
import {
  CodesSchema,
  CreateScholarshipSchema,
  EditScholarshipSchema,
  MakeCodesSchema,
  SCHOLARSHIP_CLOSED,
  SCHOLARSHIP_IN_USE,
  SCHOLARSHIP_NOT_FOUND,
  ScholarshipSchema,
  ScholarshipsPageSchema,
} from '#lib/schemas/scholarships.ts';
import { StaffPagingQuerySchema } from '../schemas.ts';
import { auditActor } from './audit.ts';
import { beneficiariesCsv } from './beneficiaries.ts';
import { csvAnswer } from './payment-routes.ts';
import { requireAdmin, requireStaff, type StaffEnv } from './require-staff.ts';
import { EXAMPLE_SCHOLARSHIP, EXAMPLE_SCHOLARSHIP_BODY } from './scholarship-examples.ts';
import { closeScholarship, createScholarship, editScholarship, findScholarship, makeCodes, scholarshipsPage } from './scholarships.ts';

const MESSAGES = {
  created: 'The scholarship is created.',
  edited: 'The scholarship is changed.',
  closed: 'The scholarship is closed.',
  codes: 'The codes are made. They are shown only now: download them.',
};

/** Mounted at /staff. */
export function createStaffScholarshipRoutes(services: ApiServices) {
  const staff = requireStaff(services);
  const admin = requireAdmin(services);
  return new Hono<StaffEnv>()
    .post(
      '/scholarships',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'admin',
        summary: 'Create a scholarship: a partner (a project page) funds seats on courses at a discount',
        description:
          '`starts_at` and `ends_at` take a date (that day in Lagos: from its start, to its end) or an ISO date and time. `min_age` and `max_age` go together; `states` empty or absent: every state.',
        examples: { body: EXAMPLE_SCHOLARSHIP_BODY, data: EXAMPLE_SCHOLARSHIP },
        body: CreateScholarshipSchema,
        success: { status: 201, message: MESSAGES.created, data: ScholarshipSchema },
      }),
      admin,
      async (c) => {
        const input = await readJsonBody(c, CreateScholarshipSchema);
        return c.json({ message: MESSAGES.created, data: await createScholarship(services, input, auditActor(c, services)) }, 201);
      },
    )
    .get(
      '/scholarships',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: 'Scholarships, newest first, with their seats taken',
        examples: { data: { scholarships: [EXAMPLE_SCHOLARSHIP], total_pages: 1, total_count: 1 } },
        query: StaffPagingQuerySchema,
        success: { message: 'OK', data: ScholarshipsPageSchema },
      }),
      staff,
      async (c) =>
        c.json({ message: 'OK', data: await scholarshipsPage(services, validateInput(StaffPagingQuerySchema, c.req.query())) }, 200),
    )
    .get(
      '/scholarships/:id',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: "A scholarship's page",
        examples: { data: EXAMPLE_SCHOLARSHIP },
        success: { message: 'OK', data: ScholarshipSchema },
        errors: { 404: SCHOLARSHIP_NOT_FOUND },
      }),
      staff,
      async (c) => c.json({ message: 'OK', data: await findScholarship(services, c.req.param('id')) }, 200),
    )
    .patch(
      '/scholarships/:id',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'admin',
        summary: "Change a scholarship's terms, while no seat is taken",
        description: `Any of the create call's fields; the result is checked as a new scholarship would be. 409 \`${SCHOLARSHIP_IN_USE}\` once a code has been used.`,
        examples: { body: { seats: 60 }, data: { ...EXAMPLE_SCHOLARSHIP, seats: 60 } },
        body: EditScholarshipSchema,
        success: { message: MESSAGES.edited, data: ScholarshipSchema },
        errors: { 404: SCHOLARSHIP_NOT_FOUND, 409: SCHOLARSHIP_IN_USE },
      }),
      admin,
      async (c) => {
        const change = await readJsonBody(c, EditScholarshipSchema);
        return c.json(
          { message: MESSAGES.edited, data: await editScholarship(services, c.req.param('id'), change, auditActor(c, services)) },
          200,
        );
      },
    )
    .post(
      '/scholarships/:id/close',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'admin',
        summary: 'Close a scholarship early: its codes are refused from now on',
        description: 'A payment already holding a code still settles at its price. Closing twice changes nothing.',
        examples: { data: { ...EXAMPLE_SCHOLARSHIP, status: 'closed', closed_at: '2027-02-01T09:00:00.000Z' } },
        success: { message: MESSAGES.closed, data: ScholarshipSchema },
        errors: { 404: SCHOLARSHIP_NOT_FOUND },
      }),
      admin,
      async (c) =>
        c.json({ message: MESSAGES.closed, data: await closeScholarship(services, c.req.param('id'), auditActor(c, services)) }, 200),
    )
    .post(
      '/scholarships/:id/codes',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'admin',
        summary: 'Make single-use codes: 10 characters without look-alikes, shown only in this answer',
        description: `Only their hashes are kept: this answer is the one chance to download them. 409 \`${SCHOLARSHIP_CLOSED}\`.`,
        examples: { body: { count: 2 }, data: { codes: ['K7QX2MPHRA', 'W4ZN8BTYCE'] } },
        body: MakeCodesSchema,
        success: { status: 201, message: MESSAGES.codes, data: CodesSchema },
        errors: { 404: SCHOLARSHIP_NOT_FOUND, 409: SCHOLARSHIP_CLOSED },
      }),
      admin,
      async (c) => {
        const { count } = await readJsonBody(c, MakeCodesSchema);
        const codes = await makeCodes(services, c.req.param('id'), count, auditActor(c, services));
        return c.json({ message: MESSAGES.codes, data: { codes } }, 201);
      },
    )
    .get(
      '/scholarships/:id/beneficiaries.csv',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: 'Who came through the scholarship, for the partner: name, email, phone, state, age, course, enrolled_at, progress',
        description: 'RFC 4180; a cell starting with = + - @ is prefixed with an apostrophe so a spreadsheet never runs it.',
        binary: { types: ['text/csv'] },
        errors: { 404: SCHOLARSHIP_NOT_FOUND },
      }),
      staff,
      async (c) => {
        const scholarship = await findScholarship(services, c.req.param('id'));
        return csvAnswer(await beneficiariesCsv(services.db, scholarship.id, services.clock()), `beneficiaries-${scholarship.id}.csv`);
      },
    );
}
