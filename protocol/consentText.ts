// The embedded wallet's texts for a device new to an account, shared by the host (the
// ApproveDevice view) and the frame page (its panel and the held device's wait), so they live on
// the ground floor both import. Not in the kernel's catalogue: a module the first screen imports
// would carry them into its chunk once a lazily loaded body imports them too.

/** A device new to an embedded-wallet account: the consent an existing device gives inside the frame, and the wait. */
export const DeviceConsentText = {
  /** What the frame's approval panel names the request. */
  METHOD: 'new device',
  DEVICE: 'Device',
  NETWORK: 'Network',
  ASKED_AT: 'Asked at',
  RELEASE_AT: 'Gets the keys without you at',
  REFUSED: 'This device was refused access to the wallet',
  REVIEW_HINT: 'A new device asked for this wallet. Approve or refuse it in the secure panel below.',
} as const

/** The new device's wait, with the time its shares go out without an approval. */
export const deviceAwaitingConsent = (time: string) => `Approve this device on a device you already use, or wait until ${time}`
