// SVG path text shared by the server-rendered maps (outlines, the home map's first frame).

/**
 * An SVG path of M/L/Z commands rounded to whole pixels, with repeated points dropped: about a third smaller, with
 * no difference visible at the overview's size.
 */
export function simplifyPath(d: string): string {
  let out = ''
  let last = ''
  let open = false
  for (const [, command, args] of d.matchAll(/([MLZ])([^MLZ]*)/g)) {
    if (command === 'Z') {
      if (open) out += 'Z'
      open = false
      last = ''
      continue
    }
    const [x, y] = (args ?? '').trim().split(/[\s,]+/).map(Number)
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue
    const point = `${Math.round(x!)} ${Math.round(y!)}`
    if (open && point === last) continue
    out += `${open ? 'L' : 'M'}${point}`
    open = true
    last = point
  }
  return out
}
