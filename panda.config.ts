import { defineConfig } from '@pandacss/dev'

// Design tokens and recipes; the generated runtime lands in styled-system/ (https://panda-css.com/docs/references/config).
export default defineConfig({
  preflight: true,
  include: ['./pages/**/*.{ts,tsx}', './renderer/**/*.{ts,tsx}', './components/**/*.{ts,tsx}', './features/**/*.{ts,tsx}'],
  exclude: [],
  jsxFramework: 'react',
  outdir: 'styled-system',
  conditions: {
    extend: {
      dark: '.dark &, [data-theme=dark] &',
    },
  },
  theme: {
    extend: {
      tokens: {
        colors: {
          brand: { value: '#1565c0' },
        },
      },
      semanticTokens: {
        colors: {
          bg: { value: { base: '#fafafa', _dark: '#000000' } },
          surface: { value: { base: '#ffffff', _dark: '#121212' } },
          text: { value: { base: 'rgba(0,0,0,0.87)', _dark: '#ffffff' } },
          muted: { value: { base: 'rgba(0,0,0,0.6)', _dark: 'rgba(255,255,255,0.7)' } },
          border: { value: { base: 'rgba(0,0,0,0.12)', _dark: 'rgba(255,255,255,0.12)' } },
          primary: { value: { base: '#1565c0', _dark: '#64b5f6' } },
        },
      },
    },
  },
})
