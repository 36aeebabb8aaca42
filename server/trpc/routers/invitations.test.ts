import { TRPCError } from '@trpc/server'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { projectInvitations } from '../../../db/schema/project-invitation.ts'
import { rejection } from '../../../tests/helpers/rejection.ts'
import { startSmtpInbox, type SmtpInbox } from '../../../tests/helpers/smtp-inbox.ts'
import { signedInAccount } from '../../../tests/helpers/test-account.ts'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db.ts'
import { testContext } from '../../../tests/helpers/trpc-context.ts'
import { SIGNUP_LIMIT } from '../../auth/login-throttle.server.ts'
import { installMailer, installSmtpMailer } from '../../mail/mailer.server.ts'
import { smtpMailer } from '../../mail/smtp-mailer.server.ts'
import type { AuthState } from '../../session.server.ts'
import { createCaller } from '../router.server.ts'

const databases: TestDatabase[] = []
let testDb: TestDatabase
let owner: AuthState
let projectId: string
let inbox: SmtpInbox | null = null

const OFFICE = '198.51.100.20'
const PASSWORD = 'zelené jablko na stole'

const as = async (auth: AuthState | undefined, options: { locale?: 'en' | 'cs'; clientAddress?: string } = {}) =>
  createCaller(await testContext(testDb.db, { auth, locale: options.locale ?? 'en', clientAddress: options.clientAddress ?? OFFICE }))

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!

beforeEach(async () => {
  testDb = await createTestDatabase()
  databases.push(testDb)
  owner = await signedInAccount(testDb.db, 'Olga Owner', 'olga@example.cz')
  projectId = (await (await as(owner)).projects.create({ name: 'Registr smluv', key: 'RS' })).id
})
afterEach(async () => {
  installMailer(null)
  await inbox?.close()
  inbox = null
})
afterAll(async () => {
  await Promise.all(databases.map((d) => d.cleanup()))
})

