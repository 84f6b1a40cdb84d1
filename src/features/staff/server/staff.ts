// A member of staff as the API shows one.
import type { Staff } from '../schemas.ts';
import type { StaffRecord } from './sessions.ts';

export const toStaff = (member: StaffRecord): Staff => ({ id: member.id, email: member.email, name: member.name, role: member.role });
