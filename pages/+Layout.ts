export { Layout as default } from '../renderer/Layout.tsx'
