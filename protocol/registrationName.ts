/** A name to register: ASCII letters, digits and hyphens only, at least 4 characters. */
const REGISTRATION_NAME_PATTERN = /^[a-zA-Z0-9-]{4,}$/

/**
 * Whether a name may be registered.
 *
 * @example
 * isValidRegistrationName('my-wallet') // true
 * isValidRegistrationName('abc') // false: too short
 * isValidRegistrationName('my_wallet') // false: underscore
 */
export function isValidRegistrationName(name: unknown): name is string {
  return typeof name === 'string' && REGISTRATION_NAME_PATTERN.test(name)
}
