// The folder tree of the test-case list, built from the cases each folder path holds itself (testCases.list's
// `folders`): a path `Portals/Search` is the folder Search inside Portals, and a parent that holds no cases of its own
// still appears. Counts: `own` in the folder itself, `total` with everything under it.

export type FolderNode = { name: string; path: string; own: number; total: number; children: FolderNode[] }

export function folderTree(counts: ReadonlyArray<{ folder: string; cases: number }>): { roots: FolderNode[]; unfiled: number; total: number } {
  const roots: FolderNode[] = []
  const byPath = new Map<string, FolderNode>()
  let unfiled = 0
  let total = 0
  for (const { folder, cases } of counts) {
    total += cases
    if (!folder) {
      unfiled += cases
      continue
    }
    let siblings = roots
    let path = ''
    for (const name of folder.split('/')) {
      path = path ? `${path}/${name}` : name
      let node = byPath.get(path)
      if (!node) {
        node = { name, path, own: 0, total: 0, children: [] }
        byPath.set(path, node)
        siblings.push(node)
      }
      node.total += cases
      if (path === folder) node.own += cases
      siblings = node.children
    }
  }
  // Code-point order, the same on the server and in every browser (the page is hydrated from the server's HTML).
  const sort = (nodes: FolderNode[]) => {
    nodes.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    for (const node of nodes) sort(node.children)
  }
  sort(roots)
  return { roots, unfiled, total }
}

/** The folders from the top to `path` (itself included), for showing where a folder is. */
export function folderAncestors(path: string): string[] {
  const segments = path.split('/').filter(Boolean)
  return segments.map((_, index) => segments.slice(0, index + 1).join('/'))
}
