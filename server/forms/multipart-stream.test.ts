import { describe, expect, it } from 'vitest'
import { multipartBoundary, MultipartError, readMultipartUpload } from './multipart-stream.server.ts'

// A form upload read as a stream: fields before the file collected, the file's bytes handed on exactly, wherever the
// pieces of the body happen to split (inside the boundary too).

const BOUNDARY = '----WebKitFormBoundaryx7Qp2'

function body(parts: string[], pieceSize: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(parts.join(''))
  let at = 0
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close()
      controller.enqueue(bytes.slice(at, at + pieceSize))
      at += pieceSize
    },
  })
}

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text()
}

const FILE = '<testsuite>\r\n  <testcase classname="a" name="ř"/>\r\n--not-the-boundary\r\n</testsuite>\r\n'
const FORM = [
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="createUnknown"\r\n\r\non\r\n`,
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="TEST-a.xml"\r\nContent-Type: text/xml\r\n\r\n${FILE}\r\n`,
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="after"\r\n\r\nignored\r\n--${BOUNDARY}--\r\n`,
]

describe('readMultipartUpload', () => {
  for (const size of [1, 3, 17, 4096]) {
    it(`collects the fields before the file and streams the file exactly (pieces of ${size} bytes)`, async () => {
      const upload = await readMultipartUpload(body(FORM, size), BOUNDARY, 'file')
      expect(Object.fromEntries(upload.fields)).toEqual({ createUnknown: 'on' })
      expect(upload.file?.filename).toBe('TEST-a.xml')
      expect(await text(upload.file!.stream)).toBe(FILE)
    })
  }

  it('answers no file when the form has none, and refuses a form cut off in its fields', async () => {
    expect((await readMultipartUpload(body([FORM[0]!, `--${BOUNDARY}--\r\n`], 5), BOUNDARY, 'file')).file).toBeNull()
    await expect(readMultipartUpload(body([FORM[0]!.slice(0, 60)], 5), BOUNDARY, 'file')).rejects.toThrow(MultipartError)
  })

  it('ends the file where a cut-off form ends, for the reader to judge', async () => {
    const upload = await readMultipartUpload(body([FORM[1]!.slice(0, 150)], 7), BOUNDARY, 'file')
    expect(FILE.startsWith(await text(upload.file!.stream))).toBe(true)
  })

  it('reads the boundary of a content type', () => {
    expect(multipartBoundary(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY)
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe('a b')
    expect(multipartBoundary('application/xml')).toBeNull()
  })
})
