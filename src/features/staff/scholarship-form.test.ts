import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { closingDayError, emptyScholarship, ScholarshipFormSchema, scholarshipValues } from './scholarship-form.ts';

const filled = {
  ...emptyScholarship(),
  name: ' LSETF Fashion Skills 2027 ',
  partner: 'lsetf',
  course_ids: ['pattern-drafting-foundations'],
  discount_percent: '50',
  seats: '200',
  starts_at: '2026-12-01',
  ends_at: '2027-03-31',
};

describe('the scholarship form', () => {
  it('sends numbers, Lagos days as instants and no ages when none were typed', () => {
    expect(v.parse(ScholarshipFormSchema, filled)).toEqual({
      name: 'LSETF Fashion Skills 2027',
      partner: 'lsetf',
      course_ids: ['pattern-drafting-foundations'],
      discount_percent: 50,
      seats: 200,
      starts_at: '2026-11-30T23:00:00.000Z',
      ends_at: '2027-03-31T22:59:59.999Z',
      min_age: null,
      max_age: null,
      states: [],
    });
  });

  it('refuses a discount of 0 and one age without the other, under their fields', () => {
    const result = v.safeParse(ScholarshipFormSchema, { ...filled, discount_percent: '0' });
    expect(v.flatten<typeof ScholarshipFormSchema>(result.issues!).nested?.discount_percent).toEqual([
      'Discount must be a whole number from 1 to 100',
    ]);
    const ages = v.safeParse(ScholarshipFormSchema, { ...filled, min_age: '18' });
    expect(v.flatten<typeof ScholarshipFormSchema>(ages.issues!).nested?.max_age).toEqual([
      'Give both the youngest and the oldest age, or neither',
    ]);
  });

  it('says a half-typed or impossible date is not a date, and never throws while someone types', () => {
    for (const starts_at of ['2027-1', '2027-13-01', '2027-02-30']) {
      const result = v.safeParse(ScholarshipFormSchema, { ...filled, starts_at });
      expect(v.flatten<typeof ScholarshipFormSchema>(result.issues!).nested?.starts_at?.[0]).toMatch(/^The opening date must be a date/);
    }
  });

  it('lets a scholarship close on its opening day, not before', () => {
    expect(closingDayError('2026-12-10', '2026-12-10')).toBeUndefined();
    expect(closingDayError('2026-12-10', '2026-12-09')).toBe('The closing date must be after the opening date');
    expect(closingDayError('', '2026-12-09')).toBeUndefined();
  });

  it("fills the edit form with the scholarship's Lagos days", () => {
    const values = scholarshipValues({
      id: 's1',
      name: 'LSETF Fashion Skills 2027',
      partner: 'lsetf',
      partner_name: 'Lagos State Employment Trust Fund',
      course_ids: ['pattern-drafting-foundations'],
      discount_percent: 50,
      seats: 200,
      seats_taken: 0,
      codes_issued: 0,
      starts_at: '2026-11-30T23:00:00.000Z',
      ends_at: '2027-03-31T22:59:59.999Z',
      min_age: 18,
      max_age: 35,
      states: ['Ogun', 'Lagos'],
      status: 'scheduled',
      closed_at: null,
      created_at: '2026-11-20T09:00:00.000Z',
    });
    expect(values).toMatchObject({
      starts_at: '2026-12-01',
      ends_at: '2027-03-31',
      min_age: '18',
      max_age: '35',
      states: ['Lagos', 'Ogun'],
    });
  });
});
