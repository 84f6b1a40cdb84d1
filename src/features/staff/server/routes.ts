// Everything under /api/v1/staff: the college's staff console (docs/product.md, 'Staff sign-in').
// This file only gathers the staff sub-routers; each brings its own routes, each route its own
// guard (requireStaff or requireAdmin from ./require-staff.ts): middleware a sub-router `use`s would
// reach its neighbours' routes too. Only what holds for every staff answer is here. A new part of
// the console adds one line:
//   routes.route('/', createStaffStudentRoutes(services));
import { Hono } from 'hono';
import type { ApiServices } from '#server/deps.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { createStaffAccountRoutes } from './account-routes.ts';
import { createStaffAuthRoutes } from './auth-routes.ts';
import { createContentRoutes } from './content-routes.ts';
import { createPublishRoutes } from './publish-routes.ts';
import { createStaffMemberRoutes } from './member-routes.ts';
import { createStaffPaymentRoutes } from './payment-routes.ts';
import { createStaffRequestRoutes } from './request-routes.ts';
import { createStaffStudentRoutes } from './student-routes.ts';
import { createStaffScholarshipRoutes } from './scholarship-routes.ts';

/** Mounted at /staff. */
export function createStaffRoutes(services: ApiServices) {
  const routes = new Hono<ApiEnv>();
  // Every staff answer is private, refusals and 404s included: none is kept by any cache.
  routes.use('*', async (c, next) => {
    c.header('cache-control', 'no-store');
    await next();
    c.res.headers.set('cache-control', 'no-store');
  });
  routes.route('/', createStaffAuthRoutes(services));
  routes.route('/', createStaffAccountRoutes(services));
  routes.route('/', createStaffMemberRoutes(services));
  routes.route('/', createStaffStudentRoutes(services));
  routes.route('/', createStaffPaymentRoutes(services));
  routes.route('/', createStaffRequestRoutes(services));
  routes.route('/', createStaffScholarshipRoutes(services));
  routes.route('/', createContentRoutes(services));
  routes.route('/', createPublishRoutes(services));
  return routes;
}
