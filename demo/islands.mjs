// The demo's "islands": its development tools, built by buildDemo (build.mjs) in a build of
// their own and loaded by URL, so they never share chunks with the kit.
//
// Why: esbuild's code splitting assigns whole files to chunks. Demo code that uses viem
// (the dev wallet's signer, the viem calls behind the "Sign message" / "Send transaction"
// buttons) would share viem's files with the eip155 plugin, and each shared file brings all
// its imports: the plugin's download at first modal open grew from about 16 kB to 72 kB
// gzip. Built apart, the kit's chunks are what they are without the demo's tools.

/** Island name -> entry file. The page loads `/assets/islands/<name>.js`. */
export const DEMO_ISLANDS = Object.freeze({
  'dev-wallet': 'demo/devWallet/wallet.ts',
  'dev-solana-wallet': 'demo/devWallet/solanaWallet.ts',
  signing: 'demo/signing.ts',
})

/** Where islands are built, inside the demo's assets. */
export const ISLANDS_DIR = 'islands'
