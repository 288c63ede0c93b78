// What the manifest (index.ts) and the body share, so no file of the plugin imports the manifest:
// the body loads behind import() and must not reach back into the always-bundled half.

/** The views the body registers (SPEC §2). */
export const REGISTER_VIEW = 'RegisterAccountName'
export const REGISTER_SUCCESS_VIEW = 'RegisterAccountNameSuccess'
