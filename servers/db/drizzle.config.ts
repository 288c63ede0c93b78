import { defineConfig } from 'drizzle-kit'

// `npx drizzle-kit generate --config servers/db/drizzle.config.ts` writes the SQL migrations
// (committed) from the schema files; openDatabase applies them on PGlite and on Postgres alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './servers/db/schema/*.ts',
  out: './servers/db/migrations',
})
