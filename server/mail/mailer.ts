import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createTransport } from 'nodemailer'
import type { Logger } from 'pino'

export type Mail = {
  to: string
  subject: string
  text: string
  html: string
  link?: string | undefined
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>
}

export interface Mailer {
  send(mail: Mail): Promise<void>
}

/** One of our messages as nodemailer takes it, whichever transport carries it. */
const messageOf = (from: string, mail: Mail) => ({
  from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  headers: mail.headers,
})

/** Delivers through an SMTP server (SMTP_URL). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport(smtpUrl)
  return {
    async send(mail) {
      await transport.sendMail(messageOf(from, mail))
    },
  }
}

/** Writes each message as an .eml file and logs its link, so sign-up works with no mail server. */
export function createFileMailer(folder: string, from: string, logger: Logger): Mailer {
  mkdirSync(folder, { recursive: true })
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(mail) {
      const info = await transport.sendMail(messageOf(from, mail))
      const file = join(folder, `${Date.now()}-${mail.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`)
      writeFileSync(file, info.message as Buffer)
      logger.info({ to: mail.to, subject: mail.subject, link: mail.link, file }, 'e-mail gravado em arquivo')
    },
  }
}
