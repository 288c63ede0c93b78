// What a host page keeps in the browser, as one searchable string: the tests that prove no
// key or share of the embedded wallet reaches the host's origin search it.
import type { Page } from 'playwright-core'

/** Every string the host page keeps: localStorage, sessionStorage, cookies and every IndexedDB record (bytes as hex). */
export async function hostStorage(page: Page): Promise<string> {
  const inPage = await page.evaluate(async () => {
    const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
    const flatten = (value: unknown): unknown =>
      value instanceof ArrayBuffer
        ? hex(new Uint8Array(value))
        : ArrayBuffer.isView(value)
          ? hex(new Uint8Array(value.buffer, value.byteOffset, value.byteLength))
          : Array.isArray(value)
            ? value.map(flatten)
            : value && typeof value === 'object'
              ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, flatten(v)]))
              : value
    const records: unknown[] = []
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name!)
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      for (const store of db.objectStoreNames) {
        const all = db.transaction(store).objectStore(store).getAll()
        records.push(await new Promise((resolve) => (all.onsuccess = () => resolve(flatten(all.result)))))
      }
      db.close()
    }
    return JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie, indexedDB: records })
  })
  return inPage + JSON.stringify(await page.context().cookies())
}
