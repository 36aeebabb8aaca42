import { css } from '../../styled-system/css'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { Badge, PriorityBadge, PRIORITIES, StatusBadge, TEST_STATUSES } from '../../components/ui/badge.tsx'
import { Demo, GallerySection, layouts } from './GallerySection.tsx'

// Swatches show the tokens themselves (every colour a CSS variable of the active theme), so both themes can be checked.

const swatchGrid = css({ display: 'grid', gap: '4', gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))' })
const swatchCard = css({
  display: 'flex',
  flexDirection: 'column',
  borderRadius: 'l3',
  overflow: 'hidden',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border',
  bg: 'surface',
})
const swatchBody = css({ display: 'flex', flexDirection: 'column', gap: '0.5', p: '3', fontSize: 'sm' })
const tokenName = css({ fontFamily: 'mono', fontSize: 'xs', color: 'text.muted' })
// Large bold sample text: the fills are shown with their `.fg` text, and large text is what a fill must carry at 3:1.
const chip = css({ display: 'flex', alignItems: 'center', justifyContent: 'center', h: '16', fontWeight: '700', fontSize: '2xl' })

// Panda extracts styles statically, so every token pairing is spelled out.
const BRAND = {
  primary: { fill: css({ bg: 'primary', color: 'primary.fg' }), tint: css({ bg: 'primary.subtle', color: 'primary.text' }) },
  secondary: { fill: css({ bg: 'secondary', color: 'secondary.fg' }), tint: css({ bg: 'secondary.subtle', color: 'secondary.text' }) },
  accent: { fill: css({ bg: 'accent', color: 'accent.fg' }), tint: css({ bg: 'accent.subtle', color: 'accent.text' }) },
  info: { fill: css({ bg: 'info', color: 'info.fg' }), tint: css({ bg: 'info.subtle', color: 'info.text' }) },
  success: { fill: css({ bg: 'success', color: 'success.fg' }), tint: css({ bg: 'success.subtle', color: 'success.text' }) },
  warning: { fill: css({ bg: 'warning', color: 'warning.fg' }), tint: css({ bg: 'warning.subtle', color: 'warning.text' }) },
  error: { fill: css({ bg: 'error', color: 'error.fg' }), tint: css({ bg: 'error.subtle', color: 'error.text' }) },
} as const

const STATUS_FILLS = {
  passed: css({ bg: 'status.passed.bg', color: 'status.passed.fg' }),
  failed: css({ bg: 'status.failed.bg', color: 'status.failed.fg' }),
  blocked: css({ bg: 'status.blocked.bg', color: 'status.blocked.fg' }),
  skipped: css({ bg: 'status.skipped.bg', color: 'status.skipped.fg' }),
  untested: css({ bg: 'status.untested.bg', color: 'status.untested.fg' }),
} as const

const PRIORITY_FILLS = {
  low: css({ bg: 'priority.low.bg', color: 'priority.low.fg' }),
  medium: css({ bg: 'priority.medium.bg', color: 'priority.medium.fg' }),
  high: css({ bg: 'priority.high.bg', color: 'priority.high.fg' }),
  critical: css({ bg: 'priority.critical.bg', color: 'priority.critical.fg' }),
} as const

const SURFACES = {
  bg: css({ bg: 'bg', color: 'text' }),
  surface: css({ bg: 'surface', color: 'text' }),
  'surface.raised': css({ bg: 'surface.raised', color: 'text' }),
  overlay: css({ bg: 'overlay', color: 'text' }),
} as const

// Text colours as bars (text.disabled is deliberately below 4.5:1, so it is not shown as running text).
const TEXTS = {
  text: css({ bg: 'text' }),
  'text.muted': css({ bg: 'text.muted' }),
  'text.disabled': css({ bg: 'text.disabled' }),
} as const

