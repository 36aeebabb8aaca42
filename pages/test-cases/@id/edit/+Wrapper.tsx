import type { ReactNode } from 'react'
import { ApiProvider } from '../../../../lib/api/trpc.tsx'

// The form saves, checks the title and searches targets through the API.
export default function Wrapper({ children }: { children: ReactNode }) {
  return <ApiProvider>{children}</ApiProvider>
}
