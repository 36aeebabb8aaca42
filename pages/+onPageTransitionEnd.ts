import { finishProgress } from '../features/navigation/progress-store.ts'

// https://vike.dev/onPageTransitionEnd
export function onPageTransitionEnd(): void {
  finishProgress()
}
