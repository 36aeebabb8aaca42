import { z } from '../zod.ts'
import type { MessageKey } from '../i18n/catalog.ts'

// The add-a-portal form, checked in the browser and as portals.add's input (server/trpc/routers/portals.server.ts);
// whether the address answers like CKAN only the server can tell.
export const AddPortalSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'validation.required' satisfies MessageKey)
    .max(500, 'validation.maxLength' satisfies MessageKey)
    .url('validation.url' satisfies MessageKey)
    .regex(/^https?:\/\//i, 'validation.url' satisfies MessageKey),
  name: z
    .string()
    .trim()
    .max(200, 'validation.maxLength' satisfies MessageKey)
    .optional()
    .transform((value) => value || undefined),
  // ISO 3166-1 alpha-2; empty: guessed from the address (lib/domain/country-guess.ts).
  country: z
    .string()
    .trim()
    .regex(/^([A-Za-z]{2})?$/, 'validation.country' satisfies MessageKey)
    .optional()
    .transform((value) => value?.toUpperCase() || undefined),
})
