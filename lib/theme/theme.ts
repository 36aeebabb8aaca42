import { THEME_STORAGE_KEY, type Theme } from './pre-paint.ts'

/** A theme the user chose, or `system`: nothing saved, the page follows the system's light or dark setting. */
export type ThemePreference = Theme | 'system'

const SYSTEM_DARK = '(prefers-color-scheme: dark)'

/** The theme the pre-paint script (or a later change) put on <html>. */
export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'
}

/** The system's setting; light when it states none (as the pre-paint script decides). */
export function systemTheme(): Theme {
  return window.matchMedia(SYSTEM_DARK).matches ? 'dark' : 'light'
}

/** The saved choice in this browser (the pre-paint script copies a signed-in user's theme there). */
export function themePreference(): ThemePreference {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY)
    return saved === 'dark' || saved === 'light' ? saved : 'system'
  } catch {
    return 'system'
  }
}

/** Applies a theme at once and saves it; other open tabs follow through the storage event. */
export function applyTheme(theme: Theme, options: { save?: boolean } = {}): void {
  const root = document.documentElement
  root.classList.remove('light', 'dark')
  root.classList.add(theme)
  root.dataset.theme = theme
  root.style.colorScheme = theme
  if (options.save !== false) {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, theme)
    } catch {
      // Private mode or storage disabled: the theme still applies for this page.
    }
  }
  window.dispatchEvent(new CustomEvent('portalscope:theme', { detail: theme }))
}

/** Forgets the saved theme: from now on the page follows the system (followSystemTheme keeps it in step). */
export function followSystem(): void {
  try {
    localStorage.removeItem(THEME_STORAGE_KEY)
  } catch {
    // Storage disabled: nothing was saved either.
  }
  // The account's theme was cleared with it; the attribute would otherwise still win on this page's next read.
  delete document.documentElement.dataset.userTheme
  applyTheme(systemTheme(), { save: false })
}

/** While nothing is saved, the system's setting applies, now and as it changes; so does another tab's choice. */
export function followSystemTheme(): () => void {
  const media = window.matchMedia(SYSTEM_DARK)
  const onSystem = () => {
    if (themePreference() === 'system') applyTheme(systemTheme(), { save: false })
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return
    if (event.newValue === 'dark' || event.newValue === 'light') applyTheme(event.newValue, { save: false })
    else applyTheme(systemTheme(), { save: false })
  }
  media.addEventListener('change', onSystem)
  window.addEventListener('storage', onStorage)
  // A change between the first paint and this code (the page's code starts after the paint, decision 023).
  if (themePreference() === 'system' && currentTheme() !== systemTheme()) applyTheme(systemTheme(), { save: false })
  return () => {
    media.removeEventListener('change', onSystem)
    window.removeEventListener('storage', onStorage)
  }
}

/** Calls back when the applied theme or the system's setting changes. */
export function subscribeTheme(onChange: () => void): () => void {
  const media = window.matchMedia(SYSTEM_DARK)
  window.addEventListener('portalscope:theme', onChange)
  media.addEventListener('change', onChange)
  return () => {
    window.removeEventListener('portalscope:theme', onChange)
    media.removeEventListener('change', onChange)
  }
}
