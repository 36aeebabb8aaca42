/** Debian's Chromium (apt-get install chromium), as the e2e tests and the Lighthouse bench start it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Flags that keep it from making any lookup outside this machine. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1',
  '--disable-features=NetworkTimeServiceQuerying',
  // Software WebGL2 for the map (SwiftShader); newer Chromium refuses it without the second flag.
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
]
