import { css } from '../../../styled-system/css'
import { FormAlert } from '../../../components/FormAlert.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { Table } from '../../../components/ui/table.tsx'
import { useApiAction } from '../../../lib/api/use-api-action.ts'
import { useIntl, useT } from '../../../lib/i18n/I18nProvider.tsx'
import { describeDevice } from '../device.ts'

type SessionRow = { id: string; createdAt: Date; lastUsedAt: Date; expiresAt: Date; userAgent: string | null; current: boolean }

/** The account's signed-in browsers, from the page's data; revoking one shows the server's list again. */
export function SessionsSection({ sessions }: { sessions: SessionRow[] }) {
  const t = useT()
  const intl = useIntl()
  const revoke = useApiAction((client, input: { sessionId: string }) => client.auth.sessions.revoke.mutate(input))
  const revokeOthers = useApiAction((client, _: void) => client.auth.sessions.revokeOthers.mutate())
  const failure = revoke.failure ?? revokeOthers.failure
  const rows = sessions
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title asChild>
          <h2>{t('auth.sessions')}</h2>
        </Card.Title>
        <Card.Description>{t('auth.sessionsDescription')}</Card.Description>
      </Card.Header>
      <Card.Body className={css({ display: 'grid', gap: '4' })}>
        {failure ? <FormAlert tone="error">{failure.message}</FormAlert> : null}
        {revokeOthers.done ? <FormAlert tone="success">{t('auth.signedOutOthers')}</FormAlert> : null}
        <Table.Container aria-label={t('auth.sessions')}>
          <Table.Root>
            <Table.Head>
              <Table.Row>
                <Table.Header>{t('auth.device')}</Table.Header>
                <Table.Header>{t('auth.started')}</Table.Header>
                <Table.Header>{t('auth.lastUsed')}</Table.Header>
                <Table.Header>
                  <span className={css({ srOnly: true })}>{t('auth.revoke')}</span>
                </Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {rows.map((session) => (
                <Table.Row key={session.id} data-testid="session-row">
                  <Table.Cell>
                    {describeDevice(session.userAgent)} {session.current ? <Badge tone="primary">{t('auth.thisDevice')}</Badge> : null}
                  </Table.Cell>
                  <Table.Cell>{intl.formatDate(session.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</Table.Cell>
                  <Table.Cell>{intl.formatDate(session.lastUsedAt, { dateStyle: 'medium', timeStyle: 'short' })}</Table.Cell>
                  <Table.Cell align="end">
                    {session.current ? null : (
                      <Button size="sm" variant="outline" tone="error" loading={revoke.pending && revoke.input?.sessionId === session.id} onClick={() => void revoke.run({ sessionId: session.id })}>
                        {t('auth.revoke')}
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.Container>
        <div>
          <Button variant="outline" loading={revokeOthers.pending} disabled={rows.length < 2} onClick={() => void revokeOthers.run()}>
            {t('auth.signOutOthers')}
          </Button>
        </div>
      </Card.Body>
    </Card.Root>
  )
}
