import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

// A real SMTP server on loopback for tests (the smtp-server package): it takes whatever is sent to it and keeps the
// messages, their headers and text decoded the way a mail client would (encoded words, quoted-printable, base64).

export type ReceivedMail = { from: string; to: string[]; headers: Map<string, string>; subject: string; text: string; raw: string }

export type SmtpInbox = { url: string; messages: ReceivedMail[]; next(): Promise<ReceivedMail>; close(): Promise<void> }

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = []
  const waiting: Array<(mail: ReceivedMail) => void> = []
  const server = new SMTPServer({
    // Plain SMTP on loopback: no TLS upgrade to negotiate, no account to sign in with.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
        const mail = { ...parseMessage(raw), from, to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw }
        const waiter = waiting.shift()
        if (waiter) waiter(mail)
        else messages.push(mail)
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = (server.server.address() as AddressInfo)
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next: () => {
      const ready = messages.shift()
      return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve))
    },
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  }
}

function parseMessage(raw: string): Pick<ReceivedMail, 'headers' | 'subject' | 'text'> {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  const body = raw.slice(split + 4)
  const headers = new Map<string, string>()
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim())
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  const text = encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body
  return { headers, subject: decodeWords(headers.get('subject') ?? ''), text: text.replace(/\r\n/g, '\n') }
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`)
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'))
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    )
}
