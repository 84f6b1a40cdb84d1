// The scholarship the OpenAPI document shows (the API tests hold it against the answers' schemas).
export const EXAMPLE_SCHOLARSHIP_BODY = {
  name: 'LSETF Fashion Skills 2027',
  partner: 'lsetf',
  course_ids: ['pattern-drafting-foundations'],
  discount_percent: 100,
  seats: 50,
  starts_at: '2027-01-04',
  ends_at: '2027-03-31',
  min_age: 18,
  max_age: 35,
  states: ['Lagos'],
};

export const EXAMPLE_SCHOLARSHIP = {
  id: '3f2b8c1e-6d4a-4f7b-9e2c-1a5d7b9c0e42',
  name: 'LSETF Fashion Skills 2027',
  partner: 'lsetf',
  partner_name: 'Lagos State Employment Trust Fund',
  course_ids: ['pattern-drafting-foundations'],
  discount_percent: 100,
  seats: 50,
  seats_taken: 12,
  codes_issued: 50,
  starts_at: '2027-01-03T23:00:00.000Z',
  ends_at: '2027-03-31T22:59:59.999Z',
  min_age: 18,
  max_age: 35,
  states: ['Lagos'],
  status: 'open' as const,
  closed_at: null,
  created_at: '2026-12-01T09:00:00.000Z',
};
