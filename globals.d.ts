// Replaced at build time by vite.config.ts (`define`).
declare const __APP_VERSION__: string
declare const __BUILD_ID__: string
