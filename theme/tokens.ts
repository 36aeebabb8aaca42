import { defineSemanticTokens, defineTokens } from '@pandacss/dev'

// Design tokens of the product. Every colour is a semantic token, i.e. a CSS variable that switches with the theme
// class on <html>, so anything rendered later (menus, toasts, map popups) follows the theme at once.

export const tokens = defineTokens({
  fonts: {
    body: { value: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Noto Sans SC", sans-serif' },
    mono: { value: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace' },
  },
  radii: {
    // "Large rounded corners": inputs and buttons use l2, cards and dialogs l3.
    l1: { value: '4px' },
    l2: { value: '8px' },
    l3: { value: '12px' },
  },
  shadows: {
    // Material elevation 1 (cards) and 8 (menus, popovers, toasts).
    e1: { value: '0 2px 1px -1px rgba(0,0,0,.2), 0 1px 1px 0 rgba(0,0,0,.14), 0 1px 3px 0 rgba(0,0,0,.12)' },
    e8: { value: '0 5px 5px -3px rgba(0,0,0,.2), 0 8px 10px 1px rgba(0,0,0,.14), 0 3px 14px 2px rgba(0,0,0,.12)' },
  },
  // Stacking order: the sticky header under menus and dialogs, toasts and tooltips over everything.
  zIndex: {
    hide: { value: -1 },
    base: { value: 0 },
    docked: { value: 10 },
    dropdown: { value: 1000 },
    sticky: { value: 1100 },
    banner: { value: 1200 },
    overlay: { value: 1300 },
    modal: { value: 1400 },
    popover: { value: 1500 },
    skipLink: { value: 1600 },
    toast: { value: 1700 },
    tooltip: { value: 1800 },
  },
  durations: {
    fast: { value: '120ms' },
    normal: { value: '200ms' },
  },
})

function pair(light: string, dark: string) {
  return { value: { base: light, _dark: dark } }
}

export const semanticTokens = defineSemanticTokens({
  colors: {
    bg: pair('#ffffff', '#000000'),
    surface: pair('#ffffff', '#121212'),
    'surface.raised': pair('#f5f7fa', '#1e1e1e'),
    'surface.hover': pair('rgba(0,0,0,0.04)', 'rgba(255,255,255,0.08)'),
    text: pair('rgba(0,0,0,0.87)', '#ffffff'),
    'text.muted': pair('rgba(0,0,0,0.64)', 'rgba(255,255,255,0.72)'),
    'text.disabled': pair('rgba(0,0,0,0.38)', 'rgba(255,255,255,0.5)'),
    border: pair('rgba(0,0,0,0.12)', 'rgba(255,255,255,0.12)'),
    'border.strong': pair('rgba(0,0,0,0.42)', 'rgba(255,255,255,0.42)'),
    focus: pair('#1565c0', '#90caf9'),
    overlay: pair('rgba(0,0,0,0.45)', 'rgba(0,0,0,0.7)'),

    // Brand and feedback colours. `.fg` is the text colour on a solid fill; `.text` the colour for text on the surface.
    primary: pair('#1565c0', '#90caf9'),
    'primary.fg': pair('#ffffff', '#0b1d33'),
    'primary.text': pair('#1565c0', '#90caf9'),
    'primary.subtle': pair('#e3f2fd', '#0d2a45'),
    secondary: pair('#475569', '#94a3b8'),
    'secondary.fg': pair('#ffffff', '#0f172a'),
    'secondary.text': pair('#475569', '#cbd5e1'),
    'secondary.subtle': pair('#f1f5f9', '#1e293b'),
    accent: pair('#ffb300', '#ffca28'),
    'accent.fg': pair('#1f1300', '#1f1300'),
    'accent.text': pair('#8a5a00', '#ffd54f'),
    'accent.subtle': pair('#fff8e1', '#3a2c00'),
    error: pair('#c62828', '#ef9a9a'),
    'error.fg': pair('#ffffff', '#2b0000'),
    'error.text': pair('#c62828', '#ef9a9a'),
    'error.subtle': pair('#ffebee', '#3b1114'),
    warning: pair('#e65100', '#ffb74d'),
    // Dark text on the orange fill (5.5:1); white would reach only 3.8:1.
    'warning.fg': pair('#1f0a00', '#2b1500'),
    'warning.text': pair('#b33f00', '#ffcc80'),
    'warning.subtle': pair('#fff3e0', '#3a2410'),
    info: pair('#00838f', '#4dd0e1'),
    'info.fg': pair('#ffffff', '#00262b'),
    'info.text': pair('#006b75', '#80deea'),
    'info.subtle': pair('#e0f7fa', '#062f33'),
    success: pair('#2e7d32', '#81c784'),
    'success.fg': pair('#ffffff', '#0b260d'),
    'success.text': pair('#2e7d32', '#a5d6a7'),
    'success.subtle': pair('#e8f5e9', '#10301a'),

    // Test result statuses: a tint to fill with and a strong colour for text on that tint.
    'status.passed.bg': pair('#e8f5e9', '#163a1c'),
    'status.passed.fg': pair('#1b5e20', '#a5d6a7'),
    'status.failed.bg': pair('#ffebee', '#4a1518'),
    'status.failed.fg': pair('#b71c1c', '#ffcdd2'),
    'status.blocked.bg': pair('#fff3e0', '#4a2a0a'),
    'status.blocked.fg': pair('#a53d00', '#ffcc80'),
    'status.skipped.bg': pair('#eceff1', '#263238'),
    'status.skipped.fg': pair('#37474f', '#cfd8dc'),
    'status.untested.bg': pair('#f3e5f5', '#331a3a'),
    'status.untested.fg': pair('#6a1b9a', '#e1bee7'),

    // Priorities.
    'priority.low.bg': pair('#e0f2f1', '#0f332f'),
    'priority.low.fg': pair('#00695c', '#80cbc4'),
    'priority.medium.bg': pair('#e3f2fd', '#0d2a45'),
    'priority.medium.fg': pair('#0d47a1', '#90caf9'),
    'priority.high.bg': pair('#fff3e0', '#4a2a0a'),
    'priority.high.fg': pair('#a53d00', '#ffcc80'),
    'priority.critical.bg': pair('#ffebee', '#4a1518'),
    'priority.critical.fg': pair('#b71c1c', '#ffcdd2'),
  },
})
