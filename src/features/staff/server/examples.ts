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
