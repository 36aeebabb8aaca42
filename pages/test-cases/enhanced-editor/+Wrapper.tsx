import type { ReactNode } from 'react'
import { ApiProvider } from '../../../lib/api/trpc.tsx'

// The editor saves, checks titles and searches targets through the API.
export default function Wrapper({ children }: { children: ReactNode }) {
  return <ApiProvider>{children}</ApiProvider>
}
