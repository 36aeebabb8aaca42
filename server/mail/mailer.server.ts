import { loadMessages } from '../../lib/i18n/catalog.ts'
import { intlFor, translator } from '../../lib/i18n/intl.ts'
import type { Locale } from '../../lib/i18n/locales.ts'
import type { ProjectRole } from '../../lib/domain/test-management.ts'
import type { ServerEnv } from '../env.server.ts'

// Outgoing e-mail. One small interface; the Node server installs the SMTP implementation at start when
// PORTALSCOPE_SMTP_URL is set (server/mail/smtp-mailer.server.ts). Without one (no SMTP configured, or under Workers)
// nothing is sent and the link is shown to copy (docs/decisions/028-invitations.md).

export type MailMessage = { to: string; subject: string; text: string }
export type Mailer = { send(message: MailMessage): Promise<void> }

let installed: Mailer | null = null

/** Sets (or, with null, removes) the mailer the app sends with. */
export function installMailer(mailer: Mailer | null): void {
  installed = mailer
}

export function currentMailer(): Mailer | null {
  return installed
}

/** On Node: the SMTP mailer when PORTALSCOPE_SMTP_URL is set (loaded only then, so nodemailer stays out of the way). */
export async function installSmtpMailer(env: Pick<ServerEnv, 'PORTALSCOPE_SMTP_URL' | 'PORTALSCOPE_SMTP_FROM'>): Promise<void> {
  if (!env.PORTALSCOPE_SMTP_URL) return
  const { smtpMailer } = await import('./smtp-mailer.server.ts')
  installMailer(smtpMailer(env.PORTALSCOPE_SMTP_URL, env.PORTALSCOPE_SMTP_FROM))
}

export type InvitationMailInput = { to: string; link: string; projectName: string; inviterName: string; role: ProjectRole; expiresAt: Date; locale: Locale }

/** The invitation e-mail in the invitation's language: plain text, the link on a line of its own. */
export async function invitationMail(input: InvitationMailInput): Promise<MailMessage> {
  const t = translator(intlFor(input.locale, await loadMessages(input.locale)))
  const values = { inviter: input.inviterName, project: input.projectName, role: t(`projects.role_${input.role}`), link: input.link, expires: input.expiresAt }
  return { to: input.to, subject: t('projects.invitationMailSubject', values), text: t('projects.invitationMailText', values) }
}

/** How sending went, for the owner's screen: sent, failed (the link is shown anyway), or no mail configured. */
export type MailOutcome = 'sent' | 'failed' | 'off'

export async function sendMail(message: MailMessage, mailer: Mailer | null = currentMailer()): Promise<MailOutcome> {
  if (!mailer) return 'off'
  try {
    await mailer.send(message)
    return 'sent'
  } catch (error) {
    console.error('Sending e-mail failed:', error)
    return 'failed'
  }
}
