// The one reader of process.env. Every setting is validated here, once, at start; a bad one stops
// the process with a single line that names it.
import * as v from 'valibot';
import { addressMatcher, isAddressOrRange } from './http/address-list.ts';

const optional = (schema: v.GenericSchema<string, string>) =>
  v.optional(v.pipe(v.string(), v.trim(), v.union([v.literal(''), schema])), '');

const PROXY_COUNT_MESSAGE = 'must be a whole number of proxies, e.g. 1';
// More proxies than this in one chain is a mistake in the setting, not a real deployment.
const MAX_PROXIES = 20;

/**
 * Settings that hold a password or a key. A refused value is never repeated in the message: it would
 * end up in a terminal, a CI log or a crash report.
 */
const SECRET_KEYS = new Set(['DATABASE_URL', 'SMTP_URL', 'PAYSTACK_SECRET_KEY', 'S3_SECRET_ACCESS_KEY']);
const isSecretKey = (key: string) => SECRET_KEYS.has(key) || /PASSWORD|SECRET|TOKEN|_KEY$/i.test(key);

/** The names and addresses HOST may take for a server only this machine can reach. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);
export const isLoopbackHost = (host: string) => LOOPBACK_HOSTS.has(host.toLowerCase());

/** A comma-separated setting as its entries, spaces trimmed and empty ones dropped. */
const commaList = (s: string) =>
  s
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

const EnvSchema = v.object({
  PORT: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0), v.maxValue(65535)), '4321'),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '127.0.0.1'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), './data'),
  DATABASE_URL: optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\/\S+$/, 'must start with postgres:// or postgresql://'))),
  SMTP_URL: optional(v.pipe(v.string(), v.regex(/^smtps?:\/\/\S+$/, 'must start with smtp:// or smtps://'))),
  /** '1': without SMTP_URL, mail written to DATA_DIR/outbox is meant even on a public site (mail/outbox-refusal.ts). */
  MAIL_OUTBOX: v.optional(v.picklist(['0', '1'], 'must be 0 or 1'), '0'),
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
  /**
   * The public origin of the API, where answers point their links to what the API process serves
   * (material files, upload URLs, stored pictures) when it is not the site's own. Unset:
   * PUBLIC_SITE_URL when that is set, else each request's own origin.
   */
  PUBLIC_API_URL: optional(
    v.pipe(
      v.string(),
      v.url('must be an absolute URL'),
      v.transform((s) => new URL(s).origin),
    ),
  ),
  PAYSTACK_SECRET_KEY: optional(v.pipe(v.string(), v.regex(/^sk_(test|live)_\w+$/, 'must look like sk_test_… or sk_live_…'))),
  /** '1': the built-in test provider (every course free) is meant even at a public PUBLIC_SITE_URL (a staging site). */
  PAYMENTS_TEST_MODE: v.optional(v.picklist(['0', '1'], 'must be 0 or 1'), '0'),
  /** Where the Paystack driver sends its calls (tests point it at a local fake of Paystack's API). */
  PAYSTACK_BASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.url('must be an absolute URL'),
      v.transform((s) => s.replace(/\/+$/, '')),
    ),
    'https://api.paystack.co',
  ),
  // How many proxies stand in front of the server (0: clients connect directly); see client-address.ts.
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^$|^\d{1,2}$/, PROXY_COUNT_MESSAGE),
      v.transform(Number),
      v.maxValue(MAX_PROXIES, PROXY_COUNT_MESSAGE),
    ),
    '0',
  ),
  /**
   * The proxies whose X-Forwarded-For is believed (comma-separated addresses or CIDR ranges): a
   * request whose socket peer is not one of them is counted by that peer's own address, whatever
   * header it sends. Loopback unless set: nginx on the same machine.
   */
  TRUST_PROXY_ADDRESSES: v.optional(
    v.pipe(
      v.string(),
      v.transform(commaList),
      v.check(
        (list) => list.length > 0 && list.every(isAddressOrRange),
        'must be a comma-separated list of addresses or ranges such as 127.0.0.1, 10.0.0.0/8, ::1',
      ),
      v.transform(addressMatcher),
    ),
    '127.0.0.0/8, ::1',
  ),
  CORS_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.transform(commaList),
      v.check(
        (list) => list.every((o) => /^https?:\/\/[^/\s]+$/.test(o)),
        'must be a comma-separated list of origins such as https://example.com',
      ),
    ),
    '',
  ),
  /** Besides loopback, who may read GET /metrics: addresses or CIDR ranges, comma-separated (metrics.ts). */
  METRICS_ADDRESSES: v.optional(
    v.pipe(
      v.string(),
      v.transform(commaList),
      v.check((list) => list.every(isAddressOrRange), 'must be a comma-separated list of addresses or ranges such as 10.0.0.5, 10.0.0.0/8'),
    ),
    '',
  ),
  DIST_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), './dist'),
  // Uploaded images go to this S3-compatible bucket when S3_BUCKET is set; else under DATA_DIR/uploads.
  S3_ENDPOINT: optional(
    v.pipe(
      v.string(),
      v.url('must be an absolute URL'),
      v.transform((s) => s.replace(/\/+$/, '')),
    ),
  ),
  S3_BUCKET: optional(v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name'))),
  S3_REGION: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as us-east-1')), 'us-east-1'),
  S3_ACCESS_KEY_ID: optional(v.pipe(v.string(), v.regex(/^\S{1,128}$/, 'must be an access key id'))),
  S3_SECRET_ACCESS_KEY: optional(v.pipe(v.string(), v.regex(/^\S{1,256}$/, 'must be a secret access key'))),
  /** The base URL stored images are served from (a CDN or the bucket's public URL). */
  S3_PUBLIC_URL: optional(
    v.pipe(
      v.string(),
      v.url('must be an absolute URL'),
      v.transform((s) => s.replace(/\/+$/, '')),
    ),
  ),
  /**
   * The content repository staff edit at /staff/content/ and publish from: a folder holding content/,
   * made at first use as a copy of the release's content/ (docs/decisions/019). Default DATA_DIR/content-repo.
   */
  CONTENT_REPO_DIR: optional(v.pipe(v.string(), v.nonEmpty())),
  /**
   * A command run after each publish's build succeeds and before it goes live, e.g. a bucket sync or a
   * CDN upload (docs/deployment.md). It is run by /bin/sh with the built folder as RELEASE_DIR and as
   * $1; a failure (or more than PUBLISH_DEPLOY_MINUTES) fails the publish and nothing changes live.
   */
  PUBLISH_DEPLOY_COMMAND: optional(v.pipe(v.string(), v.nonEmpty())),
  PUBLISH_DEPLOY_MINUTES: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,2}$/, 'must be a whole number of minutes, e.g. 10'), v.transform(Number)),
    '10',
  ),
  /**
   * A git repository (URL or path) the content repository is pushed to after each publish goes live,
   * and fetched from before each publish, so a developer's commit there is published too (docs/decisions/019).
   */
  CONTENT_REMOTE: optional(v.pipe(v.string(), v.regex(/^[^\s-]\S*$/, 'must be a git URL or a path'))),
  CONTENT_REMOTE_BRANCH: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9][A-Za-z0-9._/-]{0,99}$/, 'must be a branch name such as main')),
    'main',
  ),
  /** Course materials (videos, PDFs), one folder per course id: served only through signed links. */
  MATERIALS_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), './content/materials'),
});

