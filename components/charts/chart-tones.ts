import { css } from '../../styled-system/css'

// Chart colours are the theme's semantic tokens (theme/tokens.ts), so both themes keep their contrast: every fill
// below reaches 3:1 against the page in light and dark. Each tone is spelled out as a literal css() call because
// Panda extracts styles statically.

export type ChartTone = 'primary' | 'info' | 'success' | 'warning' | 'error' | 'secondary' | 'neutral' | StatusTone
/** The tones of test result statuses: the status tokens the badges use, so a chart's "failed" is the badge's. */
export type StatusTone = 'passed' | 'failed' | 'blocked' | 'skipped' | 'untested'

/** Categorical order for series with no meaning of their own (the format mix of each portal, one line per portal). */
export const CATEGORY_TONES: readonly ChartTone[] = ['primary', 'success', 'warning', 'error', 'secondary', 'info']

export const FILL: Record<ChartTone, string> = {
  primary: css({ fill: 'primary' }),
  info: css({ fill: 'info' }),
  success: css({ fill: 'success' }),
  warning: css({ fill: 'warning' }),
  error: css({ fill: 'error' }),
  secondary: css({ fill: 'secondary' }),
  neutral: css({ fill: 'text.muted' }),
  passed: css({ fill: 'status.passed.fg' }),
  failed: css({ fill: 'status.failed.fg' }),
  blocked: css({ fill: 'status.blocked.fg' }),
  skipped: css({ fill: 'status.skipped.fg' }),
  untested: css({ fill: 'status.untested.fg' }),
}

export const STROKE: Record<ChartTone, string> = {
  primary: css({ stroke: 'primary' }),
  info: css({ stroke: 'info' }),
  success: css({ stroke: 'success' }),
  warning: css({ stroke: 'warning' }),
  error: css({ stroke: 'error' }),
  secondary: css({ stroke: 'secondary' }),
  neutral: css({ stroke: 'text.muted' }),
  passed: css({ stroke: 'status.passed.fg' }),
  failed: css({ stroke: 'status.failed.fg' }),
  blocked: css({ stroke: 'status.blocked.fg' }),
  skipped: css({ stroke: 'status.skipped.fg' }),
  untested: css({ stroke: 'status.untested.fg' }),
}

/** Text drawn on a fill. Info has none: white on its light-theme teal reaches only 4.4:1, so no label goes on it. */
export const TEXT_ON_FILL: Record<ChartTone, string | null> = {
  primary: css({ color: 'primary.fg', fontSize: '13px', fontWeight: '600' }),
  info: null,
  success: css({ color: 'success.fg', fontSize: '13px', fontWeight: '600' }),
  warning: css({ color: 'warning.fg', fontSize: '13px', fontWeight: '600' }),
  error: css({ color: 'error.fg', fontSize: '13px', fontWeight: '600' }),
  secondary: css({ color: 'secondary.fg', fontSize: '13px', fontWeight: '600' }),
  neutral: css({ color: 'bg', fontSize: '13px', fontWeight: '600' }),
  // A status's light pair on its strong one, as in its badge, reversed: over 4.5:1 in both themes.
  passed: css({ color: 'status.passed.bg', fontSize: '13px', fontWeight: '600' }),
  failed: css({ color: 'status.failed.bg', fontSize: '13px', fontWeight: '600' }),
  blocked: css({ color: 'status.blocked.bg', fontSize: '13px', fontWeight: '600' }),
  skipped: css({ color: 'status.skipped.bg', fontSize: '13px', fontWeight: '600' }),
  untested: css({ color: 'status.untested.bg', fontSize: '13px', fontWeight: '600' }),
}

/** A fill in HTML: legend swatches and the bars of the bar charts. */
export const SWATCH: Record<ChartTone, string> = {
  primary: css({ bg: 'primary' }),
  info: css({ bg: 'info' }),
  success: css({ bg: 'success' }),
  warning: css({ bg: 'warning' }),
  error: css({ bg: 'error' }),
  secondary: css({ bg: 'secondary' }),
  neutral: css({ bg: 'text.muted' }),
  passed: css({ bg: 'status.passed.fg' }),
  failed: css({ bg: 'status.failed.fg' }),
  blocked: css({ bg: 'status.blocked.fg' }),
  skipped: css({ bg: 'status.skipped.fg' }),
  untested: css({ bg: 'status.untested.fg' }),
}

export const TEXT_MUTED = css({ fill: 'text.muted', fontSize: '14px', fontFamily: 'body' })
/** A bar's maximum drawn behind it (HTML). */
export const TRACK_BOX = css({ bg: 'surface.raised', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border.strong' })
export const GRID = css({ stroke: 'border', strokeWidth: '1px' })
export const AXIS = css({ stroke: 'border.strong', strokeWidth: '1px' })
