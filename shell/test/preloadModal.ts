// The modal chunk loads on first open in the product; tests that query the dialog
// right after `kit.open()` load it up front so they can stay synchronous.
import { loadModalChunk } from '../provider/LazyModalHost.tsx'

await loadModalChunk()
