import { THEME_STORAGE_KEY, type Theme } from './pre-paint.ts'

/** The theme the pre-paint script (or a later change) put on <html>. */
export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'
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

export function subscribeTheme(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY && (event.newValue === 'dark' || event.newValue === 'light')) {
      applyTheme(event.newValue, { save: false })
    }
  }
  window.addEventListener('portalscope:theme', onChange)
  window.addEventListener('storage', onStorage)
  return () => {
    window.removeEventListener('portalscope:theme', onChange)
    window.removeEventListener('storage', onStorage)
  }
}
