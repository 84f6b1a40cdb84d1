// The pages of the sign-in flow (docs/product.md#auth-flows). Apart from the stores (which call the
// API) so that a page's own script can name them without loading the API client.
import { LOGIN_PATH, SIGNUP_PATH } from '#lib/navigation.ts';

export const AUTH_PATHS = {
  login: LOGIN_PATH,
  signup: SIGNUP_PATH,
  verify: '/auth/otp-verification',
  kyc: '/auth/signup/complete-kyc',
  signedUp: '/auth/signup/successful',
  forgot: '/auth/forgot-password',
  reset: '/auth/reset-password',
  resetDone: '/auth/reset-password/successful',
} as const;
