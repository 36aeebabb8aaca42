import { useData } from 'vike-react/useData'
import { css } from '../../styled-system/css'
import { FormAlert } from '../../components/FormAlert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { AuthCard } from '../../features/accounts/AuthCard.tsx'
import { useApiAction } from '../../lib/api/use-api-action.ts'
import { FORM_NAME_FIELD } from '../../lib/forms/form-post.ts'
import { usePostedForm } from '../../lib/forms/use-posted-form.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { invitationAuthHref, projectHref } from '../../lib/routing/project-links.ts'
import type { Data } from './+data.ts'

/** The hidden `_form` value the server's form post handler knows this form by (server/forms/form-posts.server.ts). */
const FORM_NAME = 'invitation-accept'

const actions = css({ display: 'grid', gap: '3' })

/**
 * Where an invitation's one-time link leads (docs/decisions/028-invitations.md). Signed out: sign up or sign in with
 * the invited address (prefilled), which joins. Signed in as the invited address: one button joins (a plain form
 * post without JavaScript). Signed in as someone else: it says which address the link is for, and offers to sign out.
 */
export default function Page() {
  const t = useT()
  const { token, invitation } = useData<Data>()
  const posted = usePostedForm(FORM_NAME)
  const accept = useApiAction((client, input: { token: string }) => client.invitations.accept.mutate(input))

  if (!invitation.usable) {
    return (
      <AuthCard title={t('auth.invitationUnusable')} description={t('auth.invitationDescription')}>
        <FormAlert tone="error">{t('projects.invitationInvalid')}</FormAlert>
      </AuthCard>
    )
  }

  const intro = t('auth.invitationIntro', { inviter: invitation.invitedBy ?? '—', email: invitation.email, project: invitation.projectName, role: t(`projects.role_${invitation.role}`) })
  const otherAccount = invitation.signedInAs !== null && invitation.signedInAs.toLowerCase() !== invitation.email
  const failure = accept.failure?.message ?? posted?.formError ?? null

  return (
    <AuthCard title={t('auth.invitationTitle')} description={intro}>
      <div className={actions} data-testid="invitation">
        <p className={css({ fontSize: 'sm', color: 'text.muted' })}>{t('auth.invitationValidUntil', { expires: new Date(invitation.expiresAt) })}</p>
        {invitation.signedInAs === null ? (
          <>
            <Button asChild size="lg">
              <a href={invitationAuthHref('signup', token, invitation.email)}>{t('auth.invitationSignUp')}</a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href={invitationAuthHref('login', token, invitation.email)}>{t('auth.invitationSignIn')}</a>
            </Button>
          </>
        ) : otherAccount ? (
          <>
            <FormAlert tone="error">{t('projects.invitationOtherAccount', { invited: invitation.email, current: invitation.signedInAs })}</FormAlert>
            {/* A plain form POST: signing out works without JavaScript, and never over GET. */}
            <form method="post" action="/auth/logout">
              <Button type="submit" variant="outline" size="lg" className={css({ w: 'full' })}>
                {t('auth.invitationSignOut')}
              </Button>
            </form>
          </>
        ) : invitation.isMember ? (
          <>
            <FormAlert tone="info">{t('auth.invitationAlreadyMember')}</FormAlert>
            <Button asChild size="lg">
              <a href={projectHref('overview', invitation.projectId)}>{t('auth.invitationOpenProject')}</a>
            </Button>
          </>
        ) : (
          <form
            method="post"
            onSubmit={(event) => {
              event.preventDefault()
              void accept.run({ token }, { refresh: ({ projectId }) => window.location.assign(projectHref('overview', projectId)) })
            }}
            className={actions}
          >
            <input type="hidden" name={FORM_NAME_FIELD} value={FORM_NAME} />
            {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
            <Button type="submit" size="lg" loading={accept.pending}>
              {t('auth.invitationJoin')}
            </Button>
          </form>
        )}
      </div>
    </AuthCard>
  )
}
