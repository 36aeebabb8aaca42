// `no-import-cycle`: a module may not import (statically, types included) a module that imports it back, directly or
// through others (docs/decisions/011-code-layout.md). Lazily loaded code (`import()`) is not an edge: a dialog may be
// fetched by the page it belongs to. The whole project's graph is read once per lint run from the files' import and
// export declarations (TypeScript's parser, no type checking), and every import that closes a cycle is reported with
// the cycle it closes.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const SKIP = new Set(['node_modules', 'dist', 'styled-system', 'test-results', 'playwright-report', 'data', '.wrangler', '.git'])
const SOURCE = /\.(ts|tsx|js|mjs)$/

/** Relative specifiers of a file's static imports and re-exports. */
export function staticSpecifiers(text, fileName) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const specifiers = []
  for (const statement of source.statements) {
    const specifier = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier
    if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')) specifiers.push(specifier.text)
  }
  return specifiers
}

/** The file a relative specifier names, or null (an asset, a generated folder). */
export function resolveSpecifier(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return null
}

function sourceFiles(root) {
  const files = []
  const pending = [root]
  while (pending.length > 0) {
    const dir = pending.pop()
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) pending.push(file)
      else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(file)
    }
  }
  return files
}

/** The strongly connected components (Tarjan, iterative) with more than one file: each file mapped to its component. */
export function cyclesOf(graph) {
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const componentOf = new Map()
  let next = 0
  for (const start of graph.keys()) {
    if (index.has(start)) continue
    const work = [[start, 0]]
    index.set(start, next)
    low.set(start, next++)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1]
      const [node, at] = frame
      const edges = graph.get(node) ?? []
      if (at < edges.length) {
        frame[1]++
        const target = edges[at]
        if (!index.has(target)) {
          index.set(target, next)
          low.set(target, next++)
          stack.push(target)
          onStack.add(target)
          work.push([target, 0])
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)))
        continue
      }
      work.pop()
      if (work.length > 0) {
        const parent = work[work.length - 1][0]
        low.set(parent, Math.min(low.get(parent), low.get(node)))
      }
      if (low.get(node) !== index.get(node)) continue
      const component = []
      let member
      do {
        member = stack.pop()
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1) for (const file of component) componentOf.set(file, component)
    }
  }
  return componentOf
}

/** The shortest way from `from` back to `to` inside one component, as the files on it. */
function pathWithin(graph, component, from, to) {
  const inside = new Set(component)
  const cameFrom = new Map([[from, null]])
  const queue = [from]
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]
    if (node === to) break
    for (const target of graph.get(node) ?? []) {
      if (!inside.has(target) || cameFrom.has(target)) continue
      cameFrom.set(target, node)
      queue.push(target)
    }
  }
  const files = []
  for (let node = to; node !== null && node !== undefined; node = cameFrom.get(node)) files.unshift(node)
  return files
}

const graphs = new Map()
function projectGraph(root) {
  let graph = graphs.get(root)
  if (!graph) {
    graph = new Map()
    for (const file of sourceFiles(root)) {
      const targets = staticSpecifiers(readFileSync(file, 'utf8'), file).map((specifier) => resolveSpecifier(file, specifier))
      graph.set(file, [...new Set(targets.filter((target) => target !== null))])
    }
    graphs.set(root, { graph, componentOf: cyclesOf(graph) })
  }
  return graphs.get(root)
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid static imports (types included) that close a cycle between modules' },
    schema: [],
    messages: { cycle: 'Import cycle: {{cycle}}. Move what both sides need to a module of its own.' },
  },
  create(context) {
    const root = context.cwd
    const file = context.filename
    const { graph, componentOf } = projectGraph(root)
    const component = componentOf.get(file)
    if (!component) return {}
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string' || !node.source.value.startsWith('.')) return
      const target = resolveSpecifier(file, node.source.value)
      if (!target || componentOf.get(target) !== component) return
      const cycle = [file, ...pathWithin(graph, component, target, file)].map((member) => path.relative(root, member))
      context.report({ node: node.source, messageId: 'cycle', data: { cycle: cycle.join(' -> ') } })
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check }
  },
}
