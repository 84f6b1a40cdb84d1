// Everything under /api/v1/staff: the college's staff console (docs/product.md, 'Staff sign-in').
// This file only gathers the staff sub-routers; each brings its own routes, each route its own
// guard (requireStaff or requireAdmin from ./require-staff.ts) so that a router's middleware never
// reaches its neighbours' routes. A new part of the console adds one line here:
//   routes.route('/', createStaffStudentRoutes(services));
import { Hono } from 'hono';
import type { ApiServices } from '#server/deps.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { createStaffAccountRoutes } from './account-routes.ts';
import { createStaffAuthRoutes } from './auth-routes.ts';
import { createStaffMemberRoutes } from './member-routes.ts';

/** Mounted at /staff. */
export function createStaffRoutes(services: ApiServices) {
  const routes = new Hono<ApiEnv>();
  routes.route('/', createStaffAuthRoutes(services));
  routes.route('/', createStaffAccountRoutes(services));
  routes.route('/', createStaffMemberRoutes(services));
  return routes;
}
