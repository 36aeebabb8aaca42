import { z } from 'zod'

// zod compiles object schemas with `new Function` when it can, and probes for that once; under the pages' strict CSP
// the probe itself is reported as a violation on every page. Code that runs in the browser takes z from here, so
// the setting is made before any schema is built (lint refuses `zod` itself outside the server).
z.config({ jitless: true })

export { z }
