import { useEffect, useState } from 'react'
import type { z } from 'zod'
import type { Translate } from '../i18n/intl.ts'
import type { FieldErrors } from './validation.ts'

/**
 * A form's schema, loaded when the page has hydrated rather than with the page: zod and the schemas are about 27 KB
 * gzip that nobody needs before typing (decision 021). `loadSchema` imports the schema's module; keep it a constant
 * of the module that uses it (`const loadSchema = () => import('…').then((m) => m.XSchema)`), so React sees the same
 * loader on every render.
 */
export type SchemaLoader<S extends z.ZodType> = () => Promise<S>

export type FormCheck<S extends z.ZodType> =
  | { ok: true; data: z.output<S> }
  | { ok: false; errors: FieldErrors }
  /** The schema's module could not be fetched (offline): nothing was checked or sent; the form says so. */
  | { ok: false; errors: null }

function loadChecks<S extends z.ZodType>(loadSchema: SchemaLoader<S>) {
  return Promise.all([loadSchema(), import('./validation.ts')])
}

/** Checks `values` with the loaded schema: the parsed data, or one message per field in the language of `t`. */
export async function checkForm<S extends z.ZodType>(loadSchema: SchemaLoader<S>, values: unknown, t: Translate): Promise<FormCheck<S>> {
  let checks: Awaited<ReturnType<typeof loadChecks<S>>>
  try {
    checks = await loadChecks(loadSchema)
  } catch {
    return { ok: false, errors: null }
  }
  const [schema, { fieldErrors }] = checks
  const parsed = schema.safeParse(values)
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrors(parsed.error.issues, t) }
}

/** Starts loading the schema once the page has hydrated, so a submission finds it there. A failed load is tried again on submit. */
export function usePreloadedSchema<S extends z.ZodType>(loadSchema: SchemaLoader<S>): void {
  useEffect(() => {
    loadChecks(loadSchema).catch(() => undefined)
  }, [loadSchema])
}

/**
 * For forms that check as the user types: a synchronous checker once the schema has loaded, `null` until then (and
 * on the server), when there is nothing to say yet.
 */
export function useSchemaChecker<S extends z.ZodType>(loadSchema: SchemaLoader<S>): ((values: unknown, t: Translate) => { data: z.output<S> | null; errors: FieldErrors }) | null {
  const [checker, setChecker] = useState<((values: unknown, t: Translate) => { data: z.output<S> | null; errors: FieldErrors }) | null>(null)
  useEffect(() => {
    let current = true
    loadChecks(loadSchema)
      .then(([schema, { fieldErrors }]) => {
        if (!current) return
        setChecker(() => (values: unknown, t: Translate) => {
          const parsed = schema.safeParse(values)
          return parsed.success ? { data: parsed.data, errors: {} } : { data: null, errors: fieldErrors(parsed.error.issues, t) }
        })
      })
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [loadSchema])
  return checker
}
