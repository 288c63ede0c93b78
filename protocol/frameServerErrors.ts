// The frame server's refusals, as the frame hands them on to the host. The host reads some of
// them (an origin the project does not allow raises the app-configuration alert; the email
// code's cooldown is a snack), so the server writes them from here and the catalogue names them.

/** The one the host matches, alone so that the first screen takes no other text of this module. */
export const ORIGIN_NOT_ALLOWED = 'Unauthorized: origin not allowed'

/** Every refusal text of the frame server that is not a template. */
export const FrameServerErrorText = {
  ORIGIN_NOT_ALLOWED,
  BODY_NOT_JSON: 'Invalid request: the body must be JSON',
  TOO_MANY_CODES_FOR_EMAIL: 'Too many codes were requested for this email',
  TOO_MANY_CODES_FROM_ADDRESS: 'Too many codes were requested from this network address',
} as const

/** 'Invalid request: <reason>', a request whose body or query does not pass its schema. */
export const invalidRequest = (reason: string) => `Invalid request: ${reason}`

/** 'Please try again after N seconds' (email code cooldown). */
export const tryAgainAfter = (seconds: number) => `Please try again after ${seconds} seconds`
