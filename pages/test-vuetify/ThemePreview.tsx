import { useEffect, useSyncExternalStore } from 'react'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { Switch } from '../../components/ui/switch.tsx'

function isDark() {
  const root = document.documentElement
  return root.classList.contains('dark') || root.dataset.theme === 'dark'
}

function apply(dark: boolean) {
  const root = document.documentElement
  root.classList.toggle('dark', dark)
  root.classList.toggle('light', !dark)
  root.dataset.theme = dark ? 'dark' : 'light'
}

/** Follows the theme on <html>, whoever changes it (this switch or the header's toggle). */
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'data-theme'] })
  return () => observer.disconnect()
}

/**
 * Previews the other theme on this page only (the header's theme toggle is the one that is remembered).
 * `?preview=dark` opens the page in the dark theme, for screenshots.
 */
export function ThemePreview() {
  const t = useT()
  const dark = useSyncExternalStore(subscribe, isDark, () => false)
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('preview') === 'dark') apply(true)
  }, [])
  return (
    <Switch.Root checked={dark} onCheckedChange={(details) => apply(details.checked)}>
      <Switch.Control />
      <Switch.Label>{t('gallery.previewDark')}</Switch.Label>
      <Switch.HiddenInput />
    </Switch.Root>
  )
}
