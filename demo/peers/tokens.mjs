// The demo's test tokens on the local Hardhat chain (eip155:31337), deployed by `npm start`
// (demo/peers/deployTokens.mjs) from Hardhat's account #19 at its nonces 0 to 3 right after
// the node starts, so their addresses are known here in advance. Browser-safe (no Node
// imports): the demo's config, the tests and the API server's price table read them.

/** The chain the tokens live on. */
export const DEMO_TOKEN_CHAIN_ID = 'eip155:31337'

/** Hardhat's account #19 deploys them (nothing else in the demo uses it, so its nonces stay 0 to 3). */
export const DEMO_TOKEN_DEPLOYER = '0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199'

/**
 * The fungible tokens, each giving `fundedEach` whole tokens to Hardhat's accounts #0 to #9
 * at deployment. DUSD's `transfer` returns nothing (the USDT shape of SPEC §9); DPTS has
 * no decimals, so token lists leave it out (SPEC §5).
 */
export const DEMO_TOKENS = Object.freeze([
  Object.freeze({ address: '0x73511669fd4dE447feD18BB79bAFeAC93aB7F31f', name: 'Demo Token', symbol: 'DEMO', decimals: 18, price: 2.5, fundedEach: 1000, usdtShaped: false }),
  Object.freeze({ address: '0xB581C9264f59BF0289fA76D61B2D0746dCE3C30D', name: 'Demo Dollar', symbol: 'DUSD', decimals: 6, price: 1, fundedEach: 1000, usdtShaped: true }),
  Object.freeze({ address: '0xC469e7aE4aD962c30c7111dc580B4adbc7E914DD', name: 'Demo Points', symbol: 'DPTS', decimals: 0, price: 0.1, fundedEach: 500, usdtShaped: false }),
])

/** A small ERC721: token ids 1 to 3, held by accounts #0, #0 and #1. */
export const DEMO_COLLECTIBLE = Object.freeze({
  address: '0x43ca3D2C94be00692D207C6A1e60D8B325c6f12f',
  name: 'Demo Art',
  symbol: 'DART',
  owners: Object.freeze(['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8']),
})

/** The fixed dollar price of native ETH on the demo's local chains. */
export const DEMO_NATIVE_PRICE = 3000

/** The demo API's price table (servers/api fixedPrices): ETH on both local chains, and the tokens. */
export const DEMO_PRICES = Object.freeze({
  [DEMO_TOKEN_CHAIN_ID]: Object.freeze({ native: DEMO_NATIVE_PRICE, ...Object.fromEntries(DEMO_TOKENS.map((token) => [token.address, token.price])) }),
  'eip155:31338': Object.freeze({ native: DEMO_NATIVE_PRICE }),
})