describe('inviting by e-mail', () => {
  it('sends the link through a real SMTP server, in the invitation’s language, and the link lets the invitee join', async () => {
    inbox = await startSmtpInbox()
    // As the Node server does at start, from its environment.
    await installSmtpMailer({ PORTALSCOPE_SMTP_URL: inbox.url, PORTALSCOPE_SMTP_FROM: 'Portalscope <noreply@portalscope.test>' })
    const api = await as(owner)
    expect((await api.invitations.list({ projectId })).mailConfigured).toBe(true)
    const invited = await api.invitations.create({ projectId, email: 'Bara@Example.CZ', role: 'tester', locale: 'cs' })
    expect(invited.mail).toBe('sent')
    expect(invited.email).toBe('bara@example.cz')

    const mail = await inbox.next()
    expect(mail.to).toEqual(['bara@example.cz'])
    expect(mail.from).toBe('noreply@portalscope.test')
    expect(mail.headers.get('to')).toBe('bara@example.cz')
    expect(mail.headers.get('from')).toBe('Portalscope <noreply@portalscope.test>')
    expect(mail.headers.get('content-type')).toMatch(/^text\/plain; charset=utf-8/i)
    expect(mail.subject).toBe('Olga Owner vás zve do projektu Registr smluv v Portalscope')
    expect(mail.text).toContain('s rolí tester')
    const link = /^(http\S+)$/m.exec(mail.text)?.[1]
    expect(link).toBe(invited.link)
    expect(new URL(link!).pathname).toBe('/invitation')

    // Only a hash of the secret is stored.
    const [stored] = await testDb.db.select().from(projectInvitations)
    expect(stored!.secretHash).toMatch(/^[0-9a-f]{64}$/)
    expect(stored!.secretHash).not.toContain(tokenOf(link!).split('.')[1]!)

    const preview = await (await as(undefined)).invitations.byToken({ token: tokenOf(link!) })
    expect(preview).toMatchObject({ usable: true, projectName: 'Registr smluv', email: 'bara@example.cz', role: 'tester', invitedBy: 'Olga Owner', signedInAs: null })
    const joined = await (await as(undefined)).auth.signup({ name: 'Bára', email: 'bara@example.cz', password: PASSWORD, invitation: tokenOf(link!) })
    expect(joined.joinedProjectId).toBe(projectId)
    const members = await api.projects.members.list({ projectId })
    expect(members.map((member) => [member.email, member.role])).toContainEqual(['bara@example.cz', 'tester'])
    // Used once: the link no longer opens anything, and the list no longer shows it.
    expect(await (await as(undefined)).invitations.byToken({ token: tokenOf(link!) })).toEqual({ usable: false })
    expect((await api.invitations.list({ projectId })).invitations).toEqual([])
  })

  it('without SMTP sends nothing and says so; the link is there to copy', async () => {
    const api = await as(owner)
    expect((await api.invitations.list({ projectId })).mailConfigured).toBe(false)
    const invited = await api.invitations.create({ projectId, email: 'cyril@example.cz', role: 'viewer', locale: 'en' })
    expect(invited.mail).toBe('off')
    expect(invited.link).toMatch(/^http:\/\/localhost\/invitation\?token=[a-z2-7]{32}\.[a-z2-7]{32}$/)
  })

  it('tells the owner when the mail server refuses, and keeps the invitation with its link', async () => {
    inbox = await startSmtpInbox()
    const port = new URL(inbox.url).port
    await inbox.close()
    inbox = null
    installMailer(smtpMailer(`smtp://127.0.0.1:${port}`, 'Portalscope <noreply@portalscope.test>'))
    const invited = await (await as(owner)).invitations.create({ projectId, email: 'dana@example.cz', role: 'viewer', locale: 'en' })
    expect(invited.mail).toBe('failed')
    expect((await (await as(undefined)).invitations.byToken({ token: tokenOf(invited.link) })).usable).toBe(true)
  })

  it('refuses a second open invitation of one address, and a member’s address', async () => {
    const api = await as(owner, { locale: 'cs' })
    await api.invitations.create({ projectId, email: 'eva@example.cz', role: 'viewer', locale: 'cs' })
    const again = await rejection(api.invitations.create({ projectId, email: 'EVA@example.cz', role: 'editor', locale: 'cs' }), TRPCError)
    expect(again.code).toBe('CONFLICT')
    expect(again.message).toBe('Tato adresa už pozvaná je: pošlete jí nový odkaz ze seznamu níže.')
    const member = await rejection(api.invitations.create({ projectId, email: 'olga@example.cz', role: 'viewer', locale: 'cs' }), TRPCError)
    expect(member.code).toBe('CONFLICT')
    expect((await api.invitations.list({ projectId })).invitations).toHaveLength(1)
  })

  it('resend gives a new link and the old one stops working; revoke ends the link', async () => {
    inbox = await startSmtpInbox()
    installMailer(smtpMailer(inbox.url, 'Portalscope <noreply@portalscope.test>'))
    const api = await as(owner)
    const first = await api.invitations.create({ projectId, email: 'filip@example.cz', role: 'editor', locale: 'de' })
    expect((await inbox.next()).subject).toBe('Olga Owner hat Sie zum Projekt Registr smluv in Portalscope eingeladen')
    const again = await api.invitations.resend({ projectId, invitationId: first.id })
    expect(again.mail).toBe('sent')
    expect((await inbox.next()).text).toContain(again.link)
    expect(again.link).not.toBe(first.link)
    const guest = await as(undefined)
    expect((await guest.invitations.byToken({ token: tokenOf(first.link) })).usable).toBe(false)
    expect((await guest.invitations.byToken({ token: tokenOf(again.link) })).usable).toBe(true)
    await api.invitations.revoke({ projectId, invitationId: first.id })
    expect((await guest.invitations.byToken({ token: tokenOf(again.link) })).usable).toBe(false)
    expect((await rejection(api.invitations.revoke({ projectId, invitationId: first.id }), TRPCError)).code).toBe('NOT_FOUND')
    expect((await rejection(api.invitations.resend({ projectId, invitationId: first.id }), TRPCError)).code).toBe('NOT_FOUND')
  })

  it('an expired link does not work', async () => {
    const invited = await (await as(owner)).invitations.create({ projectId, email: 'gita@example.cz', role: 'viewer', locale: 'en' })
    await testDb.db.update(projectInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(projectInvitations.id, invited.id))
    const guest = await as(undefined)
    expect((await guest.invitations.byToken({ token: tokenOf(invited.link) })).usable).toBe(false)
    const joined = await guest.auth.signup({ name: 'Gita', email: 'gita@example.cz', password: PASSWORD, invitation: tokenOf(invited.link) })
    expect(joined.joinedProjectId).toBeNull()
    expect((await (await as(owner)).projects.members.list({ projectId })).map((member) => member.email)).not.toContain('gita@example.cz')
  })

  it('only owners invite, list, resend and revoke', async () => {
    const tester = await signedInAccount(testDb.db, 'Tomáš Tester', 'tomas@example.cz')
    const api = await as(owner)
    await api.projects.members.add({ projectId, email: 'tomas@example.cz', role: 'editor' })
    const invited = await api.invitations.create({ projectId, email: 'hana@example.cz', role: 'viewer', locale: 'en' })
    const editor = await as(tester)
    const refusals = await Promise.all([
      rejection(editor.invitations.list({ projectId }), TRPCError),
      rejection(editor.invitations.create({ projectId, email: 'ivan@example.cz', role: 'owner', locale: 'en' }), TRPCError),
      rejection(editor.invitations.resend({ projectId, invitationId: invited.id }), TRPCError),
      rejection(editor.invitations.revoke({ projectId, invitationId: invited.id }), TRPCError),
    ])
    expect(refusals.map((error) => error.code)).toEqual(['FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN'])
    expect((await api.invitations.list({ projectId })).invitations.map((row) => row.email)).toEqual(['hana@example.cz'])
  })
})

