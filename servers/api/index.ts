// The self-hostable Blockchain API: startApiServer, the price and chain source interfaces.
export { type ApiServer, type ApiServerOptions, startApiServer } from './server.ts'
export { type PriceSource, NATIVE, fixedPrices, noPrices } from './prices.ts'
export type { ChainConfig } from './sources.ts'
export type { ChainSource, SourceBalances, SourceBatch, SourceBlock, SourceToken, SourceTransfer, TokenStandard, TransferKind } from './indexer/source.ts'
export { ChainMovedError } from './indexer/source.ts'
