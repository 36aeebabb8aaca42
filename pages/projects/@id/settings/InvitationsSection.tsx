import { useState, type FormEvent } from 'react'
import { css } from '../../../../styled-system/css'
import { FormAlert } from '../../../../components/FormAlert.tsx'
import { Button } from '../../../../components/ui/button.tsx'
import { SelectField, TextField } from '../../../../components/ui/input.tsx'
import { ConfirmDialog } from '../../../../features/projects/ConfirmDialog.tsx'
import type { ApiClient } from '../../../../lib/api/browser-client.ts'
import { useApiAction } from '../../../../lib/api/use-api-action.ts'
import { PROJECT_ROLES, type ProjectRole } from '../../../../lib/domain/test-management.ts'
import { checkForm } from '../../../../lib/forms/form-checks.ts'
import { useLocale, useT } from '../../../../lib/i18n/I18nProvider.tsx'
import { LOCALE_NAMES, LOCALES, type Locale } from '../../../../lib/i18n/locales.ts'
import type { Data } from './+data.ts'
import { SettingsCard } from './SettingsCard.tsx'

const loadInvitationSchema = () => import('../../../../lib/forms/test-management-schemas.ts').then((schemas) => schemas.InvitationCreateSchema)

type Invitations = NonNullable<Data['invitations']>
type Invitation = Invitations['invitations'][number]
type InvitationCreate = Parameters<ApiClient['invitations']['create']['mutate']>[0]
/** A link just made (by an invitation or a resend): shown this once, with how its e-mail went. */
type NewLink = Awaited<ReturnType<ApiClient['invitations']['create']['mutate']>>

const ROLES_HIGH_FIRST = [...PROJECT_ROLES].reverse()
const rowStyle = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '3',
  py: '3',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'border',
  _last: { borderBottomWidth: '0' },
})

/**
 * Owners invite addresses with a role (docs/decisions/028-invitations.md). Each new link is shown once to copy, and
 * sent by e-mail when the server has SMTP (the section says which); the open invitations can get a new link (which
 * replaces the old one) or be revoked. After each change the page's data is read again.
 */
