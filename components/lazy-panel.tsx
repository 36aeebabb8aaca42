import { lazy, Suspense, useState, type ComponentType } from 'react'
import { LoadBoundary } from './LoadBoundary.tsx'
import { LoadFailed } from './load-failed.tsx'
import { useT } from '../lib/i18n/I18nProvider.tsx'
import { css } from '../styled-system/css'

/**
 * A part of a page that only a click brings up (the test-case list's export and import panels and bulk form, the
 * suite editor's case search), loaded then rather than with the page (decision 021). While it loads it says so; if it
 * cannot load, it says so with the network message and tries again on "Retry".
 */
export function lazyPanel<P extends object>(load: () => Promise<ComponentType<P>>) {
  const make = () => lazy(() => load().then((component) => ({ default: component })))
  const chunk = { Panel: make() }
  return function LazyPanel(props: P) {
    const t = useT()
    const [attempt, setAttempt] = useState(0)
    const retry = () => {
      chunk.Panel = make()
      setAttempt((count) => count + 1)
    }
    return (
      <LoadBoundary key={attempt} fallback={<LoadFailed onRetry={retry} />}>
        <Suspense fallback={<p className={css({ color: 'text.muted' })}>{t('common.loading')}</p>}>
          <chunk.Panel {...props} />
        </Suspense>
      </LoadBoundary>
    )
  }
}
