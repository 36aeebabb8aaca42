import { TRPCError } from '@trpc/server'

/** Marks which form field a refusal is about, so the form can show it under that input. */
export class FieldError extends Error {
  readonly field: string

  constructor(field: string, message: string) {
    super(message)
    this.field = field
  }
}

export function fieldError(code: 'BAD_REQUEST' | 'CONFLICT' | 'UNAUTHORIZED', field: string, message: string): TRPCError {
  return new TRPCError({ code, message, cause: new FieldError(field, message) })
}