export function InvitationsSection({ projectId, invitations }: { projectId: string; invitations: Invitations }) {
  const t = useT()
  const [link, setLink] = useState<NewLink | null>(null)
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const resend = useApiAction((client, row: { invitationId: string }) => client.invitations.resend.mutate({ projectId, invitationId: row.invitationId }))
  const revoke = useApiAction((client, row: { invitationId: string }) => client.invitations.revoke.mutate({ projectId, invitationId: row.invitationId }))

  async function onResend(row: Invitation) {
    setNotice(null)
    const outcome = await resend.run({ invitationId: row.id })
    if (outcome.ok) setLink(outcome.result)
    else setNotice({ tone: 'error', text: outcome.failure.message })
  }

  async function onRevoke(row: Invitation) {
    const outcome = await revoke.run({ invitationId: row.id })
    if (!outcome.ok) throw new Error(outcome.failure.message)
    if (link?.id === row.id) setLink(null)
    setNotice({ tone: 'success', text: t('projects.invitationRevoked', { email: row.email }) })
  }

  return (
    <SettingsCard id="invitations" title={t('projects.invitationsHeading')} description={t('projects.invitationsHelp')}>
      <FormAlert tone="info">{invitations.mailConfigured ? t('projects.invitationsMailOn') : t('projects.invitationsMailOff')}</FormAlert>
      <div aria-live="polite" data-testid="invitations-notice" className={css({ display: 'grid', gap: '3' })}>
        {link ? <LinkToCopy link={link} /> : null}
        {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      </div>
      <InviteForm projectId={projectId} onInvited={(created) => {
          setNotice(null)
          setLink(created)
        }} />
      <h3 id="open-invitations-title" className={css({ fontWeight: '600' })}>
        {t('projects.invitationsOpen')}
      </h3>
      {invitations.invitations.length === 0 ? (
        <p className={css({ color: 'text.muted' })}>{t('projects.invitationsEmpty')}</p>
      ) : (
        <ul aria-labelledby="open-invitations-title" className={css({ listStyle: 'none', p: '0', m: '0' })} data-testid="invitations">
          {invitations.invitations.map((row) => (
            <li key={row.id} className={rowStyle} data-testid="invitation" data-email={row.email}>
              <div className={css({ flex: '1 1 14rem', minW: '0' })}>
                <p className={css({ fontWeight: '600', overflowWrap: 'anywhere' })}>{row.email}</p>
                <p className={css({ fontSize: 'sm', color: 'text.muted' })}>
                  {t('projects.invitationMeta', { role: t(`projects.role_${row.role}`), name: row.invitedBy ?? '—', expires: new Date(row.expiresAt) })}
                </p>
                {row.expired ? <p className={css({ fontSize: 'sm', color: 'error.text', fontWeight: '600' })}>{t('projects.invitationExpired')}</p> : null}
              </div>
              <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
                <Button variant="outline" size="sm" className={css({ minH: '10' })} loading={resend.pending && resend.input?.invitationId === row.id} onClick={() => void onResend(row)}>
                  {invitations.mailConfigured ? t('projects.resendInvitationMail') : t('projects.resendInvitation')}
                  <span className={css({ srOnly: true })}> {row.email}</span>
                </Button>
                <ConfirmDialog
                  testId="revoke-invitation-dialog"
                  trigger={
                    <Button variant="outline" tone="error" size="sm" className={css({ minH: '10' })}>
                      {t('projects.revokeInvitation')}
                      <span className={css({ srOnly: true })}> {row.email}</span>
                    </Button>
                  }
                  title={t('projects.revokeInvitationTitle', { email: row.email })}
                  description={t('projects.revokeInvitationText')}
                  confirmLabel={t('projects.revokeInvitation')}
                  onConfirm={() => onRevoke(row)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </SettingsCard>
  )
}

/** The link just made, to copy, and what became of its e-mail. */
function LinkToCopy({ link }: { link: NewLink }) {
  const t = useT()
  const [copied, setCopied] = useState(false)
  const outcome =
    link.mail === 'sent'
      ? t('projects.invitationSent', { email: link.email })
      : link.mail === 'failed'
        ? t('projects.invitationNotSent', { email: link.email })
        : t('projects.invitationLinkReady', { email: link.email })
  return (
    <FormAlert tone={link.mail === 'failed' ? 'error' : 'success'}>
      <p>{outcome}</p>
      <div className={css({ display: 'grid', gap: '2', mt: '2' })}>
        <label className={css({ display: 'grid', gap: '1' })}>
          <span>{t('projects.invitationLinkLabel', { email: link.email })}</span>
          <input
            readOnly
            value={link.link}
            data-testid="invitation-link"
            onFocus={(event) => event.currentTarget.select()}
            className={css({ fontFamily: 'mono', fontSize: 'sm', w: 'full', minH: '10', px: '2', bg: 'surface', color: 'text', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', borderRadius: 'l1' })}
          />
        </label>
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
          <Button
            size="sm"
            variant="outline"
            className={css({ minH: '10' })}
            onClick={async () => {
              await navigator.clipboard?.writeText(link.link)
              setCopied(true)
            }}
          >
            {copied ? t('projects.linkCopied') : t('projects.copyLink')}
          </Button>
          <span className={css({ fontSize: 'sm' })}>{t('projects.invitationLinkOnce', { expires: new Date(link.expiresAt) })}</span>
        </div>
      </div>
    </FormAlert>
  )
}

function InviteForm({ projectId, onInvited }: { projectId: string; onInvited: (created: NewLink) => void }) {
  const t = useT()
  const add = useApiAction((client, input: InvitationCreate) => client.invitations.create.mutate(input))
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<ProjectRole>('tester')
  const [locale, setLocale] = useState<Locale>(useLocale())
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFormError(null)
    const parsed = await checkForm(loadInvitationSchema, { projectId, email, role, locale }, t)
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
    onInvited(outcome.result)
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="invite-title" className={css({ display: 'grid', gap: '3', pt: '4', borderTopWidth: '1px', borderTopStyle: 'solid', borderTopColor: 'border' })} data-testid="invite-form">
      <h3 id="invite-title" className={css({ fontWeight: '600' })}>
        {t('projects.inviteTitle')}
      </h3>
      {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'start' })}>
        <TextField
          name="email"
          type="email"
          label={t('projects.inviteEmail')}
          required
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          invalid={!!errors.email}
          errorText={errors.email}
          className={css({ flex: '1 1 16rem' })}
        />
        <SelectField name="role" label={t('projects.memberRole')} value={role} onChange={(event) => setRole(event.currentTarget.value as ProjectRole)} className={css({ w: 'auto', minW: '10rem' })}>
          {ROLES_HIGH_FIRST.map((option) => (
            <option key={option} value={option}>
              {t(`projects.role_${option}`)}
            </option>
          ))}
        </SelectField>
        <SelectField name="locale" label={t('projects.inviteLocale')} value={locale} onChange={(event) => setLocale(event.currentTarget.value as Locale)} className={css({ w: 'auto', minW: '10rem' })}>
          {LOCALES.map((option) => (
            <option key={option} value={option} lang={option}>
              {LOCALE_NAMES[option]}
            </option>
          ))}
        </SelectField>
      </div>
      <div>
        <Button type="submit" loading={add.pending}>
          {t('projects.inviteButton')}
        </Button>
      </div>
    </form>
  )
}
