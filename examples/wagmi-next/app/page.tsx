import { Wallet } from './wallet.tsx'

export default function Page() {
  return <Wallet />
}
