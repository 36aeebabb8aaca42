import type { ReactNode } from 'react'
import { ApiProvider } from '../../../../lib/api/trpc.tsx'

// Saving, the case search and the rule preview call the API after the first paint.
export default function Wrapper({ children }: { children: ReactNode }) {
  return <ApiProvider>{children}</ApiProvider>
}
