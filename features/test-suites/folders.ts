/** Every folder a rule or a search can name: the folders that hold cases and all the folders above them, sorted. */
export function folderOptions(folders: ReadonlyArray<{ folder: string }>): string[] {
  const all = new Set<string>()
  for (const { folder } of folders) {
    const segments = folder.split('/').filter(Boolean)
    segments.forEach((_, index) => all.add(segments.slice(0, index + 1).join('/')))
  }
  return [...all].sort((a, b) => a.localeCompare(b))
}
