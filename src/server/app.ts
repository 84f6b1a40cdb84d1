// The API: one Hono app mounted under /api/v1, used as it is by the server and by the tests.
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';

export const API_BASE = '/api/v1';
export const INTERNAL_ERROR = 'Something went wrong, please try again!';

export type ApiDeps = Record<string, never>;

export function createApp(_deps: ApiDeps = {}) {
  const api = new Hono().basePath(API_BASE);

  api.get('/health', (c) => c.json({ message: 'OK', data: { status: 'ok' } }));

  api.notFound((c) => c.json({ message: 'Not found' }, 404));
  api.onError((err, c) => {
    if (err instanceof HTTPException) return c.json({ message: err.message || 'Request failed' }, err.status);
    console.error(`[api] ${c.req.method} ${c.req.path} failed:`, err);
    return c.json({ message: INTERNAL_ERROR }, 500);
  });
  return api;
}
