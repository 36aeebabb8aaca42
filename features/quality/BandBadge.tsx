import { css } from '../../styled-system/css'
import { Badge, type BadgeProps } from '../../components/ui/badge.tsx'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import type { Band } from '../../lib/domain/mqa.ts'
import { bandKey } from './mqa-text.ts'

// The MQA's own colours run green to red; the band is always named as well, never told by colour alone.
const BAND_TONE = { excellent: 'success', good: 'primary', sufficient: 'warning', bad: 'error' } as const satisfies Record<Band, BadgeProps['tone']>

/** An MQA rating band with its score on the 0-405 scale (when given), e.g. "275 Good". */
export function BandBadge({ band, score, size }: { band: Band; score?: number | null; size?: BadgeProps['size'] }) {
  const t = useT()
  const intl = useIntl()
  return (
    <Badge tone={BAND_TONE[band]} size={size} data-band={band}>
      {score === null || score === undefined ? null : (
        <>
          <span className={css({ srOnly: true })}>{t('mqa.score')} </span>
          <span className={css({ fontWeight: '700' })}>{intl.formatNumber(score)}</span>
        </>
      )}
      <span>{t(bandKey(band))}</span>
    </Badge>
  )
}
