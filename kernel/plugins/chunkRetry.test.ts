import { describe, expect, it } from 'vitest'
import { failedChunkUrl } from './chunkRetry.ts'

describe('failedChunkUrl', () => {
  it("reads the chunk from Chromium's and Firefox's import errors, without a query string of an earlier retry", () => {
    const chromium = new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:5173/assets/chunks/body-N6EUAQ2Q.js')
    const firefox = new TypeError('error loading dynamically imported module: https://cdn.example/app/chunks/body-1.mjs?retry=2')
    expect(failedChunkUrl(chromium)).toBe('http://127.0.0.1:5173/assets/chunks/body-N6EUAQ2Q.js')
    expect(failedChunkUrl(firefox)).toBe('https://cdn.example/app/chunks/body-1.mjs')
  })

  it("finds none in Safari's error, in an error thrown by the body itself, or in a non-error", () => {
    expect(failedChunkUrl(new TypeError('Importing a module script failed.'))).toBeUndefined()
    expect(failedChunkUrl(new Error('wallet discovery failed at http://x.example/a.js'))).toBeUndefined()
    expect(failedChunkUrl('Failed to fetch dynamically imported module: http://x.example/a.js')).toBeUndefined()
  })
})
