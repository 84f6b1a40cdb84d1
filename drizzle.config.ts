// drizzle-kit reads this to turn src/server/db/schema.ts into SQL migrations under drizzle/:
//   PATH=$PWD/node_modules/.bin:$PATH npx drizzle-kit generate --name <what-changed>
// Review the generated SQL and commit it; the server applies pending migrations at start.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
