import { Button } from './ui/button.tsx'
import { useT } from '../lib/i18n/I18nProvider.tsx'
import { css } from '../styled-system/css'

/** What stands in for a part of a page whose code could not be fetched: the network message and "Retry". */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT()
  return (
    <div role="alert" className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', color: 'error.text' })}>
      <p>{t('common.networkError')}</p>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  )
}
