// What the staff sign-in pages send and the staff routes accept, and what they answer: one schema
// each, imported by the form and by the route (docs/product.md, 'Staff sign-in').
import * as v from 'valibot';

export const STAFF_ROLE_VALUES = ['admin', 'staff'] as const;
export const StaffRoleSchema = v.picklist(STAFF_ROLE_VALUES, 'Role must be admin or staff');

/** A member of staff as every staff answer gives one: never a hash, a secret or a code. */
export const StaffSchema = v.object({
  id: v.string(),
  email: v.string(),
  name: v.string(),
  role: StaffRoleSchema,
});
export type Staff = v.InferOutput<typeof StaffSchema>;
