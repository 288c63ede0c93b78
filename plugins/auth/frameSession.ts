import { Observable, defer, first, forkJoin, lastValueFrom, throwError, timeout } from 'rxjs'
import { Alerts, type AlertService, EmbeddedWalletErrorText, PorticoError, type PorticoConfig, type PorticoStorage, type ThemeStore } from '../../kernel/index.ts'
import type { FrameClient, FrameClientOptions, RequestOptions } from './frameClient.ts'
import { READY_TIMEOUT_MS } from './frameLifecycle.ts'
import type { AppPayload, AppRequestName, FrameEvent, FrameReply } from '../../protocol/frameProtocol.ts'
import { dappData, themeData } from './dappData.ts'

export interface FrameSession {
  /** Loads the frame and tells it the app's data and theme; once, shared by concurrent callers. */
  load(): Promise<FrameClient>
  /** Whether the frame has been loaded (or is loading): nothing is asked of it before. */
  readonly started: boolean
  request<N extends AppRequestName>(name: N, payload: AppPayload<N>, options?: RequestOptions): Promise<FrameReply<N>>
  /** Reloads the frame (RELOAD) and resolves once it is back (READY) and told the app's data again; rejects after 15 s without READY. */
  reload(): Promise<void>
  show(anchor: Element): void
  hide(): void
  dispose(): void
}

export interface FrameSessionDeps {
  readonly config: PorticoConfig
  readonly storage: PorticoStorage
  readonly theme: ThemeStore
  readonly alerts: AlertService
  readonly createClient: (options: FrameClientOptions) => FrameClient
  /** The chain the frame starts on (the last one used, else the active network). */
  readonly chainId: () => string | number
  /** The frame's session ended on its side (signed out elsewhere, refresh refused). */
  readonly onSessionEnded: () => void
  /** Devices new to the account wait for this device's consent. */
  readonly onDevicePending: () => void
  /** This device, held for consent after its login, holds its split now. */
  readonly onDeviceReleased: () => void
}

/**
 * The auth plugin's one frame: created and loaded on first use only (a login starts,
 * or a stored session is restored), so a visit that does neither sends nothing to the
 * frame's origin. After loading, the frame learns the app's networks and theme; the
 * host token it sends after a login is kept for restoring the session after a reload.
 */
export function createFrameSession(deps: FrameSessionDeps): FrameSession {
  const frameUrl = deps.config.endpoints.frame
  let client: FrameClient | undefined
  let loading: Promise<FrameClient> | undefined
  const stops: (() => void)[] = []
  /** The app's data told again after the frame's last reload. */
  let resynced: Promise<void> = Promise.resolve()

  /** What the frame keeps in memory only: told after loading, and again after it reloads. */
  const sync = async (frame: FrameClient) => {
    await frame.request('SYNC_DAPP_DATA', dappData(deps.config))
    await frame.request('SYNC_THEME', themeData(deps.theme.get()))
  }

  const start = async (): Promise<FrameClient> => {
    if (!frameUrl) throw new Error('endpoints.frame is not configured')
    if (!client) {
      const created = deps.createClient({ frameUrl, projectId: deps.config.projectId ?? '', chainId: deps.chainId() })
      client = created
      let readies = 0
      stops.push(
        created.subscribe((event) => {
          // A READY after the first is the frame reloaded (RELOAD, or the browser): it forgot the app's data.
          if (event.type === '@portico-frame/READY' && ++readies > 1) resynced = sync(created).catch(() => undefined)
          else if (event.type === '@portico-frame/SESSION_UPDATE') deps.storage.set('frameSessionToken', event.payload.token)
          else if (event.type === '@portico-frame/SESSION_ENDED') {
            deps.storage.remove('frameSessionToken')
            deps.onSessionEnded()
          } else if (event.type === '@portico-frame/DEVICE_PENDING') deps.onDevicePending()
          else if (event.type === '@portico-frame/DEVICE_RELEASED') deps.onDeviceReleased()
        }),
      )
    }
    const frame = client
    try {
      await frame.load()
    } catch (error) {
      deps.alerts.report(Alerts.SOCIALS_TIMEOUT)
      throw error
    }
    await sync(frame)
    // Later theme changes reach the frame too (a failed sync leaves the panel in the old theme).
    stops.push(deps.theme.subscribe((theme) => void frame.request('SYNC_THEME', themeData(theme)).catch(() => undefined)))
    return frame
  }

  const load = () => {
    loading ??= start().catch((error: unknown) => {
      // A failed load may be tried again by the next login attempt.
      loading = undefined
      throw error
    })
    return loading
  }

  return {
    load,
    get started() {
      return loading !== undefined
    },
    async request(name, payload, options) {
      return (await load()).request(name, payload, options)
    },
    async reload() {
      // A frame never loaded has nothing to drop.
      if (!loading) return
      const frame = await load()
      // Subscribed after the session's own listener: by the time READY reaches this one, the re-sync has started.
      const back$ = new Observable<FrameEvent>((subscriber) => frame.subscribe((event) => subscriber.next(event))).pipe(
        first((event) => event.type === '@portico-frame/READY'),
        // A frame that does not come back must not hold its callers forever.
        timeout({
          first: READY_TIMEOUT_MS,
          with: () => throwError(() => new PorticoError(EmbeddedWalletErrorText.UNABLE_TO_LOAD, { details: `no READY within ${READY_TIMEOUT_MS} ms of RELOAD` })),
        }),
      )
      await lastValueFrom(forkJoin([back$, defer(() => frame.request('RELOAD', undefined))]))
      await resynced
    },
    show(anchor) {
      client?.show(anchor)
    },
    hide() {
      client?.hide()
    },
    dispose() {
      stops.splice(0).forEach((stop) => stop())
      client?.dispose()
    },
  }
}
