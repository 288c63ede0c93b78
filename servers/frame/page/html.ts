import { FRAME_PROTOCOL_VERSION } from '../../../protocol/frameProtocol.ts'
import { CONFIG_ELEMENT_ID, type FrameConfig, type SmartAccountNetwork } from './config.ts'

/** JSON that cannot close its script element or open a comment, whatever the strings in it. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/**
 * The frame page. No inline script (the server's CSP allows scripts from its own
 * origin only): the configuration is a JSON data block, which is never executed, and
 * the code is /frame.js with its stylesheet /frame.css (both built by build.ts).
 */
export function renderFramePage(options: { allowedOrigins: readonly string[]; projectId: string; smartAccounts?: readonly SmartAccountNetwork[] }): string {
  const config: FrameConfig = {
    allowedOrigins: [...options.allowedOrigins],
    projectId: options.projectId,
    version: FRAME_PROTOCOL_VERSION,
    smartAccounts: [...(options.smartAccounts ?? [])],
  }
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    '<title>Portico secure frame</title>',
    '<link rel="stylesheet" href="/frame.css">',
    `<script type="application/json" id="${CONFIG_ELEMENT_ID}">${scriptSafeJson(config)}</script>`,
    '<script type="module" src="/frame.js"></script>',
    '</head>',
    '<body></body>',
    '</html>',
  ].join('\n')
}
