import { useState, type FormEvent } from 'react'
import { navigate } from 'vike/client/router'
import { css } from '../../../../styled-system/css'
import { FormAlert } from '../../../../components/FormAlert.tsx'
import { Button } from '../../../../components/ui/button.tsx'
import { SelectField, TextField } from '../../../../components/ui/input.tsx'
import { ConfirmDialog } from '../../../../features/projects/ConfirmDialog.tsx'
import { RoleBadge } from '../../../../features/projects/RoleBadge.tsx'
import type { ApiClient } from '../../../../lib/api/browser-client.ts'
import { useApiAction } from '../../../../lib/api/use-api-action.ts'
import { PROJECT_ROLES, type ProjectRole } from '../../../../lib/domain/test-management.ts'
import { useT } from '../../../../lib/i18n/I18nProvider.tsx'
import type { Data } from './+data.ts'
import { SettingsCard } from './SettingsCard.tsx'
import { checkForm } from '../../../../lib/forms/form-checks.ts'

const loadMemberAddSchema = () => import('../../../../lib/forms/test-management-schemas.ts').then((schemas) => schemas.MemberAddSchema)

type Member = Data['members'][number]
type MemberAdd = Parameters<ApiClient['projects']['members']['add']['mutate']>[0]
type Notice = { tone: 'success' | 'error'; text: string } | null

const ROLES_HIGH_FIRST = [...PROJECT_ROLES].reverse()

/**
 * Members and their roles, from the page's data. Owners add people by e-mail, change roles (shown at once, put back
 * if the server refuses) and remove people; everyone may leave. The server keeps the last owner: its refusal is shown
 * as it words it. After each change the page's data is read again, so the list (and, for an owner who gave up
 * ownership, the whole page) is as the server has it.
 */
export function MembersSection({ projectId, meId, role, members }: { projectId: string; meId: string; role: ProjectRole; members: Member[] }) {
  const t = useT()
  const [notice, setNotice] = useState<Notice>(null)
  const isOwner = role === 'owner'
  const setRole = useApiAction((client, change: { userId: string; role: ProjectRole }) => client.projects.members.setRole.mutate({ projectId, userId: change.userId, role: change.role }))
  const remove = useApiAction((client, member: { userId: string }) => client.projects.members.remove.mutate({ projectId, userId: member.userId }))
  // The role being saved shows at once; the list's own (the server's) comes back when the call ends either way.
  const roleOf = (member: Member) => (setRole.pending && setRole.input?.userId === member.userId ? setRole.input.role : member.role)

  async function changeRole(member: Member, next: ProjectRole) {
    setNotice(null)
    const outcome = await setRole.run({ userId: member.userId, role: next })
    setNotice(outcome.ok ? { tone: 'success', text: t('projects.roleChanged', { name: member.name, role: t(`projects.role_${next}`) }) } : { tone: 'error', text: outcome.failure.message })
  }

  async function removeMember(member: Member) {
    const leaving = member.userId === meId
    // Someone who left has no settings to read again: the project list is next.
    const outcome = await remove.run({ userId: member.userId }, { refresh: !leaving })
    if (!outcome.ok) throw new Error(outcome.failure.message)
    if (leaving) {
      await navigate('/projects')
      return
    }
    setNotice({ tone: 'success', text: t('projects.memberRemoved', { name: member.name }) })
  }

  return (
    <SettingsCard id="members" title={t('projects.membersHeading')} description={isOwner ? t('projects.membersOwnerHelp') : t('projects.membersReadOnlyHelp')}>
      <div aria-live="polite" data-testid="members-notice">
        {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      </div>
      <ul className={css({ listStyle: 'none', p: '0', m: '0', display: 'grid', gap: '0' })} aria-label={t('projects.membersHeading')} data-testid="members">
        {members.map((member) => {
          const isMe = member.userId === meId
          return (
            <li
              key={member.userId}
              data-testid="member"
              data-email={member.email}
              className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', py: '3', borderBottomWidth: '1px', borderBottomStyle: 'solid', borderBottomColor: 'border', _last: { borderBottomWidth: '0' } })}
            >
              <div className={css({ flex: '1 1 14rem', minW: '0' })}>
                <p className={css({ fontWeight: '600', overflowWrap: 'anywhere' })}>
                  {member.name}
                  {isMe ? <span className={css({ fontWeight: '400', color: 'text.muted' })}> ({t('projects.you')})</span> : null}
                </p>
                <p className={css({ fontSize: 'sm', color: 'text.muted', overflowWrap: 'anywhere' })}>{member.email}</p>
              </div>
              <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: '2' })}>
                {isOwner ? (
                  <SelectField
                    label={t('projects.roleOf', { name: member.name })}
                    className={css({ w: 'auto', '& label': { srOnly: true } })}
                    value={roleOf(member)}
                    disabled={setRole.pending && setRole.input?.userId === member.userId}
                    onChange={(event) => void changeRole(member, event.currentTarget.value as ProjectRole)}
                  >
                    {ROLES_HIGH_FIRST.map((option) => (
                      <option key={option} value={option}>
                        {t(`projects.role_${option}`)}
                      </option>
                    ))}
                  </SelectField>
                ) : (
                  <RoleBadge role={member.role} />
                )}
                {isMe || isOwner ? (
                  <ConfirmDialog
                    testId={isMe ? 'leave-dialog' : 'remove-member-dialog'}
                    trigger={
                      <Button variant="outline" tone="error" size="sm" className={css({ minH: '10' })}>
                        {isMe ? t('projects.leave') : t('projects.removeMember')}
                        {isMe ? null : <span className={css({ srOnly: true })}> {member.name}</span>}
                      </Button>
                    }
                    title={isMe ? t('projects.leaveTitle') : t('projects.removeTitle', { name: member.name })}
                    description={isMe ? t('projects.leaveText') : t('projects.removeText', { name: member.name })}
                    confirmLabel={isMe ? t('projects.leave') : t('projects.removeMember')}
                    onConfirm={() => removeMember(member)}
                  />
                ) : null}
              </div>
            </li>
          )
        })}
      </ul>
      {isOwner ? <AddMemberForm projectId={projectId} onAdded={(name) => setNotice({ tone: 'success', text: t('projects.memberAdded', { name }) })} /> : null}
    </SettingsCard>
  )
}

