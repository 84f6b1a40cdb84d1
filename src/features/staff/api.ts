// The console's calls (docs/product.md 'Staff'): each names the schema of the data it expects.
import * as v from 'valibot';
import { staffHttp } from './http.ts';
import {
  AuditPageSchema,
  ChallengeSchema,
  EnrolledSchema,
  EnrolmentSchema,
  ManualEnrolledSchema,
  PaymentsPageSchema,
  PublishesPageSchema,
  PublishSchema,
  PublishStartedSchema,
  RequestAnswerSchema,
  RequestsPageSchema,
  StaffMembersPageSchema,
  StaffPaymentSchema,
  StaffSchema,
  StaffSignedInSchema,
  StudentDetailSchema,
  StudentsPageSchema,
  SummarySchema,
} from './schemas.ts';

const Nothing = v.unknown();
type Query = Record<string, string | number>;
/** Drops empty filters so the address carries only what was chosen. */
const query = (params: Query): Query => Object.fromEntries(Object.entries(params).filter(([, value]) => value !== ''));
const id = encodeURIComponent;

export const staffApi = {
  acceptInvite: (token: string, password: string) =>
    staffHttp.post('auth/accept-invite', { token, password }, { data: EnrolmentSchema, signsIn: true }),
  confirmMfa: (token: string, code: string) => staffHttp.post('auth/confirm-mfa', { token, code }, { data: EnrolledSchema, signsIn: true }),
  logIn: (email: string, password: string) => staffHttp.post('auth/login', { email, password }, { data: ChallengeSchema, signsIn: true }),
  mfa: (challenge: string, code: string) => staffHttp.post('auth/mfa', { challenge, code }, { data: StaffSignedInSchema, signsIn: true }),
  logOut: () => staffHttp.post('auth/logout', {}, { data: Nothing, signsIn: true, toastError: false }),
  me: () => staffHttp.get('me', { data: StaffSchema }),
  summary: () => staffHttp.get('summary', { data: SummarySchema }),
  students: (params: Query) => staffHttp.get('students', { data: StudentsPageSchema, searchParams: query(params) }),
  student: (studentId: string) => staffHttp.get(`students/${id(studentId)}`, { data: StudentDetailSchema }),
  setActive: (studentId: string, active: boolean, reason: string) =>
    staffHttp.post(`students/${id(studentId)}/${active ? 'activate' : 'deactivate'}`, { reason }, { data: Nothing, toastSuccess: true }),
  enrol: (input: { student_id: string; course_id: string; note: string; amount_received?: string }) =>
    staffHttp.post('enrolments', input, { data: ManualEnrolledSchema, toastSuccess: true }),
  revoke: (studentId: string, courseId: string, reason: string) =>
    staffHttp.delete(`enrolments/${id(studentId)}/${id(courseId)}`, { reason }, { data: Nothing, toastSuccess: true }),
  payments: (params: Query) => staffHttp.get('payments', { data: PaymentsPageSchema, searchParams: query(params) }),
  payment: (reference: string) => staffHttp.get(`payments/${id(reference)}`, { data: StaffPaymentSchema }),
  refund: (reference: string, reason: string) =>
    staffHttp.post(`payments/${id(reference)}/refund`, { reason }, { data: StaffPaymentSchema, toastSuccess: true }),
  requests: (params: Query) => staffHttp.get('requests', { data: RequestsPageSchema, searchParams: query(params) }),
  reply: (requestId: string, message: string) =>
    staffHttp.post(`requests/${id(requestId)}/reply`, { message }, { data: RequestAnswerSchema, toastSuccess: true }),
  setRequestStatus: (requestId: string, status: string) =>
    staffHttp.patch(`requests/${id(requestId)}`, { status }, { data: Nothing, toastSuccess: true }),
  audit: (params: Query) => staffHttp.get('audit', { data: AuditPageSchema, searchParams: query(params) }),
  members: (params: Query) => staffHttp.get('members', { data: StaffMembersPageSchema, searchParams: query(params) }),
  setRole: (memberId: string, role: string) => staffHttp.patch(`members/${id(memberId)}`, { role }, { data: Nothing, toastSuccess: true }),
  publishes: (params: Query) => staffHttp.get('publish', { data: PublishesPageSchema, searchParams: query(params) }),
  publishOne: (publishId: string) => staffHttp.get(`publish/${id(publishId)}`, { data: PublishSchema }),
  publish: (message: string) => staffHttp.post('publish', { message }, { data: PublishStartedSchema, toastSuccess: true }),
  undoPublish: (publishId: string, message: string) =>
    staffHttp.post(`publish/${id(publishId)}/rollback`, { message }, { data: PublishStartedSchema, toastSuccess: true }),
  removeMember: (memberId: string) => staffHttp.delete(`members/${id(memberId)}`, undefined, { data: Nothing, toastSuccess: true }),
};
