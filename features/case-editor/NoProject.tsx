import { css } from '../../styled-system/css'
import { Button } from '../../components/ui/button.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'

/** The editors of a user with no project yet: cases live in projects, so the way on is to create one. */
export function NoProject() {
  const t = useT()
  return (
    <div className={css({ display: 'grid', gap: '3', justifyItems: 'start', p: '6', borderRadius: 'l3', borderWidth: '1px', borderStyle: 'dashed', borderColor: 'border.strong' })} data-testid="no-project">
      <p className={css({ fontWeight: '600' })}>{t('editor.noProjectTitle')}</p>
      <p className={css({ color: 'text.muted' })}>{t('editor.noProjectText')}</p>
      <Button asChild>
        <a href="/projects/new">{t('editor.noProjectAction')}</a>
      </Button>
    </div>
  )
}
