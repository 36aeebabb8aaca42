import { useEffect } from 'react'
import { useT } from '../lib/i18n/I18nProvider.tsx'
import { watchLinks } from '../features/navigation/link-prefetch.ts'
import { installReloadGuard } from '../features/navigation/reload-guard.ts'
import { watchForNewBuild } from '../features/navigation/update-check.ts'
import { showToast } from '../components/ui/toast-host.tsx'
import { followSystemTheme } from '../lib/theme/theme.ts'

/** Browser-only behaviour of the shell: hydration marker, link prefetching, reload guard, update detection, following the system's theme. */
export function ClientEffects() {
  const t = useT()
  useEffect(() => {
    // A marker that interactive code is live: end-to-end tests and support diagnostics wait for it.
    document.documentElement.dataset.hydrated = 'true'
    const stops = [
      watchLinks(document.body),
      installReloadGuard(),
      followSystemTheme(),
      watchForNewBuild(__BUILD_ID__, () => {
        void showToast({
          type: 'info',
          title: t('common.updateAvailable'),
          duration: Infinity,
          action: { label: t('common.reload'), onClick: () => window.location.reload() },
        })
      }),
    ]
    return () => stops.forEach((stop) => stop())
  }, [t])
  return null
}
