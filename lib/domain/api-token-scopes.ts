// Apart from the token schema (lib/forms/account-schemas.ts) so the profile page can list the scopes without loading
// zod with the page (decision 021).

/** What an API token may do: `read` calls queries only; `write` may also change things (db/schema/api-token.ts). */
export const TOKEN_SCOPES = ['read', 'write'] as const
export type TokenScope = (typeof TOKEN_SCOPES)[number]
