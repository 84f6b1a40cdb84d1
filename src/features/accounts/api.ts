// The accounts feature's calls (docs/product.md#endpoints): each names the schema of the
// data it expects. Forms show refusals under their fields, so most calls toast only what no field
// can say (the HTTP client's default), and the stores decide where the browser goes next.
import { http, NoDataSchema } from '#lib/http.ts';
import { SignedInSchema, UserSchema } from '#lib/schemas/user.ts';
import type * as v from 'valibot';
import { SignupDataSchema, type kycSchema, type LoginSchema, type ResetPasswordSchema, type SignupSchema } from './schemas.ts';

const AUTH = 'user/auth/student/';

type Out<S extends v.GenericSchema> = v.InferOutput<S>;

export const accountsApi = {
  signUp: (input: Out<typeof SignupSchema>) => http.post(`${AUTH}signup`, input, { data: SignupDataSchema, toastSuccess: true }),
  // No toast: the server's answer is hedged for anyone asking ('If that address is waiting…'), while
  // the code page, whose student owns the address, says itself where the new code went (ResendCode).
  resendCode: (email: string) => http.post(`${AUTH}resend-otp`, { email }, { data: NoDataSchema }),
  verifyAccount: (email: string, otp: string, claim?: string) =>
    http.post(`${AUTH}verify-account`, { email, otp, ...(claim ? { claim } : {}) }, { data: SignedInSchema, toastSuccess: true }),
  verifyEmailLink: (email: string, token: string, password: string) =>
    http.post(`${AUTH}verify-email-link`, { email, token, password }, { data: SignedInSchema, toastSuccess: true, signsIn: true }),
  completeKyc: (input: Out<ReturnType<typeof kycSchema>>) => http.post(`${AUTH}kyc`, input, { data: UserSchema, toastSuccess: true }),
  logIn: (input: Out<typeof LoginSchema>) => http.post(`${AUTH}login`, input, { data: SignedInSchema, signsIn: true }),
  forgotPassword: (email: string) => http.post(`${AUTH}forgot-password`, { email }, { data: NoDataSchema, toastSuccess: true }),
  resetPassword: (input: Out<typeof ResetPasswordSchema>) =>
    http.post(`${AUTH}reset-password`, input, { data: NoDataSchema, toastSuccess: true }),
};
