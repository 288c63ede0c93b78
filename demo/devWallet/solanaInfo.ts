/**
 * How the demo's Solana development wallet presents itself. The name is the
 * warning: it signs with a fixed, public test key, in the page.
 */
export const DEV_SOLANA_WALLET_NAME = 'Portico Dev Solana Wallet — test key, never use real funds'
/** base58 address of the test key (seed d0 d1 … ef, see ./solanaWallet.ts). */
export const DEV_SOLANA_ADDRESS = '8UXaBSMYHfje2SqJkkb93juHE2me3Ps4qiJbmzd7p7Uu'
/** The same public key, base64url (what a JWK's `x` holds). */
export const DEV_SOLANA_PUBLIC_KEY = 'bw8O6z-_-SXGbQPhnc5I1e3J_-5RzSaucd055W9_3aI'
/** Local only: the demo's "Solana Local" cluster (npm start). */
export const DEV_SOLANA_CHAINS = Object.freeze(['solana:localnet'])
export const DEV_SOLANA_AUTHORIZED_KEY = 'portico-demo:dev-solana-wallet'
export const DEV_SOLANA_ICON =
  "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'><rect width='8' height='8' rx='2' fill='%237c3aed'/><path d='M2 2.5h4M2 4h4M2 5.5h4' stroke='%23fff'/></svg>"
