// What the manifest (index.ts) and the body share, so no file of the plugin imports the manifest:
// the body loads behind import() and must not reach back into the always-bundled half.

/** The view the body registers; the Account view's Receive button opens it. */
export const RECEIVE_VIEW = 'Receive'
