import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { ATTACHMENT_EXTENSIONS, ATTACHMENTS_PER_ITEM_MAX, cleanFilename, sniffAttachment, SNIFF_BYTES, type AttachmentView } from '../../../lib/domain/attachments.ts'
import { AttachmentTargetSchema } from '../../../lib/forms/attachment-schemas.ts'
import { IdSchema } from '../../../lib/forms/test-management-schemas.ts'
import { madeBy } from '../../../lib/made-by.ts'
import { forgetUnusedFiles } from '../../attachments/forget.server.ts'
import { StoreSizeMismatch } from '../../attachments/store.server.ts'
import { serverEnv } from '../../env.server.ts'
import { attachmentsOf, attachmentsOfCase, countAttachmentsOf, deleteAttachment, insertAttachment, projectAttachmentBytes } from '../../queries/attachments.server.ts'
import { requireAttachment, requireAttachmentTarget } from '../attachment-access.server.ts'
import type { TrpcContext } from '../context.server.ts'
import { protectedProcedure, router } from '../init.server.ts'
import { QUOTAS, takeQuota } from '../quotas.server.ts'

const MB = 1024 * 1024

/** The first bytes of a body, and the body again from its start: the type is decided before anything is stored. */
async function peek(body: ReadableStream<Uint8Array>, bytes: number): Promise<{ head: Uint8Array; body: ReadableStream<Uint8Array> }> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let length = 0
  while (length < bytes) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    length += value.byteLength
  }
  const head = new Uint8Array(length)
  let at = 0
  for (const chunk of chunks) {
    head.set(chunk, at)
    at += chunk.byteLength
  }
  let first = true
  const again = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (first) {
        first = false
        if (head.byteLength > 0) return controller.enqueue(head)
      }
      const { done, value } = await reader.read()
      if (done) controller.close()
      else controller.enqueue(value)
    },
    cancel: (reason) => reader.cancel(reason),
  })
  return { head, body: again }
}

function storeOf(ctx: TrpcContext) {
  if (!ctx.attachments) throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: ctx.t('attachments.unavailable') })
  return ctx.attachments
}

// Files on cases, steps, results and runs (docs/decisions/025-attachments.md). The bytes go up and come down over
// plain HTTP routes (server/attachments/routes.server.ts), which call `upload` through the caller so the same rules
// answer; `list` and `remove` are ordinary procedures.
export const attachmentsRouter = router({
  /**
   * The files on one target (a case's own, one step's, a result's or a run's), oldest first: viewers and up.
   * `withSteps`: a case's files and its steps' together (each with its `stepId`), for the case's page.
   */
  list: protectedProcedure.input(z.object({ target: AttachmentTargetSchema, withSteps: z.boolean().optional() })).query(async ({ ctx, input }): Promise<AttachmentView[]> => {
    await requireAttachmentTarget(ctx, input.target, 'read')
    return input.withSteps && input.target.kind === 'case' ? attachmentsOfCase(ctx.db, input.target.caseId) : attachmentsOf(ctx.db, input.target)
  }),

  /**
   * Stores a file on a target. The bytes come as a stream of a declared size, so only a server-side caller can give
   * them: POST /api/attachments. Access, the item's count, the size and the project's quota are checked before a byte
   * is read; the type from the name and the first bytes before anything is stored; the row is written only once the
   * whole file is.
   */
  upload: protectedProcedure
    .input(
      z.object({
        target: AttachmentTargetSchema,
        filename: z.string().max(1000),
        size: z.number().int().min(0),
        body: z.custom<ReadableStream<Uint8Array>>((value) => madeBy(value, ReadableStream)),
      }),
    )
    .mutation(async ({ ctx, input }): Promise<AttachmentView> => {
      const { projectId } = await requireAttachmentTarget(ctx, input.target, 'write')
      const filename = cleanFilename(input.filename)
      if (!filename) throw new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('attachments.noName') })
      const env = serverEnv()
      const maxBytes = Math.floor(env.PORTALSCOPE_ATTACHMENT_MAX_MB * MB)
      if (input.size > maxBytes) throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: ctx.t('attachments.tooLarge', { name: filename, megabytes: env.PORTALSCOPE_ATTACHMENT_MAX_MB }) })
      if (input.size === 0) throw new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('attachments.empty_file', { name: filename }) })
      if ((await countAttachmentsOf(ctx.db, input.target)) >= ATTACHMENTS_PER_ITEM_MAX) throw new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('attachments.tooMany', { count: ATTACHMENTS_PER_ITEM_MAX }) })
      const projectMax = Math.floor(env.PORTALSCOPE_ATTACHMENT_PROJECT_MB * MB)
      if ((await projectAttachmentBytes(ctx.db, projectId)) + input.size > projectMax) {
        throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: ctx.t('attachments.projectFull', { megabytes: env.PORTALSCOPE_ATTACHMENT_PROJECT_MB }) })
      }
      const store = storeOf(ctx)
      await takeQuota(ctx, QUOTAS.attachmentUploads)
      const { head, body } = await peek(input.body, SNIFF_BYTES)
      const sniffed = sniffAttachment(filename, head)
      if (!sniffed.ok) {
        await body.cancel().catch(() => undefined)
        const message = sniffed.problem === 'notImage' ? ctx.t('attachments.notImage', { name: filename }) : ctx.t('attachments.type', { name: filename, extensions: ATTACHMENT_EXTENSIONS.join(', ') })
        throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message })
      }
      let stored: { hash: string; size: number }
      try {
        stored = await store.put(body, input.size)
      } catch (error) {
        if (madeBy(error, StoreSizeMismatch)) throw new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('attachments.incomplete', { name: filename }) })
        console.error('Storing an attachment failed:', error)
        throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: ctx.t('attachments.storeFailed', { name: filename }), cause: error })
      }
      try {
        return await insertAttachment(ctx.db, { projectId, target: input.target, hash: stored.hash, size: stored.size, contentType: sniffed.contentType, kind: sniffed.kind, filename, createdBy: ctx.user.id })
      } catch (error) {
        // The row was not written: the file goes too, unless another row already names the same content.
        await forgetUnusedFiles(ctx.db, store, [stored.hash]).catch(() => undefined)
        throw error
      }
    }),

  /** Removes a file from its item (whoever may change the item); the stored bytes go once no other row names them. */
  remove: protectedProcedure.input(z.object({ id: IdSchema })).mutation(async ({ ctx, input }) => {
    await requireAttachment(ctx, input.id, 'write')
    const hash = await deleteAttachment(ctx.db, input.id)
    if (hash) await forgetUnusedFiles(ctx.db, ctx.attachments, [hash]).catch((error: unknown) => console.error('Removing an unused attachment file failed:', error))
    return { ok: true as const }
  }),
})
