import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import { affectedRows, runBatch, type Database } from '../../db/client.server.ts'
import { projectInvitations } from '../../db/schema/project-invitation.ts'
import { projectMembers } from '../../db/schema/project-member.ts'
import { projects } from '../../db/schema/project.ts'
import { users } from '../../db/schema/user.ts'
import type { ProjectRole } from '../../lib/domain/test-management.ts'
import type { Locale } from '../../lib/i18n/locales.ts'
import { hashSecret, newCompositeToken, randomId, secretMatches, splitCompositeToken } from '../auth/tokens.server.ts'
import { auditStatement } from './projects.server.ts'

// Invitations to a project: one-time links made the way password reset links are (server/auth/tokens.server.ts),
// docs/decisions/028-invitations.md.

/** How long an invitation's link works. A new link (resend) starts the week again. */
export const INVITATION_VALID_MS = 7 * 24 * 60 * 60 * 1000
/** The most open invitations a project lists (and may have): the owner revokes old ones to invite more. */
export const OPEN_INVITATIONS_MAX = 200

export type NewInvitation = { projectId: string; email: string; role: ProjectRole; locale: Locale; invitedBy: string }

/** Whether an error is the unique index refusing a second open invitation of one address to one project. */
export function isAlreadyInvited(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { message } = current as { message?: unknown }
    if (typeof message === 'string' && message.includes('project_invitation.project_id')) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** Stores an invitation and its audit event; answers its link's token (shown once, only its hash is kept). */
export async function createInvitation(db: Database, input: NewInvitation, now = new Date()) {
  const { id, token, secretHash } = newCompositeToken()
  const expiresAt = new Date(now.getTime() + INVITATION_VALID_MS)
  await runBatch(db, [
    db.insert(projectInvitations).values({ id, secretHash, ...input, createdAt: now, expiresAt }),
    auditStatement(db, { projectId: input.projectId, actorId: input.invitedBy, entity: 'member', entityId: null, action: 'invited', detail: { email: input.email, role: input.role } }, now),
  ])
  return { id, token, expiresAt }
}

/** A project's invitations that nobody accepted yet (expired ones too, marked by their date), oldest first. */
export async function openInvitationsOf(db: Database, projectId: string) {
  return db
    .select({
      id: projectInvitations.id,
      email: projectInvitations.email,
      role: projectInvitations.role,
      locale: projectInvitations.locale,
      invitedBy: users.name,
      createdAt: projectInvitations.createdAt,
      expiresAt: projectInvitations.expiresAt,
    })
    .from(projectInvitations)
    .leftJoin(users, eq(users.id, projectInvitations.invitedBy))
    .where(and(eq(projectInvitations.projectId, projectId), isNull(projectInvitations.acceptedAt)))
    .orderBy(asc(projectInvitations.createdAt))
    .limit(OPEN_INVITATIONS_MAX)
}

export async function countOpenInvitations(db: Database, projectId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(projectInvitations)
    .where(and(eq(projectInvitations.projectId, projectId), isNull(projectInvitations.acceptedAt)))
  return row?.count ?? 0
}

/** An open invitation of the project by id (null when it is another project's, accepted or gone). */
export async function openInvitation(db: Database, projectId: string, invitationId: string) {
  const [row] = await db
    .select()
    .from(projectInvitations)
    .where(and(eq(projectInvitations.id, invitationId), eq(projectInvitations.projectId, projectId), isNull(projectInvitations.acceptedAt)))
    .limit(1)
  return row ?? null
}

/** A new link for an open invitation: a new secret (the old link stops working) and another week. */
export async function renewInvitation(db: Database, projectId: string, invitationId: string, actorId: string, now = new Date()) {
  // The same `<id>.<secret>` shape as every one-time link, the id kept: only the secret is new.
  const secret = randomId()
  const secretHash = hashSecret(secret)
  const expiresAt = new Date(now.getTime() + INVITATION_VALID_MS)
  const [updated] = await runBatch(db, [
    db
      .update(projectInvitations)
      .set({ secretHash, expiresAt })
      .where(and(eq(projectInvitations.id, invitationId), eq(projectInvitations.projectId, projectId), isNull(projectInvitations.acceptedAt)))
      .returning({ email: projectInvitations.email }),
    auditStatement(db, { projectId, actorId, entity: 'member', entityId: null, action: 'invitation-renewed', detail: {} }, now, { afterChange: true }),
  ])
  return (updated as unknown[]).length > 0 ? { token: `${invitationId}.${secret}`, expiresAt } : null
}

/** Withdraws an open invitation: its link stops working. False when there was none. */
export async function revokeInvitation(db: Database, projectId: string, invitationId: string, actorId: string, now = new Date()): Promise<boolean> {
  const [deleted] = await runBatch(db, [
    db
      .delete(projectInvitations)
      .where(and(eq(projectInvitations.id, invitationId), eq(projectInvitations.projectId, projectId), isNull(projectInvitations.acceptedAt)))
      .returning({ email: projectInvitations.email }),
    auditStatement(db, { projectId, actorId, entity: 'member', entityId: null, action: 'invitation-revoked', detail: {} }, now, { afterChange: true }),
  ])
  return (deleted as unknown[]).length > 0
}

export type UsableInvitation = {
  id: string
  projectId: string
  projectName: string
  email: string
  role: ProjectRole
  locale: Locale
  invitedBy: string | null
  expiresAt: Date
}

/** The invitation a link's token opens: unaccepted, unexpired, and the secret right (compared in constant time). */
export async function usableInvitation(db: Database, token: string, now = new Date()): Promise<UsableInvitation | null> {
  const parts = splitCompositeToken(token)
  if (!parts) return null
  const [row] = await db
    .select({
      id: projectInvitations.id,
      secretHash: projectInvitations.secretHash,
      projectId: projectInvitations.projectId,
      projectName: projects.name,
      email: projectInvitations.email,
      role: projectInvitations.role,
      locale: projectInvitations.locale,
      invitedBy: users.name,
      expiresAt: projectInvitations.expiresAt,
    })
    .from(projectInvitations)
    .innerJoin(projects, eq(projects.id, projectInvitations.projectId))
    .leftJoin(users, eq(users.id, projectInvitations.invitedBy))
    .where(and(eq(projectInvitations.id, parts.id), isNull(projectInvitations.acceptedAt), gt(projectInvitations.expiresAt, now)))
    .limit(1)
  if (!row || !secretMatches(parts.secret, row.secretHash)) return null
  const { secretHash: _secretHash, ...invitation } = row
  return invitation
}

/**
 * Takes the invitation's one pass through the sign-up limit per client address: true once per invitation, for its own
 * address only, decided in one statement so that two sign-ups at once cannot both take it.
 */
export async function takeSignupPass(db: Database, invitation: { id: string; email: string }, now = new Date()): Promise<boolean> {
  const result = await db
    .update(projectInvitations)
    .set({ signupPassAt: now })
    .where(
      and(
        eq(projectInvitations.id, invitation.id),
        eq(projectInvitations.email, invitation.email),
        isNull(projectInvitations.signupPassAt),
        isNull(projectInvitations.acceptedAt),
        gt(projectInvitations.expiresAt, now),
      ),
    )
  return affectedRows(result) > 0
}

/**
 * Joining through an invitation, as statements for the batch of the sign-up, sign-in or acceptance that does it: the
 * membership with the invited role (none when the user is a member already), its audit event, and the invitation
 * marked accepted. Every statement requires the invitation to be still open, so of two uses at once one joins.
 */
export function acceptanceStatements(db: Database, invitation: { id: string; projectId: string; email: string }, userId: string, now = new Date()) {
  return [
    db.run(
      sql`INSERT INTO ${projectMembers} (project_id, user_id, role, added_at, added_by)
        SELECT project_id, ${userId}, role, ${now.getTime()}, invited_by FROM ${projectInvitations}
        WHERE id = ${invitation.id} AND accepted_at IS NULL AND expires_at > ${now.getTime()}
        ON CONFLICT DO NOTHING`,
    ),
    auditStatement(db, { projectId: invitation.projectId, actorId: userId, entity: 'member', entityId: userId, action: 'joined', detail: { email: invitation.email } }, now, { afterChange: true }),
    db
      .update(projectInvitations)
      .set({ acceptedAt: now, acceptedBy: userId })
      .where(and(eq(projectInvitations.id, invitation.id), isNull(projectInvitations.acceptedAt), gt(projectInvitations.expiresAt, now)))
      .returning({ id: projectInvitations.id }),
  ]
}

/** Whether the batch of `acceptanceStatements` (its last statement among `results`) accepted the invitation. */
export function acceptedIn(results: unknown[]): boolean {
  return (results.at(-1) as unknown[] | undefined)?.length ? true : false
}

/** Accepts an invitation for a signed-in user; false when it was used, revoked or expired meanwhile. */
export async function acceptInvitation(db: Database, invitation: { id: string; projectId: string; email: string }, userId: string): Promise<boolean> {
  return acceptedIn(await runBatch(db, acceptanceStatements(db, invitation, userId)))
}
