// What the manifest (index.ts) and the body share, so no file of the plugin imports the manifest:
// the body loads behind import() and must not reach back into the always-bundled half.

/** The bip122 JSON-RPC methods (sendTransfer, signMessage, signPsbt, getAccountAddresses). */
export const BIP122_METHODS = ['sendTransfer', 'signMessage', 'signPsbt', 'getAccountAddresses'] as const
