// The demo's Uniswap V2 on the local Hardhat chain (eip155:31337): the published contracts
// (@uniswap/v2-core 1.0.1, @uniswap/v2-periphery 1.1.0-beta.0) deployed by `npm start`
// (demo/peers/deployUniswap.mjs) right after the test tokens, from Hardhat's account #18 at
// its nonces 0 to 2, so the addresses are known here in advance; the pairs' addresses follow
// from the factory (CREATE2 with the init code hash Router02 has built in). Browser-safe (no
// Node imports): the demo's config and the tests read them.

/** Hardhat's account #18 deploys WETH9, the factory and the router (nothing else in the demo uses it). */
export const DEMO_UNISWAP_DEPLOYER = '0xdD2FD4581271e230360230F9337D5c0430Bf44C0'

/** Hardhat's account #9 adds the liquidity, from the test tokens it was funded with. */
export const DEMO_LIQUIDITY_PROVIDER = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

export const DEMO_UNISWAP = Object.freeze({
  chainId: 'eip155:31337',
  weth: '0x850EC3780CeDfdb116E38B009d0bf7a1ef1b8b38',
  factory: '0x1ACcBD355245AbA93CE46D33ab1D0152CE33Fd00',
  router: '0xC5888275e0a1ca13a26463318105957aa4d1feD7',
})

/**
 * The pools and the liquidity they start with, in whole units: DEMO/DUSD at DEMO's demo price
 * (2.5 dollars), and WETH/DEMO at ETH's (3000 dollars). `pair` is the pool's address.
 */
export const DEMO_POOLS = Object.freeze([
  Object.freeze({ pair: '0xfB9D3BD7eB82c434Ebf946D47b5e4192dEF98E8a', tokens: Object.freeze(['DEMO', 'DUSD']), amounts: Object.freeze([400, 1000]) }),
  Object.freeze({ pair: '0xB1fD103935FA8aa65C99292055f18Cd911Fc5D24', tokens: Object.freeze(['ETH', 'DEMO']), amounts: Object.freeze([0.5, 600]) }),
])
