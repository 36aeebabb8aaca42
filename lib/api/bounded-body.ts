// Answers read with a ceiling: a script or the CLI talks to whatever server its URL names, and a hostile or broken
// one could answer without end (a 150 MB answer took the CLI to 828 MB). Past the ceiling, reading stops.

export class AnswerTooLarge extends Error {
  readonly maxBytes: number
  constructor(maxBytes: number) {
    super(`The server's answer is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, more than this client reads`)
    this.name = 'AnswerTooLarge'
    this.maxBytes = maxBytes
  }
}

/** The stream, erroring with AnswerTooLarge (and cancelling the source) once more than `maxBytes` came through. */
export function boundedStream(body: ReadableStream<Uint8Array>, maxBytes: number): ReadableStream<Uint8Array> {
  let seen = 0
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength
        if (seen > maxBytes) controller.error(new AnswerTooLarge(maxBytes))
        else controller.enqueue(chunk)
      },
    }),
  )
}

/** The response with a body that stops at `maxBytes` (for clients that read it themselves, such as tRPC's). */
export function boundedResponse(response: Response, maxBytes: number): Response {
  if (!response.body) return response
  return new Response(boundedStream(response.body, maxBytes), { status: response.status, statusText: response.statusText, headers: response.headers })
}

/** The body as text, at most `maxBytes` of it: AnswerTooLarge beyond. */
export function boundedText(response: Response, maxBytes: number): Promise<string> {
  return boundedResponse(response, maxBytes).text()
}
