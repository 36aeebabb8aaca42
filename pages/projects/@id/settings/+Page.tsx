import { useData } from 'vike-react/useData'
import { css } from '../../../../styled-system/css'
import { PageIntro } from '../../../../components/PageIntro.tsx'
import { NeedsJavaScript } from '../../../../components/NeedsJavaScript.tsx'
import { useT } from '../../../../lib/i18n/I18nProvider.tsx'
import type { Data } from './+data.ts'
import { CustomFieldsSection } from './CustomFieldsSection.tsx'
import { InvitationsSection } from './InvitationsSection.tsx'
import { MembersSection } from './MembersSection.tsx'
import { PortalsSection } from './PortalsSection.tsx'
import { SharedStepsSection } from './SharedStepsSection.tsx'

const jump = css({ display: 'inline-flex', alignItems: 'center', minH: '10', px: '3', borderRadius: 'l2', color: 'primary.text', _hover: { bg: 'surface.hover' } })

export default function Page() {
  const t = useT()
  const data = useData<Data>()
  return (
    <PageIntro title={t('projects.settingsTitle', { name: data.project.name })} description={t('pages.projectSettingsDescription')}>
      <NeedsJavaScript />
      <nav aria-label={t('projects.settingsSections')} className={css({ mb: '4' })}>
        <ul className={css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexWrap: 'wrap', gap: '1' })}>
          <li>
            <a className={jump} href="#members">
              {t('projects.membersHeading')}
            </a>
          </li>
          {data.invitations ? (
            <li>
              <a className={jump} href="#invitations">
                {t('projects.invitationsHeading')}
              </a>
            </li>
          ) : null}
          <li>
            <a className={jump} href="#portals">
              {t('projects.portalsHeading')}
            </a>
          </li>
          <li>
            <a className={jump} href="#fields">
              {t('projects.fieldsHeading')}
            </a>
          </li>
          <li>
            <a className={jump} href="#shared-steps">
              {t('projects.sharedStepsHeading')}
            </a>
          </li>
        </ul>
      </nav>
      <div className={css({ display: 'grid', gap: '6' })}>
        <MembersSection projectId={data.project.id} meId={data.meId} role={data.role} members={data.members} />
        {data.invitations ? <InvitationsSection projectId={data.project.id} invitations={data.invitations} /> : null}
        <PortalsSection projectId={data.project.id} role={data.role} chosen={data.portals.chosen} registry={data.portals.registry} />
        <CustomFieldsSection projectId={data.project.id} role={data.role} fields={data.fields} />
        <SharedStepsSection projectId={data.project.id} role={data.role} steps={data.sharedSteps} />
      </div>
    </PageIntro>
  )
}