export function ColourDemos() {
  const t = useT()
  const brandNames = {
    primary: t('gallery.tonePrimary'),
    secondary: t('gallery.toneSecondary'),
    accent: t('gallery.toneAccent'),
    info: t('gallery.toneInfo'),
    success: t('gallery.toneSuccess'),
    warning: t('gallery.toneWarning'),
    error: t('gallery.toneError'),
  }
  const surfaceNames = {
    bg: t('gallery.colourBackground'),
    surface: t('gallery.colourSurface'),
    'surface.raised': t('gallery.colourSurfaceRaised'),
    overlay: t('gallery.colourOverlay'),
  }
  const textNames = {
    text: t('gallery.colourText'),
    'text.muted': t('gallery.colourTextMuted'),
    'text.disabled': t('gallery.colourTextDisabled'),
  }
  return (
    <GallerySection id="colours" title={t('gallery.coloursTitle')} lead={t('gallery.coloursLead')}>
      <Demo title={t('gallery.brandColours')} layout={swatchGrid}>
        {(Object.keys(BRAND) as (keyof typeof BRAND)[]).map((name) => (
          <div key={name} className={swatchCard}>
            <div className={`${chip} ${BRAND[name].fill}`} aria-hidden="true">
              Aa
            </div>
            <div className={`${chip} ${BRAND[name].tint}`} aria-hidden="true">
              Aa
            </div>
            <div className={swatchBody}>
              <strong>{brandNames[name]}</strong>
              <code className={tokenName}>{name} · {name}.subtle</code>
            </div>
          </div>
        ))}
      </Demo>
      <Demo title={t('gallery.statusColours')} layout={swatchGrid}>
        {TEST_STATUSES.map((status) => (
          <div key={status} className={swatchCard}>
            <div className={`${chip} ${STATUS_FILLS[status]}`}>
              <StatusBadge status={status} variant="solid" />
            </div>
            <div className={swatchBody}>
              <StatusBadge status={status} />
              <code className={tokenName}>status.{status}.bg · .fg</code>
            </div>
          </div>
        ))}
      </Demo>
      <Demo title={t('gallery.priorityColours')} layout={swatchGrid}>
        {PRIORITIES.map((priority) => (
          <div key={priority} className={swatchCard}>
            <div className={`${chip} ${PRIORITY_FILLS[priority]}`}>
              <PriorityBadge priority={priority} variant="solid" />
            </div>
            <div className={swatchBody}>
              <PriorityBadge priority={priority} />
              <code className={tokenName}>priority.{priority}.bg · .fg</code>
            </div>
          </div>
        ))}
      </Demo>
      <Demo title={t('gallery.surfaceColours')} layout={swatchGrid}>
        {(Object.keys(SURFACES) as (keyof typeof SURFACES)[]).map((name) => (
          <div key={name} className={swatchCard}>
            <div className={`${chip} ${SURFACES[name]}`} aria-hidden="true" />
            <div className={swatchBody}>
              <strong>{surfaceNames[name]}</strong>
              <code className={tokenName}>{name}</code>
            </div>
          </div>
        ))}
        {(Object.keys(TEXTS) as (keyof typeof TEXTS)[]).map((name) => (
          <div key={name} className={swatchCard}>
            <div className={`${chip} ${TEXTS[name]}`} aria-hidden="true" />
            <div className={swatchBody}>
              <strong>{textNames[name]}</strong>
              <code className={tokenName}>{name}</code>
            </div>
          </div>
        ))}
      </Demo>
    </GallerySection>
  )
}

const BADGE_TONES = ['neutral', 'primary', 'secondary', 'accent', 'info', 'success', 'warning', 'error'] as const
const BADGE_VARIANTS = ['subtle', 'solid', 'outline'] as const

export function BadgeDemos() {
  const t = useT()
  const toneNames = {
    neutral: t('gallery.toneNeutral'),
    primary: t('gallery.tonePrimary'),
    secondary: t('gallery.toneSecondary'),
    accent: t('gallery.toneAccent'),
    info: t('gallery.toneInfo'),
    success: t('gallery.toneSuccess'),
    warning: t('gallery.toneWarning'),
    error: t('gallery.toneError'),
  }
  const variantNames = { subtle: t('gallery.variantSubtle'), solid: t('gallery.variantSolid'), outline: t('gallery.variantOutline') }
  return (
    <GallerySection id="badges" title={t('gallery.badgesTitle')} lead={t('gallery.badgesLead')}>
      {BADGE_VARIANTS.map((variant) => (
        <Demo key={variant} title={variantNames[variant]}>
          {BADGE_TONES.map((tone) => (
            <Badge key={tone} variant={variant} tone={tone}>
              {toneNames[tone]}
            </Badge>
          ))}
        </Demo>
      ))}
      <Demo title={t('gallery.testStatuses')}>
        {TEST_STATUSES.map((status) => (
          <StatusBadge key={status} status={status} />
        ))}
        {TEST_STATUSES.map((status) => (
          <StatusBadge key={status} status={status} variant="outline" />
        ))}
      </Demo>
      <Demo title={t('gallery.priorities')}>
        {PRIORITIES.map((priority) => (
          <PriorityBadge key={priority} priority={priority} />
        ))}
        {PRIORITIES.map((priority) => (
          <PriorityBadge key={priority} priority={priority} variant="solid" size="lg" />
        ))}
      </Demo>
      <Demo title={t('gallery.sizes')} layout={layouts.row}>
        <Badge size="sm" tone="primary">{t('gallery.sizeSmall')}</Badge>
        <Badge size="md" tone="primary">{t('gallery.sizeMedium')}</Badge>
        <Badge size="lg" tone="primary">{t('gallery.sizeLarge')}</Badge>
      </Demo>
    </GallerySection>
  )
}
