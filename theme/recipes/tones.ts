import type { SystemStyleObject } from '@pandacss/dev'

// A tone is a set of CSS variables (fill, text on the fill, text on the surface, tint) that the variants of a recipe
// read. Each recipe thereby offers `variant` × `tone` without compound variants or colour palettes. Every value is a
// semantic token, referenced with `token()` (dotted token names give escaped variables such as `--colors-primary\.fg`,
// which nobody should spell by hand), so a tone follows the theme.

type ToneVars = { fill: string; onFill: string; text: string; tint: string }

function tone({ fill, onFill, text, tint }: ToneVars): SystemStyleObject {
  return {
    '--tone-fill': `token(colors.${fill})`,
    '--tone-on-fill': `token(colors.${onFill})`,
    '--tone-text': `token(colors.${text})`,
    '--tone-tint': `token(colors.${tint})`,
  }
}

function feedback(name: string, fill = name): SystemStyleObject {
  return tone({ fill, onFill: `${name}.fg`, text: `${name}.text`, tint: `${name}.subtle` })
}

/** Brand and feedback tones. Text on the orange warning fill is dark (`warning.fg`): white would reach only 3.8:1. */
export const feedbackTones = {
  primary: feedback('primary'),
  secondary: feedback('secondary'),
  accent: feedback('accent'),
  info: feedback('info'),
  success: feedback('success'),
  warning: feedback('warning'),
  error: feedback('error'),
} satisfies Record<string, SystemStyleObject>

export const neutralTone = tone({ fill: 'text', onFill: 'surface', text: 'text', tint: 'surface.raised' })

function tinted(group: 'status' | 'priority', name: string): SystemStyleObject {
  const bg = `${group}.${name}.bg`
  const fg = `${group}.${name}.fg`
  return tone({ fill: fg, onFill: bg, text: fg, tint: bg })
}

export const statusTones = {
  passed: tinted('status', 'passed'),
  failed: tinted('status', 'failed'),
  blocked: tinted('status', 'blocked'),
  skipped: tinted('status', 'skipped'),
  untested: tinted('status', 'untested'),
} satisfies Record<string, SystemStyleObject>

export const priorityTones = {
  low: tinted('priority', 'low'),
  medium: tinted('priority', 'medium'),
  high: tinted('priority', 'high'),
  critical: tinted('priority', 'critical'),
} satisfies Record<string, SystemStyleObject>
