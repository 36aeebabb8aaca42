import { css } from '../../styled-system/css'
import { Button } from '../../components/ui/button.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'

/** A signed-in user with no project yet: runs live in projects. */
export function NoProject() {
  const t = useT()
  return (
    <div className={css({ borderWidth: '1px', borderStyle: 'dashed', borderColor: 'border.strong', borderRadius: 'l2', p: '6', display: 'grid', gap: '3', justifyItems: 'start' })} data-testid="no-project">
      <h2 className={css({ fontSize: 'lg', fontWeight: '600' })}>{t('runs.noProjectTitle')}</h2>
      <p className={css({ color: 'text.muted' })}>{t('runs.noProjectText')}</p>
      <Button asChild>
        <a href="/projects/new">{t('runs.createProject')}</a>
      </Button>
    </div>
  )
}
