import type { ReactNode } from 'react'
import { ApiProvider } from '../../../lib/api/trpc.tsx'

// The execution view records results and follows other testers' results after the first paint.
export default function Wrapper({ children }: { children: ReactNode }) {
  return <ApiProvider>{children}</ApiProvider>
}
