// The ceiling npm run bench compares our JSON route with: a bare Hono server, in a process of its own,
// answering GET /api/v1/user/courses/{id} with the JSON in the file BENCH_BODY (read once at start)
// on 127.0.0.1:PORT. No middleware, no headers of ours: what Hono and Node cost alone on this machine.
import { serve } from '@hono/node-server';
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';

const body = JSON.parse(readFileSync(process.env.BENCH_BODY!, 'utf8')) as object;
const app = new Hono().get('/api/v1/user/courses/:id', (c) => c.json(body));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