describe('joining', () => {
  it('signing in through the link joins; another account’s sign-in does not', async () => {
    await signedInAccount(testDb.db, 'Jana', 'jana@example.cz')
    await signedInAccount(testDb.db, 'Karel', 'karel@example.cz')
    const invited = await (await as(owner)).invitations.create({ projectId, email: 'jana@example.cz', role: 'editor', locale: 'en' })
    const token = tokenOf(invited.link)
    const karel = await (await as(undefined)).auth.login({ email: 'karel@example.cz', password: 'x'.repeat(12), invitation: token })
    expect(karel.joinedProjectId).toBeNull()
    const jana = await (await as(undefined)).auth.login({ email: 'jana@example.cz', password: 'x'.repeat(12), invitation: token })
    expect(jana.joinedProjectId).toBe(projectId)
    const members = await (await as(owner)).projects.members.list({ projectId })
    expect(members.map((member) => [member.email, member.role])).toContainEqual(['jana@example.cz', 'editor'])
    expect(members.map((member) => member.email)).not.toContain('karel@example.cz')
  })

  it('signed in already: the invited account joins; another account is told which address the link is for', async () => {
    const lenka = await signedInAccount(testDb.db, 'Lenka', 'lenka@example.cz')
    const marek = await signedInAccount(testDb.db, 'Marek', 'marek@example.cz')
    const invited = await (await as(owner)).invitations.create({ projectId, email: 'lenka@example.cz', role: 'viewer', locale: 'en' })
    const token = tokenOf(invited.link)
    const asMarek = await as(marek, { locale: 'cs' })
    expect(await asMarek.invitations.byToken({ token })).toMatchObject({ usable: true, signedInAs: 'marek@example.cz', isMember: false })
    const refused = await rejection(asMarek.invitations.accept({ token }), TRPCError)
    expect(refused.code).toBe('FORBIDDEN')
    expect(refused.message).toContain('Tato pozvánka je pro lenka@example.cz, ale jste přihlášeni jako marek@example.cz.')
    const asLenka = await as(lenka)
    expect(await asLenka.invitations.accept({ token })).toEqual({ projectId })
    expect((await asLenka.projects.byId({ projectId })).role).toBe('viewer')
    expect((await rejection(asLenka.invitations.accept({ token }), TRPCError)).code).toBe('BAD_REQUEST')
  })

  it('two uses of one link at once: one joins', async () => {
    const invited = await (await as(owner)).invitations.create({ projectId, email: 'nela@example.cz', role: 'viewer', locale: 'en' })
    const nela = await signedInAccount(testDb.db, 'Nela', 'nela@example.cz')
    const token = tokenOf(invited.link)
    const outcomes = await Promise.allSettled([(await as(nela)).invitations.accept({ token }), (await as(nela)).invitations.accept({ token })])
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
  })
})

