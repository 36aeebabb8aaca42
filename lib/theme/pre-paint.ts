export const THEME_STORAGE_KEY = 'theme'
export type Theme = 'light' | 'dark'

/**
 * Runs in <head> before the first paint: the signed-in user's theme (`data-user-theme` on <html>, kept across
 * devices), else the saved theme, else the system preference (light when none is stated), which is not saved so the
 * page keeps following it; applied as a class and `data-theme` on <html> so every colour variable switches before
 * anything is drawn. Kept tiny and dependency-free; its hash goes into the CSP (server/security-headers.server.ts), so it needs no
 * 'unsafe-inline'.
 */
export const PRE_PAINT_SCRIPT = `(function(){try{var k=${JSON.stringify(THEME_STORAGE_KEY)},s=localStorage,d=document.documentElement,u=d.getAttribute("data-user-theme"),t=u==="dark"||u==="light"?u:s.getItem(k);if(u&&u===t)s.setItem(k,t);if(t!=="dark"&&t!=="light"){t=window.matchMedia&&matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}d.classList.remove("light","dark");d.classList.add(t);d.setAttribute("data-theme",t);d.style.colorScheme=t}catch(e){}})()`
