import { createTransport } from 'nodemailer'
import type { Mailer } from './mailer.server.ts'

/**
 * The Node mailer: SMTP through nodemailer to the server PORTALSCOPE_SMTP_URL names (`smtp://user:pass@host:587`,
 * `smtps://...` for TLS from the start). Timeouts keep an unreachable server from holding an owner's request long.
 */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text })
    },
  }
}
