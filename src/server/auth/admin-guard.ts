// The lock on every admin route (the doors of `npm run admin`). With the embedded database only the
// server may open it, so the command asks the server. Two locks: the request must come from this
// machine's loopback without passing through a proxy, and it must carry the secret the server wrote
// to DATA_DIR (0600) at start, compared in constant time. A reverse proxy on the same machine makes
// every request loopback; it cannot read the secret.
import { createMiddleware } from 'hono/factory';
import { ADMIN_SECRET_HEADER } from '#server/admin-secret.ts';
import { sameSecret } from '#server/auth/tokens.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import type { ApiEnv } from '#server/http/context.ts';

export const ADMIN_FORBIDDEN = 'Forbidden';
/** For a route's description: who may call it. */
export const ADMIN_ONLY = `Loopback only, not through a proxy, with the secret of DATA_DIR/admin-secret in ${ADMIN_SECRET_HEADER}.`;

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Refuses (403) any request that is not the admin command on this machine with the server's secret. */
export function requireAdmin(services: Pick<ApiServices, 'adminSecret'>) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const address = c.env?.incoming?.socket?.remoteAddress ?? '';
    const forwarded = c.req.header('x-forwarded-for') !== undefined || c.req.header('forwarded') !== undefined;
    if (!LOOPBACK.test(address) || forwarded || !sameSecret(c.req.header(ADMIN_SECRET_HEADER) ?? '', services.adminSecret))
      throw new ApiError(403, ADMIN_FORBIDDEN);
    await next();
  });
}
