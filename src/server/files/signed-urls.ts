// Signed, expiring URLs: a link whose query carries `expires` (unix seconds) and `sig`, an
// HMAC-SHA256 (hex) over a canonical string of what the link grants and until when. The link is the
// permission, so a request needs no bearer token (a <video> or a PDF viewer cannot send one).
//
// The key is one for every server process sharing the database: created once from a CSPRNG
// (32 bytes) in server_secrets with `insert ... on conflict do nothing`, then read back, so two
// servers starting at the same moment agree. Each signer reads it once and keeps it in memory.
// The method is not signed: a link answers only the GET (and HEAD) its route takes.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import { readServerSecret } from '#server/db/server-secrets.ts';

const URL_SIGNING_KEY_NAME = 'url-signing-key';
const SIGNATURE = /^[0-9a-f]{64}$/;
const EXPIRES = /^\d{1,12}$/;

/** The key every process sharing `db` signs with: made on the first call anywhere, read after. */
const readSigningKey = async (db: Database, name: string) => Buffer.from(await readServerSecret(db, name), 'hex');

/**
 * What a link grants, as one unambiguous string: the purpose (so a link of one kind never passes for
 * another), the fields in order, and the expiry. JSON keeps a field holding a separator from
 * shifting into its neighbour.
 */
function canonicalString(purpose: string, fields: readonly string[], expires: number): string {
  return JSON.stringify([purpose, ...fields, String(expires)]);
}

interface SignedQuery {
  expires: number;
  sig: string;
}

export interface UrlSigner {
  /** The `expires` and `sig` of a link granting `fields` for `purpose` until `validForMs` after `now`. */
  sign(purpose: string, fields: readonly string[], now: Date, validForMs: number): Promise<SignedQuery>;
  /**
   * True when `sig` is the signature of these fields and `expires`, and `expires` is still ahead of
   * `now`. `expires` and `sig` are the query's raw text; anything malformed is simply false.
   */
  verify(purpose: string, fields: readonly string[], expires: string | undefined, sig: string | undefined, now: Date): Promise<boolean>;
}

export function createUrlSigner(db: Database, keyName = URL_SIGNING_KEY_NAME): UrlSigner {
  let key: Promise<Buffer> | undefined;
  const currentKey = () =>
    (key ??= readSigningKey(db, keyName).catch((error: unknown) => {
      // A database that was down may be back for the next request.
      key = undefined;
      throw error;
    }));
  const mac = async (purpose: string, fields: readonly string[], expires: number) =>
    createHmac('sha256', await currentKey())
      .update(canonicalString(purpose, fields, expires))
      .digest();

  return {
    async sign(purpose, fields, now, validForMs) {
      const expires = Math.floor((now.getTime() + validForMs) / 1000);
      return { expires, sig: (await mac(purpose, fields, expires)).toString('hex') };
    },
    async verify(purpose, fields, expiresText, sig, now) {
      if (!expiresText || !EXPIRES.test(expiresText) || !sig || !SIGNATURE.test(sig)) return false;
      const expires = Number(expiresText);
      const expected = await mac(purpose, fields, expires);
      // Compared in constant time, and before the expiry, so the answer's timing tells nothing.
      const matches = timingSafeEqual(expected, Buffer.from(sig, 'hex'));
      return matches && now.getTime() < expires * 1000;
    },
  };
}