describe('a team of 20 behind one office address', () => {
  it('all join in one morning; the sign-up limit still holds for everyone else, and its 429 speaks of sign-ups', async () => {
    const guest = await as(undefined, { locale: 'en' })
    // The office has used up its sign-ups for the hour.
    for (let i = 0; i < SIGNUP_LIMIT; i++) await guest.auth.signup({ name: `Walk-in ${i}`, email: `walkin${i}@example.cz`, password: PASSWORD })
    const full = await rejection(guest.auth.signup({ name: 'One more', email: 'onemore@example.cz', password: PASSWORD }), TRPCError)
    expect(full.code).toBe('TOO_MANY_REQUESTS')
    expect(full.message).toMatch(/^Too many new accounts from this network\. Try signing up again in \d+ minutes?; signing in is not affected\.$/)

    const api = await as(owner)
    const links: string[] = []
    for (let i = 0; i < 20; i++) links.push((await api.invitations.create({ projectId, email: `team${i}@urad.example.cz`, role: 'tester', locale: 'cs' })).link)
    for (let i = 0; i < 20; i++) {
      const joined = await (await as(undefined)).auth.signup({ name: `Team ${i}`, email: `team${i}@urad.example.cz`, password: PASSWORD, invitation: tokenOf(links[i]!) })
      expect(joined.joinedProjectId).toBe(projectId)
    }
    expect((await api.projects.members.list({ projectId })).filter((member) => member.role === 'tester')).toHaveLength(20)

    // Still closed for anyone without an invitation for their own address.
    const cs = await as(undefined, { locale: 'cs' })
    const stillFull = await rejection(cs.auth.signup({ name: 'Bez pozvánky', email: 'bez@example.cz', password: PASSWORD }), TRPCError)
    expect(stillFull.code).toBe('TOO_MANY_REQUESTS')
    expect(stillFull.message).toMatch(/^Z této sítě vzniklo příliš mnoho nových účtů\. Registraci zkuste znovu za \d+ minut[uy]?; přihlášení se to netýká\.$/)
  }, 120_000)

  it('a link passes the limit once, for its own address only; a forged link not at all', async () => {
    const guest = await as(undefined)
    for (let i = 0; i < SIGNUP_LIMIT; i++) await guest.auth.signup({ name: `Walk-in ${i}`, email: `walkin${i}@example.cz`, password: PASSWORD })
    await signedInAccount(testDb.db, 'Ota', 'ota@example.cz')
    const api = await as(owner)
    const forOta = tokenOf((await api.invitations.create({ projectId, email: 'ota@example.cz', role: 'viewer', locale: 'en' })).link)
    const forPavla = tokenOf((await api.invitations.create({ projectId, email: 'pavla@example.cz', role: 'viewer', locale: 'en' })).link)

    // Another address with Pavla's link: counted as any sign-up (the limit is full).
    expect((await rejection(guest.auth.signup({ name: 'X', email: 'someone@example.cz', password: PASSWORD, invitation: forPavla }), TRPCError)).code).toBe('TOO_MANY_REQUESTS')
    // A forged link: the same.
    const forged = `${forPavla.split('.')[0]}.${'a'.repeat(32)}`
    expect((await rejection(guest.auth.signup({ name: 'X', email: 'pavla@example.cz', password: PASSWORD, invitation: forged }), TRPCError)).code).toBe('TOO_MANY_REQUESTS')
    // Ota has an account: the pass is spent on the one answer "taken", then the limit counts again.
    expect((await rejection(guest.auth.signup({ name: 'Ota', email: 'ota@example.cz', password: PASSWORD, invitation: forOta }), TRPCError)).code).toBe('CONFLICT')
    expect((await rejection(guest.auth.signup({ name: 'Ota', email: 'ota@example.cz', password: PASSWORD, invitation: forOta }), TRPCError)).code).toBe('TOO_MANY_REQUESTS')
    // A common password is refused before the pass is taken, so Pavla's next try still passes.
    expect((await rejection(guest.auth.signup({ name: 'Pavla', email: 'pavla@example.cz', password: 'password123', invitation: forPavla }), TRPCError)).code).toBe('BAD_REQUEST')
    // Pavla's own sign-up passes.
    expect((await guest.auth.signup({ name: 'Pavla', email: 'pavla@example.cz', password: PASSWORD, invitation: forPavla })).joinedProjectId).toBe(projectId)
  }, 60_000)
})
