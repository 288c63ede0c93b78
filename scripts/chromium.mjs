// Debian's Chromium, as npm test installs it, with the flags that keep it quiet and
// offline; shared by the e2e harness and the bench.
export const CHROMIUM_PATH = '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
