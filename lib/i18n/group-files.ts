import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'

/** One language's messages of one group (or flattened, of many): key → ICU message, parsed or not. */
export type Messages = Record<string, string | MessageFormatElement[]>

/** Loads one catalogue group file of one language. */
export type GroupFile = () => Promise<{ default: Messages }>

// One dynamic import per language and group: the bundler makes each its own chunk, so a page loads only the groups
// it shows (lib/routing/route-table.ts), in the active language (decision 021). This module serves the server, the
// dev server and tests; the browser build replaces it with one import pattern over fixed chunk names, so pages do
// not carry a table of every language's chunks (`catalogueChunks` in vite.config.ts).
type GroupFiles = Record<string, GroupFile>
let bundled: GroupFiles | null = null
try {
  bundled = import.meta.glob<{ default: Messages }>('../../locales/*/*.json')
} catch {
  // Plain Node (a benchmark or a script importing the API without the bundler): the same files, read from disk.
}
let onDisk: Promise<GroupFiles> | null = null
const groupFiles = async (): Promise<GroupFiles> => bundled ?? (onDisk ??= filesOnDisk())

async function filesOnDisk(): Promise<GroupFiles> {
  const fsModule = 'node:fs/promises'
  const { readdir } = (await import(/* @vite-ignore */ fsModule)) as { readdir: (path: URL) => Promise<string[]> }
  const root = new URL('../../locales/', import.meta.url)
  const loaders: GroupFiles = {}
  for (const locale of await readdir(root)) {
    const files = await readdir(new URL(`${locale}/`, root)).catch(() => [])
    for (const file of files.filter((name) => name.endsWith('.json'))) {
      const at = new URL(`${locale}/${file}`, root).href
      loaders[`../../locales/${locale}/${file}`] = () => import(/* @vite-ignore */ at, { with: { type: 'json' } }) as Promise<{ default: Messages }>
    }
  }
  return loaders
}

/** The loader of a language's group file, or undefined when there is none. */
export async function groupFile(locale: string, group: string): Promise<GroupFile | undefined> {
  return (await groupFiles())[`../../locales/${locale}/${group}.json`]
}

/** Every catalogue group's name. */
export async function groupNames(): Promise<string[]> {
  return [...new Set(Object.keys(await groupFiles()).map((file) => file.replace(/^.*\/([a-z]+)\.json$/, '$1')))]
}
