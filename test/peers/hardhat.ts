// A local EVM node for tests. The one implementation lives in demo/peers/hardhat.mjs,
// which `npm start` runs too; this module keeps the tests' import path.
export {
  HARDHAT_ACCOUNTS,
  HARDHAT_ACCOUNT_0,
  HARDHAT_ACCOUNT_1,
  HARDHAT_CONFIGS,
  PortBusyError,
  assertPortFree,
  rpc,
  startHardhat,
  type HardhatAccount,
  type HardhatChainId,
  type HardhatNode,
  type StartHardhatOptions,
} from '../../demo/peers/hardhat.mjs'
