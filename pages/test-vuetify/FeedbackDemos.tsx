import { css } from '../../styled-system/css'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { CircularProgress, LinearProgress } from '../../components/ui/progress.tsx'
import { Skeleton, SkeletonText } from '../../components/ui/skeleton.tsx'
import { Card } from '../../components/ui/card.tsx'
import { Demo, GallerySection, layouts } from './GallerySection.tsx'

export function FeedbackDemos() {
  const t = useT()
  return (
    <GallerySection id="feedback" title={t('gallery.feedbackTitle')} lead={t('gallery.feedbackLead')}>
      <Demo title={t('gallery.linearProgress')} layout={layouts.stack}>
        <LinearProgress label={t('gallery.progressHarvest')} value={64} showValue />
        <LinearProgress label={t('gallery.progressLinks')} value={null} />
        <LinearProgress label={t('gallery.progressDone')} value={100} showValue size="sm" />
        <LinearProgress label={t('gallery.progressUpload')} value={20} size="lg" hideLabel showValue />
      </Demo>
      <Demo title={t('gallery.circularProgress')}>
        <CircularProgress label={t('gallery.progressHarvest')} value={75} showValue />
        <CircularProgress label={t('gallery.progressLinks')} value={null} />
        <CircularProgress label={t('gallery.progressLinks')} value={null} size="sm" />
        <CircularProgress label={t('gallery.progressUpload')} value={30} size="lg" hideLabel={false} />
      </Demo>
      <Demo title={t('gallery.skeletonTitle')} layout={layouts.cards}>
        <Card.Root aria-busy="true">
          <Card.Body>
            <span className={css({ srOnly: true })}>{t('gallery.loadingPortal')}</span>
            <div className={css({ display: 'flex', gap: '3', alignItems: 'center' })}>
              <Skeleton shape="circle" className={css({ w: '10' })} />
              <Skeleton className={css({ w: '40%' })} />
            </div>
            <SkeletonText lines={3} />
            <Skeleton shape="rect" className={css({ h: '24', w: '100%' })} />
          </Card.Body>
        </Card.Root>
      </Demo>
    </GallerySection>
  )
}
