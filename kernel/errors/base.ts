import { PorticoError } from '../../protocol/error.ts'

export { PorticoError }

/** Thrown when `createPortico()` gets a config that does not pass the schema. */
export class ConfigError extends PorticoError {
  override name = 'ConfigError'
  /** Dot path of the first bad field, e.g. `features.email`. */
  readonly field: string

  constructor(field: string, details: string) {
    super(`Invalid Portico config at "${field}"`, { details })
    this.field = field
  }
}
