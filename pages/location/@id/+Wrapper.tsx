import type { ReactNode } from 'react'
import { ApiProvider } from '../../../lib/api/trpc.tsx'

// The interactive map loads the region's outline and its datasets' places after the first paint.
export default function Wrapper({ children }: { children: ReactNode }) {
  return <ApiProvider>{children}</ApiProvider>
}
