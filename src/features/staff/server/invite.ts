// One invitation, as the admin command asks for it: refused for an address a live member uses,
// mailed, written to the audit log, and its link handed back to print.
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import type { StaffRole } from '#server/db/schema.ts';
import { recordAudit, type AuditEntry } from './audit.ts';
import { createInvitation, invitationLink, liveMemberWith } from './invitations.ts';
import { invitationMail } from './mails.ts';

export const ALREADY_STAFF = 'A member of staff already uses this email address';

export interface InviteInput {
  email: string;
  role: StaffRole;
  name?: string | undefined;
}

/** Returns the link; 409 when the address is a live member's. */
export async function inviteStaff(
  services: Pick<ApiServices, 'db' | 'mailer' | 'env' | 'clock'>,
  input: InviteInput,
  by: Pick<AuditEntry, 'actor' | 'ip'>,
): Promise<string> {
  const { db } = services;
  const now = services.clock();
  const email = input.email.toLowerCase();
  if (await liveMemberWith(db, email)) throw new ApiError(409, ALREADY_STAFF, { fieldErrors: { email: [ALREADY_STAFF] } });
  // Without a name the invitee is greeted, and listed, by the address's first part.
  const name = input.name?.trim() || email.slice(0, email.indexOf('@'));
  const token = await createInvitation(db, { email, role: input.role, name }, now);
  const link = invitationLink(services.env.PUBLIC_SITE_URL, token);
  await services.mailer.send(invitationMail({ email, name, role: input.role }, link));
  await recordAudit(db, { ...by, at: now, action: 'staff.invite', target: `invitation:${email}`, details: { role: input.role, name } });
  return link;
}
