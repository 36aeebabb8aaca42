import type { ReactNode } from 'react'
import { ApiProvider } from '../../../../lib/api/trpc.tsx'

// Every section of the settings saves through the API.
export default function Wrapper({ children }: { children: ReactNode }) {
  return <ApiProvider>{children}</ApiProvider>
}
