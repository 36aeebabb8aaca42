import type { ReactNode } from 'react'
import { ApiProvider } from '../../lib/api/trpc.tsx'

// The map and its list call the API after the first paint.
export default function Wrapper({ children }: { children: ReactNode }) {
  return <ApiProvider>{children}</ApiProvider>
}
