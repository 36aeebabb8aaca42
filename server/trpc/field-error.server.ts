import { TRPCError } from '@trpc/server'

/** Marks which form fields a refusal is about (path -> message), so the form can show each under its input. */
export class FieldError extends Error {
  readonly field: string
  readonly fields: Record<string, string>

  constructor(field: string, message: string, fields: Record<string, string> = { [field]: message }) {
    super(message)
    this.field = field
    this.fields = fields
  }
}

export function fieldError(code: 'BAD_REQUEST' | 'CONFLICT' | 'UNAUTHORIZED', field: string, message: string): TRPCError {
  return new TRPCError({ code, message, cause: new FieldError(field, message) })
}
