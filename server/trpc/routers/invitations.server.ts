import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { InvitationTokenSchema } from '../../../lib/forms/account-schemas.ts'
import { IdSchema, InvitationCreateSchema } from '../../../lib/forms/test-management-schemas.ts'
import { invitationHref } from '../../../lib/routing/project-links.ts'
import { currentMailer, invitationMail, sendMail, type MailOutcome } from '../../mail/mailer.server.ts'
import { serverEnv } from '../../env.server.ts'
import {
  acceptInvitation,
  countOpenInvitations,
  createInvitation,
  isAlreadyInvited,
  openInvitation,
  openInvitationsOf,
  OPEN_INVITATIONS_MAX,
  renewInvitation,
  revokeInvitation,
  usableInvitation,
} from '../../queries/invitations.server.ts'
import { findUserByEmail } from '../../queries/accounts.server.ts'
import { membershipOf } from '../../queries/projects.server.ts'
import type { TrpcContext } from '../context.server.ts'
import { fieldError } from '../field-error.server.ts'
import { protectedProcedure, publicProcedure, router } from '../init.server.ts'
import { requireProject } from '../project-access.server.ts'

// Invitations to a project (docs/decisions/028-invitations.md). Owners invite, list, renew and revoke; whoever holds a
// link sees what it invites to and joins by signing up, signing in (server/trpc/routers/auth.server.ts) or, signed in
// already, here.

const ProjectInput = z.object({ projectId: IdSchema })
const InvitationInput = ProjectInput.extend({ invitationId: IdSchema })
const TokenInput = z.object({ token: InvitationTokenSchema })

/** The link as the invitee opens it: absolute, on the origin users reach the app at. */
function absoluteLink(ctx: TrpcContext, token: string): string {
  const origin = ctx.origin ?? serverEnv().PUBLIC_URL ?? 'http://localhost'
  return new URL(invitationHref(token), origin).toString()
}

/** Sends the invitation's e-mail when mail is configured; the owner sees the link to copy whatever happens. */
async function mailInvitation(
  ctx: TrpcContext & { user: { name: string } },
  invitation: { email: string; role: Parameters<typeof invitationMail>[0]['role']; locale: Parameters<typeof invitationMail>[0]['locale'] },
  projectName: string,
  link: string,
  expiresAt: Date,
): Promise<MailOutcome> {
  if (!currentMailer()) return 'off'
  const message = await invitationMail({ to: invitation.email, link, projectName, inviterName: ctx.user.name, role: invitation.role, expiresAt, locale: invitation.locale })
  return sendMail(message)
}

function invalidLink(ctx: TrpcContext): TRPCError {
  return new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('projects.invitationInvalid') })
}

export const invitationsRouter = router({
  /** Owners: the open invitations, and whether they go out by e-mail. */
  list: protectedProcedure.input(ProjectInput).query(async ({ ctx, input }) => {
    const { project } = await requireProject(ctx, input.projectId, 'owner')
    const rows = await openInvitationsOf(ctx.db, project.id)
    const now = Date.now()
    return { mailConfigured: currentMailer() !== null, invitations: rows.map((row) => ({ ...row, expired: row.expiresAt.getTime() <= now })) }
  }),

  /** Owners invite an address with a role; the link is answered once (only its hash is kept). */
  create: protectedProcedure.input(InvitationCreateSchema).mutation(async ({ ctx, input }) => {
    const { project } = await requireProject(ctx, input.projectId, 'owner')
    if (await isMemberByEmail(ctx, project.id, input.email)) throw fieldError('CONFLICT', 'email', ctx.t('projects.alreadyMember'))
    if ((await countOpenInvitations(ctx.db, project.id)) >= OPEN_INVITATIONS_MAX) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('projects.invitationsFull', { count: OPEN_INVITATIONS_MAX }) })
    }
    let created
    try {
      created = await createInvitation(ctx.db, { projectId: project.id, email: input.email, role: input.role, locale: input.locale, invitedBy: ctx.user.id })
    } catch (error) {
      if (isAlreadyInvited(error)) throw fieldError('CONFLICT', 'email', ctx.t('projects.alreadyInvited'))
      throw error
    }
    const link = absoluteLink(ctx, created.token)
    const mail = await mailInvitation(ctx, input, project.name, link, created.expiresAt)
    return { id: created.id, email: input.email, link, expiresAt: created.expiresAt, mail }
  }),

  /** Owners: a new link for an open invitation (the old one stops working), sent again when mail is configured. */
  resend: protectedProcedure.input(InvitationInput).mutation(async ({ ctx, input }) => {
    const { project } = await requireProject(ctx, input.projectId, 'owner')
    const invitation = await openInvitation(ctx.db, project.id, input.invitationId)
    const renewed = invitation ? await renewInvitation(ctx.db, project.id, invitation.id, ctx.user.id) : null
    if (!invitation || !renewed) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('projects.invitationNotFound') })
    const link = absoluteLink(ctx, renewed.token)
    const mail = await mailInvitation(ctx, invitation, project.name, link, renewed.expiresAt)
    return { id: invitation.id, email: invitation.email, link, expiresAt: renewed.expiresAt, mail }
  }),

  /** Owners withdraw an open invitation: its link stops working. */
  revoke: protectedProcedure.input(InvitationInput).mutation(async ({ ctx, input }) => {
    const { project } = await requireProject(ctx, input.projectId, 'owner')
    if (!(await revokeInvitation(ctx.db, project.id, input.invitationId, ctx.user.id))) {
      throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('projects.invitationNotFound') })
    }
    return { ok: true as const }
  }),

  /**
   * Anyone holding a link: what it invites to, and whether the signed-in account (if any) is the invited one. A link
   * that does not work says only that (not whether it was used, revoked or never existed).
   */
  byToken: publicProcedure.input(TokenInput).query(async ({ ctx, input }) => {
    const invitation = await usableInvitation(ctx.db, input.token)
    if (!invitation) return { usable: false as const }
    const member = ctx.user ? await membershipOf(ctx.db, invitation.projectId, ctx.user.id) : null
    return {
      usable: true as const,
      projectId: invitation.projectId,
      projectName: invitation.projectName,
      email: invitation.email,
      role: invitation.role,
      invitedBy: invitation.invitedBy,
      expiresAt: invitation.expiresAt,
      signedInAs: ctx.user?.email ?? null,
      isMember: member !== null,
    }
  }),

  /** The signed-in invitee joins. Another account than the invited address is refused, and told so. */
  accept: protectedProcedure.input(TokenInput).mutation(async ({ ctx, input }) => {
    const invitation = await usableInvitation(ctx.db, input.token)
    if (!invitation) throw invalidLink(ctx)
    if (invitation.email !== ctx.user.email.toLowerCase()) {
      throw new TRPCError({ code: 'FORBIDDEN', message: ctx.t('projects.invitationOtherAccount', { invited: invitation.email, current: ctx.user.email }) })
    }
    if (!(await acceptInvitation(ctx.db, invitation, ctx.user.id))) throw invalidLink(ctx)
    return { projectId: invitation.projectId }
  }),
})

/** Whether the address already belongs to a member of the project. */
async function isMemberByEmail(ctx: TrpcContext, projectId: string, email: string): Promise<boolean> {
  const user = await findUserByEmail(ctx.db, email)
  return user ? (await membershipOf(ctx.db, projectId, user.id)) !== null : false
}
