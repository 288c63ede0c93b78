// A second local chain for network-switching tests: same accounts, chain id 31338.
module.exports = { networks: { hardhat: { chainId: 31338 } } }
