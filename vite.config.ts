import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parse } from '@formatjs/icu-messageformat-parser'
import { cloudflare } from '@cloudflare/vite-plugin'
import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig, type Plugin } from 'vite'

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
// PORTALSCOPE_TARGET=workers builds for workerd (wrangler dev / deploy); anything else builds the Node server.
const target = process.env.PORTALSCOPE_TARGET === 'workers' ? 'workers' : 'node'

// Workers Static Assets serve built files before the worker runs; this file gives them the security headers that
// the Hono app gives every other response (https://developers.cloudflare.com/workers/static-assets/headers/).
const WORKERS_ASSET_HEADERS = `/*
  X-Content-Type-Options: nosniff
  Referrer-Policy: strict-origin-when-cross-origin
  X-Frame-Options: DENY
  Content-Security-Policy: default-src 'none'; frame-ancestors 'none'; base-uri 'none'
/assets/*
  Cache-Control: public, max-age=31536000, immutable
`

function workersAssetHeaders(): Plugin {
  return {
    name: 'portalscope:workers-asset-headers',
    apply: 'build',
    generateBundle() {
      if (this.environment.name === 'client') {
        this.emitFile({ type: 'asset', fileName: '_headers', source: WORKERS_ASSET_HEADERS })
      }
    },
  }
}

const CATALOGUE_GROUP = /\/locales\/[a-z]+\/[a-z]+\.json$/
const ICU_PARSER = '@formatjs/icu-messageformat-parser'

// The browser gets every catalogue group already parsed into ICU message ASTs, and intl-messageformat gets the
// parser's no-parser build, so the ICU parser (about 8 KB gzip) never ships to the browser (decision 021). The
// server keeps the strings and the parser.
function precompiledMessages(): Plugin {
  return {
    name: 'portalscope:precompiled-messages',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (this.environment.name !== 'client' || source !== ICU_PARSER) return null
      return this.resolve(`${ICU_PARSER}/no-parser.js`, importer, { ...options, skipSelf: true })
    },
    transform(code, id) {
      if (this.environment.name !== 'client' || !CATALOGUE_GROUP.test(id)) return null
      const texts = JSON.parse(code) as Record<string, string>
      const parsed = Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, parse(text)]))
      return { code: JSON.stringify(parsed), map: null }
    },
  }
}

const GROUP_FILES_MODULE = /\/lib\/i18n\/group-files\.ts$/

// Each catalogue group of each language is its own browser chunk under a fixed name (language, group and a hash of
// every catalogue file), so the browser reaches any of them through one import pattern: pages no longer carry a
// table of every language's chunk names (about 4 KB gzip, decision 021). The server, the dev server and tests keep
// lib/i18n/group-files.ts as written.
function catalogueChunks(): Plugin {
  const root = new URL('./locales/', import.meta.url)
  const files = readdirSync(root)
    .filter((locale) => statSync(new URL(locale, root)).isDirectory())
    .sort()
    .flatMap((locale) =>
      readdirSync(new URL(`${locale}/`, root))
        .filter((file) => file.endsWith('.json'))
        .sort()
        .map((file) => ({ locale, group: file.slice(0, -'.json'.length), path: fileURLToPath(new URL(`${locale}/${file}`, root)) })),
    )
  const hash = createHash('sha256')
  // The chunks hold the parsed messages (precompiledMessages), so the parser's version is part of what they are.
  hash.update(readFileSync(new URL(`./node_modules/${ICU_PARSER}/package.json`, import.meta.url)))
  for (const file of files) hash.update(`${file.locale}/${file.group}\n`).update(readFileSync(file.path))
  const version = hash.digest('base64url').slice(0, 10).replace(/[-_]/g, '0')
  const chunkName = (locale: string, group: string) => `assets/chunks/messages-${locale}-${group}-${version}.js`
  const groups = [...new Set(files.map((file) => file.group))]
  let base = '/'
  return {
    name: 'portalscope:catalogue-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base
    },
    buildStart() {
      if (this.environment.name !== 'client') return
      for (const file of files) {
        this.emitFile({ type: 'chunk', id: file.path, fileName: chunkName(file.locale, file.group), preserveSignature: 'strict' })
      }
    },
    load(id) {
      if (this.environment.name !== 'client' || !GROUP_FILES_MODULE.test(id)) return null
      const url = `${base}${chunkName('${locale}', '${group}')}`
      return [
        `const GROUPS = ${JSON.stringify(groups)}`,
        'export async function groupFile(locale, group) {',
        `  return () => import(/* @vite-ignore */ \`${url}\`)`,
        '}',
        'export async function groupNames() {',
        '  return [...GROUPS]',
        '}',
      ].join('\n')
    },
  }
}

const STYLE_RECIPE = /\/styled-system\/recipes\/[^/]+\.mjs$/

// Panda's generated recipes are built at module level (`Object.assign(memo(...))`), which the bundler must keep as
// possible side effects, and the components import them through the recipes index: so every page carried every
// recipe. They have no side effects; saying so lets each page keep only the recipes it uses (decision 021).
function pureStyleRecipes(): Plugin {
  return {
    name: 'portalscope:pure-style-recipes',
    transform(code, id) {
      if (this.environment.name !== 'client' || !STYLE_RECIPE.test(id)) return null
      return { code, map: null, moduleSideEffects: false }
    },
  }
}

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
    __BUILD_ID__: JSON.stringify(process.env.PORTALSCOPE_BUILD_ID ?? `${pkg.version}-${Date.now().toString(36)}`),
  },
  resolve: { dedupe: ['react', 'react-dom'] },
  // maplibre 6 starts its worker as a module (`new Worker(url, { type: 'module' })`), so workers are built as ES modules.
  worker: { format: 'es' },
  // PORTALSCOPE_SOURCEMAP=1 keeps source maps, for looking into bundle sizes (bench/bundle.ts --by-package).
  build: { outDir: target === 'workers' ? 'dist/workers' : 'dist/node', sourcemap: process.env.PORTALSCOPE_SOURCEMAP === '1' },
  plugins: [
    precompiledMessages(),
    catalogueChunks(),
    pureStyleRecipes(),
    react(),
    ...(target === 'workers'
      ? [cloudflare({ viteEnvironment: { name: 'ssr' }, inspectorPort: false }), workersAssetHeaders()]
      : []),
    vike(),
  ],
})
