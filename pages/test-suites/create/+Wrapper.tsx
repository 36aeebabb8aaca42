import type { ReactNode } from 'react'
import { ApiProvider } from '../../../lib/api/trpc.tsx'

// The rule preview and the save call the API after the first paint.
export default function Wrapper({ children }: { children: ReactNode }) {
  return <ApiProvider>{children}</ApiProvider>
}
