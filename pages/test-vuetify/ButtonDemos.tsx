import { useState } from 'react'
import { css } from '../../styled-system/css'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { Button, IconButton } from '../../components/ui/button.tsx'
import { Tooltip } from '../../components/ui/tooltip.tsx'
import { Demo, GallerySection } from './GallerySection.tsx'
import { DownloadIcon, PlayIcon, PlusIcon, RefreshIcon, TrashIcon } from './GalleryIcons.tsx'

const VARIANTS = ['solid', 'outline', 'ghost', 'subtle'] as const
const TONES = ['primary', 'secondary', 'error'] as const

const matrix = css({
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(2, max-content)', md: 'max-content repeat(4, max-content)' },
  alignItems: 'center',
  gap: '3',
  columnGap: '4',
})
const rowLabel = css({ fontSize: 'sm', color: 'text.muted', gridColumn: { base: '1 / -1', md: 'auto' } })

export function ButtonDemos() {
  const t = useT()
  const [saving, setSaving] = useState(false)
  const variantNames = {
    solid: t('gallery.variantSolid'),
    outline: t('gallery.variantOutline'),
    ghost: t('gallery.variantGhost'),
    subtle: t('gallery.variantSubtle'),
  }
  const toneNames = { primary: t('gallery.tonePrimary'), secondary: t('gallery.toneSecondary'), error: t('gallery.toneError') }

  function save() {
    setSaving(true)
    window.setTimeout(() => setSaving(false), 2000)
  }

  return (
    <GallerySection id="buttons" title={t('gallery.buttonsTitle')} lead={t('gallery.buttonsLead')}>
      <Demo title={t('gallery.variantsAndTones')} layout={matrix}>
        {TONES.map((tone) => (
          <div key={tone} className={css({ display: 'contents' })}>
            <span className={rowLabel}>{toneNames[tone]}</span>
            {VARIANTS.map((variant) => (
              <Button key={variant} variant={variant} tone={tone}>
                {variantNames[variant]}
              </Button>
            ))}
          </div>
        ))}
      </Demo>
      <Demo title={t('gallery.sizes')}>
        <Button size="sm">{t('gallery.sizeSmall')}</Button>
        <Button size="md">{t('gallery.sizeMedium')}</Button>
        <Button size="lg">{t('gallery.sizeLarge')}</Button>
        <Button size="lg" variant="outline">
          <PlusIcon />
          {t('gallery.addCatalogue')}
        </Button>
      </Demo>
      <Demo title={t('gallery.iconButtons')}>
        <Tooltip content={t('gallery.refreshTooltip')}>
          <IconButton aria-label={t('gallery.refresh')}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        <Tooltip content={t('gallery.downloadTooltip')}>
          <IconButton aria-label={t('gallery.download')} variant="outline">
            <DownloadIcon />
          </IconButton>
        </Tooltip>
        <Tooltip content={t('gallery.runTestsTooltip')}>
          <IconButton aria-label={t('gallery.runTests')} variant="solid">
            <PlayIcon />
          </IconButton>
        </Tooltip>
        <Tooltip content={t('gallery.deleteTooltip')}>
          <IconButton aria-label={t('gallery.delete')} tone="error" size="sm">
            <TrashIcon />
          </IconButton>
        </Tooltip>
      </Demo>
      <Demo title={t('gallery.states')}>
        <Button loading={saving} onClick={save}>
          {saving ? t('gallery.saving') : t('common.save')}
        </Button>
        <Button disabled>{t('gallery.disabled')}</Button>
        <Button variant="outline" disabled>
          {t('gallery.disabled')}
        </Button>
        <Button asChild variant="ghost">
          <a href="/ckan-instances">{t('gallery.browseCatalogues')}</a>
        </Button>
      </Demo>
    </GallerySection>
  )
}
