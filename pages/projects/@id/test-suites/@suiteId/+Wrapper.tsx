import type { ReactNode } from 'react'
import { ApiProvider } from '../../../../../lib/api/trpc.tsx'

// Editors change the suite's schedule after the first paint.
export default function Wrapper({ children }: { children: ReactNode }) {
  return <ApiProvider>{children}</ApiProvider>
}
