import {
  CallsErrorCode,
  EmbeddedWalletErrorText,
  type ModalService,
  type PendingRequests,
  PorticoError,
  type Router,
  ErrorText,
  type SnackService,
  SnackText,
} from '../../kernel/index.ts'
import { isSafeRpcMethod, isUnsafeRpcMethod } from '../../kernel/rpc/methods.ts'
import { WalletError } from '../../kernel/wallets/walletError.ts'
import { type ResultKind, classifyResult } from '../../kernel/validation/classifyResult.ts'
import type { FrameSession } from './frameSession.ts'
import { enterFrameView, leaveFrameView } from './frameView.ts'

/**
 * What the frame must answer to an approved request, by SPEC's result rule (a transaction
 * hash is 0x and 64 hex digits, a signed message 0x and 62 or more). The other methods
 * answer objects or ids of their own shape, and Solana's are not hex.
 */
const EXPECTED_RESULT: Readonly<Record<string, ResultKind>> = {
  eth_sendTransaction: 'transactionHash',
  eth_sendUserOperation: 'transactionHash',
  personal_sign: 'signedMessage',
  eth_signTypedData_v4: 'signedMessage',
}
const RESULT_NAME: Readonly<Record<ResultKind, string>> = { transactionHash: 'transaction hash', signedMessage: 'signature', object: 'object' }

/** A frame error EIP-5792 gives a code to carries it, so the dapp's library (viem) knows it by its code. */
const coded = (method: string, error: unknown) => {
  const code = error instanceof PorticoError && Object.hasOwn(CallsErrorCode, error.shortMessage) ? CallsErrorCode[error.shortMessage as keyof typeof CallsErrorCode] : undefined
  return code === undefined ? error : new WalletError((error as PorticoError).shortMessage, { method, code, cause: error })
}

/** The view the visitor approves a request in; the frame shows over its box. */
export const APPROVE_VIEW = 'ApproveTransaction'

export interface RpcGate {
  /** Sends a request to the frame: a safe one at once, an unsafe one through the visitor's approval. */
  request(method: string, params: unknown, caipNetworkId: string): Promise<unknown>
  /** The connection dropped: requests waiting for approval fail, reads carry on. */
  abortUnsafe(): void
}

export interface RpcGateDeps {
  readonly frame: Pick<FrameSession, 'request' | 'hide'>
  readonly modal: ModalService
  readonly router: Router
  readonly pending: PendingRequests
  /** Re-reads the native balance after a request went through (a transaction moves it). */
  readonly refreshBalance: () => void
  readonly snack: Pick<SnackService, 'showError'>
}

/**
 * The RPC gate of the embedded wallet. Safe methods (reads) go to the frame without
 * the visitor. An unsafe one (a signature, a transaction) opens the modal on the
 * approval view, which shows the frame, so that the visitor approves inside the
 * frame's own origin and no script of this page can approve for them. Anything else
 * never reaches the frame (the kit's allow list rejects it before).
 */
export function createRpcGate(deps: RpcGateDeps): RpcGate {
  const waiting = new Set<(reason: Error) => void>()

  /** Closes the approval: pops it off a stack the visitor was on, or closes the modal it opened. */
  const leaveApproval = () => leaveFrameView(deps, APPROVE_VIEW)

  const approve = (method: string, params: unknown, caipNetworkId: string) =>
    new Promise<unknown>((resolve, reject) => {
      const controller = new AbortController()
      let settled = false
      const finish = (outcome: () => void) => {
        if (settled) return
        settled = true
        waiting.delete(fail)
        untrack()
        leaveApproval()
        outcome()
      }
      // Closing the modal, a dropped connection: the request fails with the reason given, the frame forgets it.
      const fail = (reason: Error) => {
        controller.abort()
        finish(() => reject(reason))
      }
      const untrack = deps.pending.add(fail)
      waiting.add(fail)
      enterFrameView(deps, APPROVE_VIEW)
      deps.frame.request('RPC_REQUEST', { method, params, caipNetworkId }, { signal: controller.signal }).then(
        (reply) =>
          finish(() => {
            deps.refreshBalance()
            const expected = Object.hasOwn(EXPECTED_RESULT, method) ? EXPECTED_RESULT[method]! : undefined
            if (expected && classifyResult(reply.result) !== expected) {
              reject(new PorticoError(`${method}: the embedded wallet answered no ${RESULT_NAME[expected]}`, { details: String(reply.result).slice(0, 100) }))
            } else resolve(reply.result)
          }),
        (error: unknown) =>
          finish(() => {
            // The smart account could not sign: the visitor learns why, whatever the app does with the error.
            if (error instanceof PorticoError && error.shortMessage === SnackText.SMART_ACCOUNT_UNSUPPORTED) deps.snack.showError(SnackText.SMART_ACCOUNT_UNSUPPORTED)
            reject(coded(method, error))
          }),
      )
    })

  return {
    async request(method, params, caipNetworkId) {
      if (isSafeRpcMethod(method)) {
        return deps.frame.request('RPC_REQUEST', { method, params, caipNetworkId }).then(
          (reply) => reply.result,
          (error: unknown) => Promise.reject(coded(method, error)),
        )
      }
      if (isUnsafeRpcMethod(method)) return approve(method, params, caipNetworkId)
      throw new PorticoError(ErrorText.RPC_METHOD_NOT_ALLOWED, { details: method })
    },
    abortUnsafe() {
      const reason = new PorticoError(EmbeddedWalletErrorText.REQUEST_ABORTED, { details: 'the connection dropped' })
      ;[...waiting].forEach((fail) => fail(reason))
    },
  }
}
