// Alone in its module: the socials manifest (on the first screen) reads it without the frame
// protocol's schemas.

/**
 * The fragment parameter of the registered return URL a redirect-flow social login comes back
 * to: the one-time result secret (never the provider's answer), which CONNECT_SOCIAL's uri
 * carries to the frame; it is worth nothing without the binding the frame of that tab keeps.
 */
export const SOCIAL_RESULT_PARAM = 'portico_social'
