'use client'

/**
 * The `portico/ui` entry: the ui kit plugin views are built from (buttons, lists,
 * QR code, wallet image, text, icons, format helpers), the view contract and the
 * hook that reads a kit store. They render inside the modal's shadow root, themed
 * by its `--portico-*` variables. Needs React (a peer dependency).
 *
 * @example
 * import { Button, Stack, Text, type PorticoView } from 'portico/ui'
 *
 * export const Greeter: PorticoView = ({ kit }) => (
 *   <Stack>
 *     <Text>Hello</Text>
 *     <Button onClick={() => kit.close()}>Done</Button>
 *   </Stack>
 * )
 */
export * from '../shell/ui/index.ts'