/** The origins answers build absolute links on (src/server/http/public-url.ts); undefined: the request's own. */
export type Env = v.InferOutput<typeof EnvSchema> & {
  /** Of what the API process serves: PUBLIC_API_URL, else PUBLIC_SITE_URL when it is set. */
  API_ORIGIN: string | undefined;
  /** Of pages and the build's files: PUBLIC_SITE_URL when it is set (its default is only a local guess). */
  SITE_ORIGIN: string | undefined;
};

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Reads and checks the settings; throws an EnvError whose message is the one-line reason. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = v.safeParse(EnvSchema, source);
  if (result.success) {
    const { PUBLIC_API_URL, PUBLIC_SITE_URL, HOST } = result.output;
    const SITE_ORIGIN = source.PUBLIC_SITE_URL ? new URL(PUBLIC_SITE_URL).origin : undefined;
    // Answers build their links on it; without it they would take them from each request's Host
    // header, which anyone reaching the port can set. Only a server on loopback may go without.
    if (!SITE_ORIGIN && !isLoopbackHost(HOST))
      throw new EnvError(
        `PUBLIC_SITE_URL is not set, and HOST=${HOST} is not a loopback address: set PUBLIC_SITE_URL to the site's public address, e.g. https://adireacademy.ng`,
      );
    // Without it, links to pages would point at the API's origin.
    if (PUBLIC_API_URL && !SITE_ORIGIN)
      throw new EnvError('PUBLIC_API_URL is set: PUBLIC_SITE_URL is needed too (answers link to pages on it)');
    return { ...result.output, API_ORIGIN: PUBLIC_API_URL || SITE_ORIGIN, SITE_ORIGIN };
  }
  const issue = result.issues[0];
  const key = issue.path?.map((p) => String(p.key)).join('.') ?? 'setting';
  const shown = isSecretKey(key) ? '(value not shown)' : JSON.stringify(source[key] ?? '');
  throw new EnvError(`Invalid setting ${key}=${shown}: ${issue.message}`);
}
