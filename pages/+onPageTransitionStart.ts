import { startProgress } from '../features/navigation/progress-store.ts'

// https://vike.dev/onPageTransitionStart
export function onPageTransitionStart(): void {
  startProgress()
}