function AddMemberForm({ projectId, onAdded }: { projectId: string; onAdded: (name: string) => void }) {
  const t = useT()
  const add = useApiAction((client, input: MemberAdd) => client.projects.members.add.mutate(input))
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<ProjectRole>('tester')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFormError(null)
    const parsed = await checkForm(loadMemberAddSchema, { projectId, email, role }, t)
    if (!parsed.ok) {
      setErrors(parsed.errors ?? {})
      if (!parsed.errors) setFormError(t('common.networkError'))
      return
    }
    setErrors({})
    const outcome = await add.run(parsed.data)
    if (!outcome.ok) {
      setErrors(outcome.failure.fieldErrors)
      if (Object.keys(outcome.failure.fieldErrors).length === 0) setFormError(outcome.failure.message)
      return
    }
    setEmail('')
    onAdded(parsed.data.email)
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="add-member-title" className={css({ display: 'grid', gap: '3', pt: '4', borderTopWidth: '1px', borderTopStyle: 'solid', borderTopColor: 'border' })} data-testid="add-member-form">
      <h3 id="add-member-title" className={css({ fontWeight: '600' })}>
        {t('projects.addMember')}
      </h3>
      {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'start' })}>
        <TextField
          name="email"
          type="email"
          label={t('projects.memberEmail')}
          required
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          invalid={!!errors.email}
          errorText={errors.email}
          helperText={t('projects.memberEmailHelp')}
          className={css({ flex: '1 1 16rem' })}
        />
        <SelectField name="role" label={t('projects.memberRole')} value={role} onChange={(event) => setRole(event.currentTarget.value as ProjectRole)} className={css({ w: 'auto', minW: '10rem' })}>
          {ROLES_HIGH_FIRST.map((option) => (
            <option key={option} value={option}>
              {t(`projects.role_${option}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div>
        <Button type="submit" loading={add.pending}>
          {t('projects.addMemberButton')}
        </Button>
      </div>
    </form>
  )
}
