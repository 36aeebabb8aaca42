import { useState, type FormEvent } from 'react'
import { css } from '../../../styled-system/css'
import { FormAlert } from '../../../components/FormAlert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { TextField } from '../../../components/ui/input.tsx'
import { nativeSelect } from '../../../components/native-controls.ts'
import { Table } from '../../../components/ui/table.tsx'
import { useApiAction } from '../../../lib/api/use-api-action.ts'
import { useIntl, useT } from '../../../lib/i18n/I18nProvider.tsx'
import { TOKEN_SCOPES, type TokenScope } from '../../../lib/domain/api-token-scopes.ts'

type TokenRow = { id: string; name: string; scope: TokenScope; createdAt: Date; expiresAt: Date | null; lastUsedAt: Date | null }

const EXPIRY_CHOICES = [null, 30, 90, 365] as const
const SCOPE_LABELS = { read: 'auth.tokenScopeRead', write: 'auth.tokenScopeWrite' } as const
const SCOPE_SHORT = { read: 'auth.tokenScopeReadShort', write: 'auth.tokenScopeWriteShort' } as const
const isScope = (value: unknown): value is TokenScope => TOKEN_SCOPES.includes(value as TokenScope)

type CreateInput = { name: string; expiresInDays: number | null; scope: TokenScope }

/** The account's API tokens, from the page's data; a new token's secret is shown once, from the creation's answer. */
export function TokensSection({ tokens }: { tokens: TokenRow[] }) {
  const t = useT()
  const intl = useIntl()
  const create = useApiAction((client, input: CreateInput) => client.auth.tokens.create.mutate(input))
  const revoke = useApiAction((client, input: { tokenId: string }) => client.auth.tokens.revoke.mutate(input))
  const [copied, setCopied] = useState(false)
  const failureText = create.failure ?? revoke.failure
  const newToken = create.result?.token
  const date = (value: Date | null) => (value ? intl.formatDate(value, { dateStyle: 'medium' }) : t('auth.never'))

  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const days = data.get('expiresInDays')
    const scope = data.get('scope')
    setCopied(false)
    void create.run({ name: String(data.get('name') ?? ''), expiresInDays: days ? Number(days) : null, scope: isScope(scope) ? scope : 'read' })
  }

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title asChild>
          <h2>{t('auth.apiTokens')}</h2>
        </Card.Title>
        <Card.Description>{t('auth.apiTokensDescription')}</Card.Description>
      </Card.Header>
      <Card.Body className={css({ display: 'grid', gap: '4' })}>
        {failureText ? <FormAlert tone="error">{failureText.fieldErrors.name ?? failureText.message}</FormAlert> : null}
        {newToken ? (
          <FormAlert tone="success">
            <p>{t('auth.tokenCreated')}</p>
            <div className={css({ display: 'flex', gap: '2', alignItems: 'center', mt: '2', flexWrap: 'wrap' })}>
              <code data-testid="new-token" className={css({ fontFamily: 'mono', wordBreak: 'break-all', bg: 'surface', color: 'text', px: '2', py: '1', borderRadius: 'l1' })}>
                {newToken}
              </code>
              <Button
                size="sm"
                variant="outline"
                onClick={async () => {
                  await navigator.clipboard?.writeText(newToken)
                  setCopied(true)
                }}
              >
                {copied ? t('auth.copied') : t('auth.copy')}
              </Button>
            </div>
          </FormAlert>
        ) : null}
        <form onSubmit={onCreate} className={css({ display: 'flex', gap: '3', alignItems: 'end', flexWrap: 'wrap' })}>
          <TextField name="name" label={t('auth.tokenName')} required maxLength={100} className={css({ minW: '240px' })} />
          <label className={css({ display: 'grid', gap: '1' })}>
            <span>{t('auth.tokenExpiry')}</span>
            <select name="expiresInDays" defaultValue="90" className={nativeSelect}>
              {EXPIRY_CHOICES.map((days) => (
                <option key={String(days)} value={days ?? ''}>
                  {days ? t('auth.tokenDays', { days }) : t('auth.tokenNeverExpires')}
                </option>
              ))}
            </select>
          </label>
          <label className={css({ display: 'grid', gap: '1' })}>
            <span>{t('auth.tokenScope')}</span>
            {/* Read-only by default: a script that only reads cannot change anything if its token leaks. */}
            <select name="scope" defaultValue="read" className={nativeSelect}>
              {TOKEN_SCOPES.map((scope) => (
                <option key={scope} value={scope}>
                  {t(SCOPE_LABELS[scope])}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" loading={create.pending}>
            {t('auth.createToken')}
          </Button>
        </form>
        {tokens.length === 0 ? (
          <p className={css({ color: 'text.muted' })}>{t('auth.noTokens')}</p>
        ) : (
          <Table.Container aria-label={t('auth.apiTokens')}>
            <Table.Root>
              <Table.Head>
                <Table.Row>
                  <Table.Header>{t('auth.tokenName')}</Table.Header>
                  <Table.Header>{t('auth.tokenScope')}</Table.Header>
                  <Table.Header>{t('auth.started')}</Table.Header>
                  <Table.Header>{t('auth.expires')}</Table.Header>
                  <Table.Header>{t('auth.lastUsed')}</Table.Header>
                  <Table.Header>
                    <span className={css({ srOnly: true })}>{t('auth.revoke')}</span>
                  </Table.Header>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {tokens.map((token) => (
                  <Table.Row key={token.id} data-testid="token-row">
                    <Table.Cell>{token.name}</Table.Cell>
                    <Table.Cell data-testid="token-scope">{t(SCOPE_SHORT[token.scope])}</Table.Cell>
                    <Table.Cell>{date(token.createdAt)}</Table.Cell>
                    <Table.Cell>{date(token.expiresAt)}</Table.Cell>
                    <Table.Cell>{date(token.lastUsedAt)}</Table.Cell>
                    <Table.Cell align="end">
                      <Button size="sm" variant="outline" tone="error" loading={revoke.pending && revoke.input?.tokenId === token.id} onClick={() => void revoke.run({ tokenId: token.id })}>
                        {t('auth.revoke')}
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.Container>
        )}
      </Card.Body>
    </Card.Root>
  )
}
