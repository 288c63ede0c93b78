// The unit project's global set-up: one initdb for the run, which every startPostgres of its
// files copies (test/peers/postgres.mjs). The workers start after the global set-up and get
// its environment.
import { POSTGRES_TEMPLATE_ENV, makePostgresTemplate } from './postgres.mjs'

export default function postgresTemplate() {
  try {
    const template = makePostgresTemplate()
    if (!template) return undefined
    process.env[POSTGRES_TEMPLATE_ENV] = template.data
    return () => template.remove()
  } catch (error) {
    // Without it every start runs initdb, as it does outside the tests: slower, not wrong.
    console.warn(`tests: no Postgres template to share, each start runs initdb: ${(error as Error).message}`)
    return undefined
  }
}
