// The one reader of process.env. Every setting is validated here, once, at start; a bad one stops
// the process with a single line that names it.
import * as v from 'valibot';

const optional = (schema: v.GenericSchema<string, string>) =>
  v.optional(v.pipe(v.string(), v.trim(), v.union([v.literal(''), schema])), '');

const EnvSchema = v.object({
  PORT: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0), v.maxValue(65535)), '4321'),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '127.0.0.1'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), './data'),
  DATABASE_URL: optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\/\S+$/, 'must start with postgres:// or postgresql://'))),
  SMTP_URL: optional(v.pipe(v.string(), v.regex(/^smtps?:\/\/\S+$/, 'must start with smtp:// or smtps://'))),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.nonEmpty()), 'Adire Fashion Academy <no-reply@adireacademy.ng>'),
  STAFF_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an e-mail address')), 'admissions@adireacademy.ng'),
  PUBLIC_SITE_URL: v.optional(
    v.pipe(
      v.string(),
      v.url('must be an absolute URL'),
      v.transform((s) => s.replace(/\/+$/, '')),
    ),
    'http://localhost:4321',
  ),
  PAYSTACK_SECRET_KEY: optional(v.pipe(v.string(), v.regex(/^sk_(test|live)_\w+$/, 'must look like sk_test_… or sk_live_…'))),
  TRUST_PROXY: v.optional(v.picklist(['', '0', '1'], 'must be 1, 0 or empty'), ''),
  CORS_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) =>
        s
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      ),
      v.check(
        (list) => list.every((o) => /^https?:\/\/[^/\s]+$/.test(o)),
        'must be a comma-separated list of origins such as https://example.com',
      ),
    ),
    '',
  ),
  DIST_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), './dist'),
});

export type Env = v.InferOutput<typeof EnvSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Reads and checks the settings; throws an EnvError whose message is the one-line reason. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = v.safeParse(EnvSchema, source);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const key = issue.path?.map((p) => String(p.key)).join('.') ?? 'setting';
  throw new EnvError(`Invalid setting ${key}=${JSON.stringify(source[key] ?? '')}: ${issue.message}`);
}
