import type { ReactNode } from 'react'
import { ApiProvider } from '../../lib/api/trpc.tsx'

// This page polls harvests, adds portals and searches the directory after the first paint.
export default function Wrapper({ children }: { children: ReactNode }) {
  return <ApiProvider>{children}</ApiProvider>
}
