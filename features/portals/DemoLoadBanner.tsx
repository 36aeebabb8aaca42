import { useEffect, useState } from 'react'
import { reload } from 'vike/client/router'
import { usePageContext } from 'vike-react/usePageContext'
import { css } from '../../styled-system/css'
import { Button } from '../../components/ui/button.tsx'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'

// The load stores a slice of 100 datasets every few tens of milliseconds: a look every 1.5 s moves the bar smoothly
// enough and costs the server one one-row read per open page.
const POLL_MS = 1500

const banner = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  mb: '4',
  px: '4',
  py: '3',
  bg: 'surface',
  color: 'text',
  borderWidth: '1px',
  borderColor: 'border',
  borderLeftWidth: '4px',
  borderLeftColor: 'primary',
  borderRadius: 'l2',
  fontSize: 'sm',
})

// A plain progress bar rather than Ark's: the page frame carries this banner on every page, and Ark's progress
// machine would add to every page's initial JavaScript for the few seconds of a first start (decision 021).
const track = css({ h: '2', bg: 'border', borderRadius: 'full', overflow: 'hidden' })
const range = css({ h: '100%', bg: 'primary', borderRadius: 'full', transition: 'width 0.3s ease-out', _motionReduce: { transition: 'none' } })

/**
 * While the first-start demo catalogue loads, the pages whose figures it changes say so, with how far it got
 * (rendered on the server from the page context, so it shows without JavaScript; docs/decisions/008-harvesting.md).
 * In the browser it follows the load and, once it is over, offers to show the complete figures.
 */
export function DemoLoadBanner() {
  const initial = usePageContext().demoLoad
  // Each page's context says whether the load was in progress when it was rendered; after it, the page is complete.
  if (!initial) return null
  return <LoadProgress initial={initial} />
}

type Progress = { done: number; total: number }

/**
 * The load now: its progress, null once it is over, undefined when the server could not say (try again later). Plain
 * fetch, as the page frame's other calls (lib/api/post-mutation.ts): the tRPC client loads only on pages that use it.
 */
export async function fetchDemoLoad(fetcher: typeof fetch = fetch): Promise<Progress | null | undefined> {
  try {
    const res = await fetcher('/api/trpc/harvest.demoLoad', { cache: 'no-store' })
    if (!res.ok) return undefined
    const body = (await res.json()) as { result?: { data?: { json?: unknown } } }
    const load = body.result?.data?.json
    if (load === null) return null
    const { done, total } = (load ?? {}) as { done?: unknown; total?: unknown }
    return typeof done === 'number' && typeof total === 'number' ? { done, total } : undefined
  } catch {
    return undefined
  }
}

function LoadProgress({ initial }: { initial: Progress }) {
  const t = useT()
  const intl = useIntl()
  const [progress, setProgress] = useState<Progress | null>(initial)
  useEffect(() => {
    let stopped = false
    const timer = setInterval(async () => {
      const now = await fetchDemoLoad()
      if (stopped || now === undefined) return
      setProgress(now)
      if (now === null) clearInterval(timer)
    }, POLL_MS)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [])
  const label = t('common.demoLoadingLabel')
  return (
    <div role="status" aria-live="polite" className={banner} data-testid="demo-load">
      {progress === null ? (
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })}>
          <span>{t('common.demoLoaded')}</span>
          <Button size="sm" onClick={() => void reload()}>
            {t('common.demoLoadedShow')}
          </Button>
        </div>
      ) : (
        <>
          <span>{t('common.demoLoading', { done: intl.formatNumber(progress.done), total: intl.formatNumber(progress.total) })}</span>
          <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={progress.total} aria-valuenow={progress.done} className={track}>
            <div className={range} style={{ width: `${progress.total > 0 ? Math.min(100, (progress.done / progress.total) * 100) : 0}%` }} />
          </div>
        </>
      )}
    </div>
  )
}
