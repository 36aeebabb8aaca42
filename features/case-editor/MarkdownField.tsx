import { lazy, Suspense, useDeferredValue, useId } from 'react'
import { css } from '../../styled-system/css'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { TextAreaField } from './controls.tsx'

// The Markdown parser loads with the first preview, not with the page (docs: the UI brief, lib/markdown/SafeMarkdown.tsx).
const SafeMarkdown = lazy(() => import('../../lib/markdown/SafeMarkdown.tsx').then((module) => ({ default: module.SafeMarkdown })))

export const previewClass = css({
  minW: '0',
  minH: '24',
  p: '3',
  borderRadius: 'l2',
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border',
  overflowWrap: 'anywhere',
  overflowX: 'auto',
  fontSize: 'sm',
  lineHeight: '1.6',
  '& p, & ul, & ol, & pre, & blockquote, & table': { mb: '2' },
  '& ul': { listStyleType: 'disc', ps: '5' },
  '& ol': { listStyleType: 'decimal', ps: '5' },
  '& h3, & h4, & h5, & h6': { fontWeight: '600', mt: '2', mb: '1' },
  '& code': { fontFamily: 'mono', bg: 'surface.hover', px: '1', borderRadius: 'l1' },
  '& pre': { p: '2', bg: 'surface.hover', borderRadius: 'l1', overflowX: 'auto' },
  '& a': { color: 'primary.text', textDecoration: 'underline' },
  '& blockquote': { borderInlineStartWidth: '3px', borderColor: 'border.strong', ps: '3', color: 'text.muted' },
})

/** A Markdown text with its preview beside it (under it on narrow screens), rendered as it is typed. */
export function MarkdownField({ label, value, onChange, error, testId }: { label: string; value: string; onChange: (value: string) => void; error?: string; testId?: string }) {
  const t = useT()
  const previewId = useId()
  const shown = useDeferredValue(value)
  return (
    <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'minmax(0, 1fr)', xl: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' })}>
      <TextAreaField label={label} value={value} onChange={onChange} error={error} rows={6} helper={t('editor.markdownHelp')} testId={testId} />
      <div className={css({ display: 'grid', gap: '1.5', minW: '0' })}>
        <p id={previewId} className={css({ fontSize: 'sm', fontWeight: '500' })}>
          {t('editor.previewOf', { field: label })}
        </p>
        <div role="region" aria-labelledby={previewId} className={previewClass} data-testid={testId ? `${testId}-preview` : undefined}>
          {shown.trim() ? (
            <Suspense fallback={<p className={css({ color: 'text.muted' })}>{t('editor.previewLoading')}</p>}>
              <SafeMarkdown markdown={shown} firstHeading={4} />
            </Suspense>
          ) : (
            <p className={css({ color: 'text.muted' })}>{t('editor.previewEmpty')}</p>
          )}
        </div>
      </div>
    </div>
  )
}
