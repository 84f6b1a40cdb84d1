// What the API needs from the outside world. createApp() takes these, so tests build an app on a
// fresh database with a recording mailer and a clock they control, and main.ts wires the real ones.
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { consoleLogger, type Logger } from './log.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { createTestProvider } from './payments/test-provider.ts';
import { join } from 'node:path';
import { createUrlSigner } from './files/signed-urls.ts';
import type { FrontAnswers } from './http/front-answers.ts';
import { createEmbeddedStorage } from './storage/embedded.ts';
import type { Storage } from './storage/storage.ts';

export interface ApiDeps {
  db: Database;
  mailer: Mailer;
  env: Env;
  log?: Logger;
  /** The current time; tests pass their own to step over rate-limit windows. */
  clock?: () => Date;
  /**
   * The secret the admin command must present (main.ts writes it to DATA_DIR/admin-secret, 0600,
   * at every start). Empty: the admin routes refuse every request.
   */
  adminSecret?: string;
  /** Paystack when PAYSTACK_SECRET_KEY is set (main.ts); unless given, the built-in test provider. */
  payments?: PaymentProvider;
  /** Where uploaded images go: S3 when S3_BUCKET is set (main.ts); unless given, files under DATA_DIR/uploads. */
  storage?: Storage;
  /**
   * The build id of the release this process serves (main.ts): when a publish changes it, the
   * catalogue answers are made again from the database. Unless given, one release for the process's life.
   */
  servedBuild?: () => string;
  /**
   * Where the catalogue's routes keep their answers to be sent again before the router (main.ts,
   * http/front-answers.ts). Unless given, nothing is kept: every request goes to the routes.
   */
  frontAnswers?: FrontAnswers;
}

const KEEP_NOTHING: FrontAnswers = { keep: () => {}, answer: () => undefined };

/** ApiDeps with every default filled in: what routes and services receive. */
export type ApiServices = Required<ApiDeps>;

export function withDefaults(deps: ApiDeps): ApiServices {
  const clock = deps.clock ?? (() => new Date());
  return {
    log: consoleLogger,
    adminSecret: '',
    payments: createTestProvider({ db: deps.db, clock }),
    storage: createEmbeddedStorage({ root: join(deps.env.DATA_DIR, 'uploads'), signer: createUrlSigner(deps.db), clock }),
    servedBuild: () => '',
    frontAnswers: KEEP_NOTHING,
    ...deps,
    clock,
  };
}
