import type { ReactNode } from 'react'
import { ApiProvider } from '../../lib/api/trpc.tsx'

// The start form asks the API after the first paint (what a rule matches now, the case search) and starts the run.
export default function Wrapper({ children }: { children: ReactNode }) {
  return <ApiProvider>{children}</ApiProvider>
}
