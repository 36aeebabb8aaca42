import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { navigate, reload } from 'vike/client/router'
import { css } from '../../../../styled-system/css'
import { FormAlert } from '../../../../components/FormAlert.tsx'
import { Button } from '../../../../components/ui/button.tsx'
import { TextField } from '../../../../components/ui/input.tsx'
import { ConfirmDialog } from '../../../../features/projects/ConfirmDialog.tsx'
import { RoleBadge } from '../../../../features/projects/RoleBadge.tsx'
import { SelectField } from '../../../../features/projects/SelectField.tsx'
import { useFailure } from '../../../../features/projects/use-failure.ts'
import { useTRPC } from '../../../../lib/api/trpc.tsx'
import { PROJECT_ROLES, type ProjectRole } from '../../../../lib/domain/test-management.ts'
import { useT } from '../../../../lib/i18n/I18nProvider.tsx'
import type { Data } from './+data.ts'
import { SettingsCard } from './SettingsCard.tsx'
import { checkForm } from '../../../../lib/forms/form-checks.ts'

const loadMemberAddSchema = () => import('../../../../lib/forms/test-management-schemas.ts').then((schemas) => schemas.MemberAddSchema)

type Member = Data['members'][number]
type Notice = { tone: 'success' | 'error'; text: string } | null

const ROLES_HIGH_FIRST = [...PROJECT_ROLES].reverse()

/**
 * Members and their roles. Owners add people by e-mail, change roles (shown at once, put back if the server refuses)
 * and remove people; everyone may leave. The server keeps the last owner: its refusal is shown as it words it.
 */
export function MembersSection({ projectId, meId, role, initial }: { projectId: string; meId: string; role: ProjectRole; initial: Member[] }) {
  const t = useT()
  const trpc = useTRPC()
  const failure = useFailure()
  const queryClient = useQueryClient()
  const queryKey = trpc.projects.members.list.queryKey({ projectId })
  const members = useQuery(trpc.projects.members.list.queryOptions({ projectId }, { initialData: initial }))
  const [notice, setNotice] = useState<Notice>(null)
  const isOwner = role === 'owner'

  const setRole = useMutation(
    trpc.projects.members.setRole.mutationOptions({
      onMutate: async (change) => {
        await queryClient.cancelQueries({ queryKey })
        const previous = queryClient.getQueryData(queryKey)
        queryClient.setQueryData(queryKey, (list) => list?.map((member) => (member.userId === change.userId ? { ...member, role: change.role } : member)))
        return { previous }
      },
      onError: (error, _change, context) => {
        if (context?.previous) queryClient.setQueryData(queryKey, context.previous)
        setNotice({ tone: 'error', text: failure(error).message })
      },
      onSuccess: async (_result, change) => {
        const member = members.data?.find((row) => row.userId === change.userId)
        setNotice({ tone: 'success', text: t('projects.roleChanged', { name: member?.name ?? '', role: t(`projects.role_${change.role}`) }) })
        // An owner who gave up ownership sees the page as their new role sees it.
        if (change.userId === meId) await reload()
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey }),
    }),
  )
  const remove = useMutation(trpc.projects.members.remove.mutationOptions({ onSettled: () => queryClient.invalidateQueries({ queryKey }) }))

  async function removeMember(member: Member) {
    try {
      await remove.mutateAsync({ projectId, userId: member.userId })
    } catch (error) {
      throw new Error(failure(error).message, { cause: error })
    }
    if (member.userId === meId) {
      await navigate('/projects')
      return
    }
    setNotice({ tone: 'success', text: t('projects.memberRemoved', { name: member.name }) })
  }

  const list = members.data ?? []
  return (
    <SettingsCard id="members" title={t('projects.membersHeading')} description={isOwner ? t('projects.membersOwnerHelp') : t('projects.membersReadOnlyHelp')}>
      <div aria-live="polite" data-testid="members-notice">
        {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      </div>
      <ul className={css({ listStyle: 'none', p: '0', m: '0', display: 'grid', gap: '0' })} aria-label={t('projects.membersHeading')} data-testid="members">
        {list.map((member) => {
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
                    value={member.role}
                    disabled={setRole.isPending && setRole.variables?.userId === member.userId}
                    onChange={(event) => {
                      setNotice(null)
                      setRole.mutate({ projectId, userId: member.userId, role: event.currentTarget.value as ProjectRole })
                    }}
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
  const trpc = useTRPC()
  const failure = useFailure()
  const queryClient = useQueryClient()
  const add = useMutation(trpc.projects.members.add.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.projects.members.list.queryKey({ projectId }) }) }))
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
    try {
      await add.mutateAsync(parsed.data)
    } catch (error) {
      const refused = failure(error)
      setErrors(refused.fieldErrors)
      if (Object.keys(refused.fieldErrors).length === 0) setFormError(refused.message)
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
        <Button type="submit" loading={add.isPending}>
          {t('projects.addMemberButton')}
        </Button>
      </div>
    </form>
  )
}
