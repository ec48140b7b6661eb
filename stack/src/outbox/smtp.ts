// Optional real delivery: when `[auth.email.smtp]` names a host, emails also go out through
// nodemailer (the outbox keeps its copy either way), loaded with the first email sent.
import type { Transporter } from 'nodemailer';
import type { Config } from '../config/config.ts';
import type { OutgoingMessage } from './outbox.ts';

type Smtp = NonNullable<Config['auth']['email']['smtp']>;

export function createSmtpSender(smtp: Smtp): (m: OutgoingMessage) => Promise<void> {
  let transport: Promise<Transporter> | undefined;
  const open = async () => {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.port === 465,
      auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
    });
  };
  const from = smtp.senderName ? `"${smtp.senderName}" <${smtp.adminEmail}>` : smtp.adminEmail;
  return async (m) => {
    transport ??= open();
    await (
      await transport
    ).sendMail({
      from,
      to: m.recipient,
      subject: m.subject,
      text: m.text,
      html: m.html,
    });
  };
}
