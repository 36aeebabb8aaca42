import { lazy, Suspense, useSyncExternalStore } from 'react'

// Toasts are rare (an update is available, a page's own confirmations), so their code is not part of every page:
// the host mounts the Toaster the first time any code loads components/ui/toast.tsx or calls showToast().
let active = false
const listeners = new Set<() => void>()

export function activateToaster(): void {
  if (active) return
  active = true
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const Toaster = lazy(() => import('./toast.tsx').then((module) => ({ default: module.Toaster })))

/** Mounted once in the layout; renders nothing until a toast is wanted. */
export function ToastHost() {
  const isActive = useSyncExternalStore(subscribe, () => active, () => false)
  return isActive ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
}

type ToastOptions = {
  type?: 'success' | 'error' | 'warning' | 'info' | 'loading'
  title: string
  description?: string
  duration?: number
  action?: { label: string; onClick: () => void }
}

/** Shows a toast from code that does not otherwise load the toast module. */
export async function showToast(options: ToastOptions): Promise<void> {
  activateToaster()
  const { toaster } = await import('./toast.tsx')
  toaster.create(options)
}
