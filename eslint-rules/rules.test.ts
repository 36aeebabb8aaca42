import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterAll, describe, expect, it } from 'vitest'
import longFileReason, { MAX_LINES } from './long-file-reason.js'
import noImportCycle, { cyclesOf, staticSpecifiers } from './no-import-cycle.js'

describe('no-import-cycle', () => {
  it('counts static imports, type imports and re-exports, not lazy imports or packages', () => {
    const text = [
      "import { a } from './a.ts'",
      "import type { B } from '../b.ts'",
      "export { c } from './c.ts'",
      "export * from './d.ts'",
      "import { z } from 'zod'",
      "const lazy = () => import('./lazy.tsx')",
    ].join('\n')
    expect(staticSpecifiers(text, 'x.ts')).toEqual(['./a.ts', '../b.ts', './c.ts', './d.ts'])
  })

  it('finds every file on a cycle and nothing else', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e2']],
      ['e2', ['e']],
    ])
    const componentOf = cyclesOf(graph)
    expect([...componentOf.keys()].sort()).toEqual(['a', 'b', 'c', 'e', 'e2'])
    expect(componentOf.get('a')).toBe(componentOf.get('c'))
    expect(componentOf.get('a')).not.toBe(componentOf.get('e'))
  })

  const dir = mkdtempSync(path.join(tmpdir(), 'import-cycle-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('reports the import that closes a cycle, with the cycle, and lets a lazy import back pass', async () => {
    writeFileSync(path.join(dir, 'page.tsx'), "import type { Props } from './dialog.tsx'\nexport const load = () => import('./dialog.tsx')\nexport type P = Props\n")
    writeFileSync(path.join(dir, 'dialog.tsx'), "import type { P } from './page.tsx'\nexport type Props = { p?: P }\n")
    writeFileSync(path.join(dir, 'lazy.tsx'), "export const lazy = () => import('./host.tsx')\n")
    writeFileSync(path.join(dir, 'host.tsx'), "import { lazy } from './lazy.tsx'\nexport const host = lazy\n")
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [
        { files: ['**/*.tsx'], languageOptions: { parser: tseslint.parser }, plugins: { local: { rules: { 'no-import-cycle': noImportCycle } } }, rules: { 'local/no-import-cycle': 'error' } },
      ],
    })
    const results = await eslint.lintFiles(['*.tsx'])
    const messages = new Map(results.map((result) => [path.basename(result.filePath), result.messages.map((message) => message.message)]))
    expect(messages.get('page.tsx')).toEqual(['Import cycle: page.tsx -> dialog.tsx -> page.tsx. Move what both sides need to a module of its own.'])
    expect(messages.get('dialog.tsx')).toEqual(['Import cycle: dialog.tsx -> page.tsx -> dialog.tsx. Move what both sides need to a module of its own.'])
    expect(messages.get('lazy.tsx')).toEqual([])
    expect(messages.get('host.tsx')).toEqual([])
  })
})

describe('long-file-reason', () => {
  const lint = async (text: string) => {
    const eslint = new ESLint({
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { local: { rules: { 'long-file-reason': longFileReason } } }, rules: { 'local/long-file-reason': 'error' } }],
    })
    const [result] = await eslint.lintText(text, { filePath: 'long.ts' })
    return result!.messages.map((message) => message.message)
  }
  const body = (lines: number) => Array.from({ length: lines }, (_, i) => `export const v${i} = ${i}`).join('\n')

  it('asks a file over 450 lines for its reason, and takes one given at its top', async () => {
    expect(await lint(body(MAX_LINES))).toEqual([])
    expect(await lint(body(MAX_LINES + 1))).toEqual([expect.stringContaining('This file has 451 lines')])
    expect(await lint(`// Why this file is long: one table of data.\n${body(MAX_LINES)}`)).toEqual([])
    expect(await lint(`// A file.\n// Why this file is long: not at its top.\n${body(MAX_LINES)}`)).toHaveLength(1)
  })
})
