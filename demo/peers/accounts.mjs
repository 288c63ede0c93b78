// Hardhat's default accounts #0 and #1: publicly known keys every Hardhat node funds with
// 10000 ETH. Browser-safe (no Node imports), so the demo's dev wallet and the Node side
// (demo/peers/hardhat.mjs, the tests) share this one definition. Never use them for real funds.
export const HARDHAT_ACCOUNTS = Object.freeze([
  Object.freeze({
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  }),
  Object.freeze({
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  }),
])
export const HARDHAT_ACCOUNT_0 = HARDHAT_ACCOUNTS[0]
export const HARDHAT_ACCOUNT_1 = HARDHAT_ACCOUNTS[1]
