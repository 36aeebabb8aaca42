import { madeBy } from '../../lib/made-by.ts'
import type { CkanErrorKind } from '../../lib/domain/ckan-error-kind.ts'

export class CkanError extends Error {
  readonly kind: CkanErrorKind
  readonly status: number | null
  readonly retryable: boolean

  constructor(kind: CkanErrorKind, message: string, options: { status?: number | null; retryable?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause })
    this.name = 'CkanError'
    this.kind = kind
    this.status = options.status ?? null
    this.retryable = options.retryable ?? false
  }
}

export function isCkanError(error: unknown): error is CkanError {
  return madeBy(error, CkanError)
}
