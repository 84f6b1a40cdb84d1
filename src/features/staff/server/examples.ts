// Examples for the staff operations in the API document (held against their schemas by the API tests).
export const EXAMPLE_STAFF = {
  id: '5b0c7f52-3f1e-4d7e-9a43-2f6c1f0f2a11',
  email: 'funke@adireacademy.ng',
  name: 'Funke Adeyemi',
  role: 'admin',
} as const;

export const EXAMPLE_STAFF_TOKEN = 'Zq8Xv3Lm1Pd7Rt5Wn9Bk2Hc6Jf4Gs0Ay8Eu2Io4Qr6T';
export const EXAMPLE_INVITATION_TOKEN = 'P4nL8vQ2xR6tY0wK3mB7cD1fG5hJ9sA2eU6iO8qZ4rT';
export const EXAMPLE_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const EXAMPLE_RECOVERY_CODES = [
  'k7m2p-9xq4r',
  'h3n8t-2wz6c',
  'f5v9j-4bm7s',
  'd2x6q-8kp3n',
  'r9c4w-5ht2m',
  'z6b3k-7nf9x',
  'p8s2v-3qd5j',
  'm4t7h-6xc2w',
  'w3q9n-2rk8b',
  'c5j6d-9vz4p',
];

const EXAMPLE_STUDENT_ID = '3f6d2b1a-8c4e-4f7a-9b2d-5e1c0a7f9d34';
export const EXAMPLE_PAYMENT = {
  reference: 'ADR-7K2M9QX4PL8N3WZT',
  student_id: EXAMPLE_STUDENT_ID,
  email: 'ngozi@example.com',
  course_id: 'pattern-drafting-foundations',
  amount: '85000.00',
  discount: '0.00',
  scholarship: null,
  currency: 'NGN',
  provider: 'paystack',
  status: 'success',
  created_at: '2026-11-20T09:12:00.000Z',
  paid_at: '2026-11-20T09:14:31.000Z',
  failure_reason: null,
  refunded_at: null,
  refund_reason: null,
} as const;
export const EXAMPLE_STUDENT_ROW = {
  id: EXAMPLE_STUDENT_ID,
  first_name: 'Ngozi',
  last_name: 'Okafor',
  email: 'ngozi@example.com',
  phone_number: '08031234567',
  is_verified: true,
  kyc_completed: true,
  deactivated: false,
  enrolments: 1,
  created_at: '2026-11-02T14:05:00.000Z',
};
export const EXAMPLE_STUDENT_DETAIL = {
  student: {
    id: EXAMPLE_STUDENT_ID,
    first_name: 'Ngozi',
    last_name: 'Okafor',
    email: 'ngozi@example.com',
    phone_number: '08031234567',
    home_address: '12 Adeola Odeku Street, Victoria Island, Lagos',
    image_url: null,
    gender: 'female',
    date_of_birth: '1998-04-17',
    state: 'Lagos',
    country: 'Nigeria',
    is_verified: true,
    kyc_completed: true,
    created_at: '2026-11-02T14:05:00.000Z',
    deactivated: false,
  },
  enrolments: [
    {
      course_id: 'pattern-drafting-foundations',
      title: 'Pattern Drafting Foundations',
      enrolled_at: '2026-11-20T09:14:31.000Z',
      progress: 40,
      source: 'paystack',
      discount: '0.00',
      scholarship: null,
    },
  ],
  payments: [EXAMPLE_PAYMENT],
};
export const EXAMPLE_REQUEST = {
  id: '8a1f3c5e-2b4d-4c6e-8f0a-1b3d5f7a9c2e',
  kind: 'tutor',
  first_name: 'Amaka',
  last_name: 'Eze',
  email: 'amaka@example.com',
  phone_number: '08051234567',
  message: 'I would like a tutor for bridal corsetry on Saturdays.',
  status: 'answered',
  created_at: '2026-11-25T16:40:00.000Z',
  replies: [
    { by: 'funke@adireacademy.ng', body: 'Thank you, Amaka. Mrs Bello teaches corsetry on Saturdays.', at: '2026-11-26T08:02:00.000Z' },
  ],
} as const;
