// What the manifest (index.ts) and the body share, so no file of the plugin imports the manifest:
// the body loads behind import() and must not reach back into the always-bundled half.

/** The Account tab panel the body registers. */
export const ACTIVITY_PANEL = 'AccountActivity'
