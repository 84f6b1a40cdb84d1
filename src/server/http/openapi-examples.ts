// Examples in the API document for answers several operations share: a client author reads what a
// real answer looks like. Plain data, checked by the API tests against each operation's schemas
// (tests/api/openapi-examples.test.ts), so an example cannot drift from what the server sends.

export const EXAMPLE_USER = {
  id: '0b5f3c1e-8f3a-4c55-9a41-2f1d7c9e6a10',
  first_name: 'Ngozi',
  last_name: 'Okafor',
  email: 'ngozi@example.com',
  phone_number: '08031234567',
  home_address: '12 Adeola Odeku Street, Victoria Island, Lagos',
  image_url: null,
  gender: 'female',
  date_of_birth: '2001-04-17',
  state: 'Lagos',
  country: 'Nigeria',
  is_verified: true,
  kyc_completed: true,
  created_at: '2026-11-25T09:30:00.000Z',
};

export const EXAMPLE_SIGNED_IN = { token: 'k3Jx9QmV2pT8rW5yZ1bN7cD4fG6hL0sA8eU2iO4qR6t', user: EXAMPLE_USER };

export const EXAMPLE_COURSE_ID = '7d1e4c2a-3b5f-4e6d-8a9b-0c1d2e3f4a5b';

export const EXAMPLE_COURSE_CARD = {
  course_id: EXAMPLE_COURSE_ID,
  course_image: 'https://adireacademy.ng/_astro/pattern-drafting-foundations.DRyCXiN4.svg',
  title: 'Pattern Drafting Foundations',
  description: 'Draft bodice, skirt and sleeve blocks from your own measurements.',
  duration: '8 weeks',
  price: '85000.00',
  tutors: [{ name: 'Amaka Eze', image: 'https://adireacademy.ng/_astro/amaka-eze.RQndmHp8.svg' }],
};

export const EXAMPLE_CATALOGUE_PAGE = { courses: [EXAMPLE_COURSE_CARD], total_pages: 1, total_count: 1 };

export const EXAMPLE_EMAIL = { email: 'ngozi@example.com' };

export const EXAMPLE_PASSWORD = 'Indigo-Lagos7';

export const EXAMPLE_CODE = '482913';
/** A mail link's token: 32 random bytes, base64url. */
export const EXAMPLE_LINK_TOKEN = 'q3Vd8wJ0Zk1xYt5nR2mP7sLc9bHf4gAe6uTiOyWzN0E';
