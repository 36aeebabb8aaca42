import { useSyncExternalStore } from 'react'
import type { FailureTexts } from '../../lib/api/load-client.ts'
import type { Translate } from '../../lib/i18n/intl.ts'
import type * as DraftChecks from './draft-checks.ts'

// What the editors load when they first need it rather than with the page (decision 021): the API client (through
// lib/api's hooks, on the first call) and the checks made before a save or a try (./draft-checks.ts, with zod).
// The enhanced editor's drafts load the same way: ./use-draft-store.ts.

/**
 * The checks' module, or null when it could not be fetched (offline; or the reload guard took the failed fetch and
 * reloads the page for a new build): nothing is then checked or sent, and the editor says so with the network message.
 */
export async function loadDraftChecks(): Promise<typeof DraftChecks | null> {
  return (await import('./draft-checks.ts').catch(() => undefined)) ?? null
}

/** A failed call in the editors' words: their network and unexpected-error messages. */
export function editorFailureTexts(t: Translate, network = t('editor.networkError')): FailureTexts {
  return { network, unexpected: t('editor.unexpectedError') }
}

// Saves made on this page: an answer about cases asked before a save (another case with the same title) is asked
// again after it, as the query cache's invalidation of the case queries did.
let saves = 0
const listeners = new Set<() => void>()

export function noteCaseSaved(): void {
  saves += 1
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** How many cases this page has saved: part of the input of a call whose answer a save may change. */
export function useCaseSaves(): number {
  return useSyncExternalStore(
    subscribe,
    () => saves,
    () => 0,
  )
}
