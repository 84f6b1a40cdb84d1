// An answer's `{message, data}` read with the caller's valibot schema for its data (http.ts). A module
// of its own, imported by http.ts only for a call that brings a schema: it names the four valibot
// functions it uses, so the build keeps only those (a dynamic import of valibot itself kept all of
// valibot, 11 KB gzip, on every page with a form).
import { getDotPath, object, safeParse, string, type GenericSchema } from 'valibot';

/** The answer parsed, or what did not match: each place and what it expected (never the values). */
export function parseWithSchema(
  schema: GenericSchema,
  body: unknown,
): { ok: true; output: { message: string; data: unknown } } | { ok: false; mismatches: string[] } {
  const result = safeParse(object({ message: string(), data: schema }), body);
  if (result.success) return { ok: true, output: result.output };
  return {
    ok: false,
    mismatches: result.issues.map((issue) => `${getDotPath(issue) ?? '(answer)'}: expected ${issue.expected ?? 'a valid value'}`),
  };
}
