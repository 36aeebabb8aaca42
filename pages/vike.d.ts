import type { Database } from '../db/client.server.ts'
import type { MessageKey, Messages } from '../lib/i18n/catalog.ts'
import type { Locale } from '../lib/i18n/locales.ts'
import type { FormPostState } from '../lib/forms/form-post.ts'
import type { DemoLoadProgress } from '../server/queries/demo-load.server.ts'
import type { SessionUser } from '../server/user.server.ts'

declare global {
  namespace Vike {
    interface PageContext {
      user: SessionUser | null
      locale: Locale
      /** English texts for keys the active catalogue lacks (passed to the client; normally empty). */
      messageFallbacks: Messages
      /** The active catalogue, flattened; set on the server and, from its chunk, on the client. */
      messages: Messages
      /** The page's own texts of the `pages` group, parsed (passed to the client; lib/i18n/page-text.ts). */
      pageTexts: Messages
      /** What `throw render(status, reason)` carries: a note for the log, or a message in the user's language to show. */
      abortReason?: string | { userMessage: string }
      /** A form posted without JavaScript and refused: its values and messages (server/forms/form-posts.server.ts). */
      formPost: FormPostState | null
      /** The first-start demo catalogue load in progress, on the pages whose figures it changes; otherwise null. */
      demoLoad: DemoLoadProgress | null
      /** The figures beside navigation items for the signed-in person (renderer/nav-items.ts); null for a guest. */
      navCounts: { myWork: number } | null
      /**
       * The home map's first frame for the server's render of the page (features/map/MapPicture.tsx), set by
       * pages/index/+onBeforeRender.server.ts and never passed to the client: the page carries it once, in its markup.
       */
      mapPicture?: string | null
    }
    interface PageContextServer {
      db: Database | undefined
      serverRuntime: 'node' | 'workerd'
    }
    interface Config {
      titleKey?: MessageKey
      descriptionKey?: MessageKey
    }
    interface Server {
      server: 'hono'
    }
  }
}

export {}
