import { defineConfig } from '@pandacss/dev'
import { recipes, slotRecipes } from './theme/recipes/index.ts'
import { semanticTokens, tokens } from './theme/tokens.ts'

// https://panda-css.com/docs/references/config — the generated runtime lands in styled-system/.
export default defineConfig({
  preflight: true,
  include: ['./pages/**/*.{ts,tsx}', './renderer/**/*.{ts,tsx}', './components/**/*.{ts,tsx}', './features/**/*.{ts,tsx}', './lib/**/*.{ts,tsx}'],
  exclude: [],
  jsxFramework: 'react',
  outdir: 'styled-system',
  // The pre-paint script sets both the class and data-theme on <html>.
  conditions: {
    extend: {
      dark: '.dark &, [data-theme=dark] &',
      light: '.light &, [data-theme=light] &',
    },
  },
  theme: {
    // Vuetify's breakpoints, which the product's layouts were designed around.
    breakpoints: { sm: '600px', md: '960px', lg: '1280px', xl: '1920px', '2xl': '2560px' },
    extend: { tokens, semanticTokens, recipes, slotRecipes },
  },
  globalCss: {
    html: { colorScheme: 'light', bg: 'bg', color: 'text', fontFamily: 'body', lineHeight: '1.5' },
    'html.dark, html[data-theme=dark]': { colorScheme: 'dark' },
    // A long word or URL breaks rather than widening its box (and with it a phone's page).
    body: { bg: 'bg', color: 'text', minH: '100vh', overflowWrap: 'break-word' },
    // Links in running text are underlined, not told apart by colour alone (WCAG 1.4.1); navigation styles its own.
    a: { color: 'primary.text', textDecoration: 'underline', textUnderlineOffset: '2px' },
    ':focus-visible': { outline: '2px solid', outlineColor: 'focus', outlineOffset: '2px' },
    // A page that marks itself printable (`data-printable`, the reports) prints as a document: no header, navigation
    // or controls, tables whole (no scrolling box that would cut columns), rows and charts kept on one page, links as
    // text. `!important` because these base-layer rules must win over the utility classes of the screen layout.
    '@media print': {
      'html:has([data-printable]) :is(header, nav, [data-print=hide])': { display: 'none !important' },
      'html:has([data-printable]) main': { padding: '0 !important' },
      '[data-printable]': { printColorAdjust: 'exact', fontSize: '10pt' },
      '[data-printable] a': { color: 'inherit !important', textDecoration: 'none !important' },
      '[data-printable] [role=region]': { overflow: 'visible !important', maxHeight: 'none !important' },
      '[data-printable] table': { width: '100% !important', tableLayout: 'auto' },
      '[data-printable] :is(th, td)': { whiteSpace: 'normal !important', minWidth: '0 !important', padding: '4px 6px !important' },
      '[data-printable] :is(tr, figure, dl > div)': { breakInside: 'avoid' },
      '[data-printable] :is(h2, h3)': { breakAfter: 'avoid' },
      '[data-printable] details:not([open])': { display: 'none !important' },
    },
  },
})
