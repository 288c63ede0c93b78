/**
 * Every text of the frame's approval panel. The panel's code and its tests import these
 * and never retype them.
 */

/** The panel's title, by method. */
export const APPROVAL_TITLES: Readonly<Record<string, string>> = {
  personal_sign: 'Sign this message',
  eth_signTypedData_v4: 'Sign typed data',
  eth_sendTransaction: 'Send this transaction',
  solana_signMessage: 'Sign this message',
  solana_signTransaction: 'Sign this transaction',
  solana_signAndSendTransaction: 'Sign and send this transaction',
  wallet_sendCalls: 'Send these calls',
  eth_sendUserOperation: 'Send this user operation',
}

export const ApprovalText = {
  DEFAULT_TITLE: 'Approve this request',
  APPROVE: 'Approve',
  REJECT: 'Reject',
  /** Before the origin: '<origin> asks you to approve <method>'. */
  ASKS: 'asks you to approve',
  UNKNOWN_ORIGIN: 'An unknown site',
  /** Before the name the host page gives itself, which nobody checked. */
  CLAIMED_NAME: 'Name the site gives itself (not verified):',
  WARNINGS: 'Warnings',
  DETAILS: 'Details',
  /** Why Approve is disabled: read out to a screen reader, shown under the buttons. */
  COVERED: 'Approve turns on when this panel is fully visible and nothing covers it.',
} as const

/** Row labels. */
export const RowLabel = {
  MESSAGE: 'Message',
  TYPE: 'Type',
  DOMAIN: 'Domain',
  TO: 'To',
  NEW_CONTRACT: 'a new contract',
  FUNCTION: 'Function',
  ARGUMENTS: 'Arguments',
  DATA: 'Data',
  VALUE: 'Value',
  GAS_LIMIT: 'Gas limit',
  MAX_FEE: 'Max fee per gas',
  MAX_PRIORITY_FEE: 'Max priority fee per gas',
  GAS_PRICE: 'Gas price',
  NONCE: 'Nonce',
  NETWORK: 'Network',
  TOTAL: 'Total cost (at most)',
  TRANSACTION: 'Transaction',
  FEE_PAYER: 'Fee payer',
  INSTRUCTION: 'Instruction',
  PROGRAM: 'Program',
  AMOUNT: 'Amount',
  FROM: 'From',
  RECEIVER: 'Receiver',
  ACCOUNTS: 'Accounts',
  MINT: 'Mint',
  DELEGATE: 'Delegate',
  NEW_ACCOUNT: 'New account',
  OWNER: 'Owner',
  SMART_ACCOUNT: 'smart account',
  NETWORK_FEE: 'Network fee',
  /** A call of a batch: 'Call 2 of 3'. */
  call: (index: number, count: number) => `Call ${index} of ${count}`,
} as const

/** Who pays a user operation's gas. */
export const SponsorText = {
  SPONSORED: 'Paid by the app (paymaster)',
  ACCOUNT_PAYS: 'Paid from this account',
} as const

/** Warnings the panel puts first. */
export const Warning = {
  unlimitedAllowance: (spender: string) => `Unlimited allowance: ${spender} could spend all of this token, now and later.`,
  allowance: (spender: string) => `Allowance: ${spender} could spend this token later.`,
  operator: (operator: string) => `${operator} could move every token of this collection you own, now and later.`,
  permit: 'This signature can let someone spend your tokens without a transaction.',
  otherChain: (signed: string, active: string) => `Signed for chain ${signed}, not the active chain ${active}.`,
  tokenDelegate: (delegate: string) => `${delegate} could spend these tokens later.`,
  lookupTables: 'Some accounts come from address lookup tables and are not shown.',
} as const
