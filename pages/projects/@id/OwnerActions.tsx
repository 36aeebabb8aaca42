import { css } from '../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { DeferredDialog } from '../../../components/ui/deferred-dialog.tsx'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'

export type Project = { id: string; key: string; name: string; description: string }

// Their forms, the modal and the API client come with the first press of either button.
const loadDialogs = () => import('./ProjectDialogs.tsx')

/** The owner's edit and delete of a project, on its dashboard. */
export function OwnerActions({ project }: { project: Project }) {
  const t = useT()
  return (
    <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' })}>
      <DeferredDialog
        load={loadDialogs}
        trigger={
          <Button size="sm" variant="outline">
            {t('projects.editDetails')}
          </Button>
        }
      >
        {({ EditProjectDialog }, dialog) => <EditProjectDialog project={project} dialog={dialog} />}
      </DeferredDialog>
      <DeferredDialog
        load={loadDialogs}
        trigger={
          <Button size="sm" variant="outline" tone="error">
            {t('projects.deleteProject')}
          </Button>
        }
      >
        {({ DeleteProjectQuestion }, dialog) => <DeleteProjectQuestion project={project} dialog={dialog} />}
      </DeferredDialog>
    </div>
  )
}
