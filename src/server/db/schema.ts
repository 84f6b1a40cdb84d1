// The one entry to the database schema: drizzle-kit, the database client and the tests all import
// this file. Each domain keeps its tables in schema/<domain>.ts; a new domain adds its line here.
// drizzle-kit turns changes into the SQL files under drizzle/ (npm run db:generate); the server
// applies those files at start.
export * from './schema/accounts.ts';
export * from './schema/contact.ts';
export * from './schema/newsletter.ts';
export * from './schema/rate-limits.ts';
export * from './schema/idempotency.ts';
export * from './schema/catalogue.ts';
export * from './schema/payments.ts';
export * from './schema/notifications.ts';
export * from './schema/learning.ts';
export * from './schema/uploads.ts';
export * from './schema/secrets.ts';
export * from './schema/processes.ts';
export * from './schema/staff.ts';
export * from './schema/scholarships.ts';
export * from './schema/publishing.ts';
export * from './schema/lessons.ts';
