import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'
import { PRE_PAINT_SCRIPT } from '../lib/theme/pre-paint.ts'

// https://vike.dev/config
export default {
  extends: [vikeReact],
  headHtmlBegin: `<script>${PRE_PAINT_SCRIPT}</script>`,
  favicon: '/favicon.svg',
  // Stream HTML so the shell reaches the browser before slow data resolves.
  stream: true,
  passToClient: ['user', 'locale', 'messageFallbacks', 'pageTexts', 'formPost', 'demoLoad', 'navCounts'],
  // Pages name their <title> and description by message key; pages/+title.ts and +description.ts translate them.
  meta: {
    titleKey: { env: { server: true, client: true } },
    descriptionKey: { env: { server: true, client: true } },
  },
  // Page code is prefetched by features/navigation/link-prefetch.ts (viewport and hover, four at a time).
  prefetch: { staticAssets: false },
  // A fresh nonce per response lets Vike's inline scripts run under a CSP without 'unsafe-inline'.
  csp: { nonce: true },
} satisfies Config
