import { useSyncExternalStore } from 'react'
import type { Theme } from '../../lib/theme/pre-paint.ts'
import { currentTheme, subscribeTheme } from '../../lib/theme/theme.ts'

/** The theme on <html>, following changes: the map's WebGL colours cannot read the CSS variables themselves. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribeTheme, currentTheme, () => 'light')
}
