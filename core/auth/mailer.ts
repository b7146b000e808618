import type { Transporter } from 'nodemailer';
import type { ServerEnv } from '../../config/env.js';

export interface Mailer {
  send(message: { to: string; subject: string; text: string; html?: string }): Promise<void>;
}

/** SMTP is on when EMAIL_SERVICE or EMAIL_HOST is set. */
export function isEmailConfigured(env: Pick<ServerEnv, 'EMAIL_SERVICE' | 'EMAIL_HOST'>): boolean {
  return Boolean(env.EMAIL_SERVICE || env.EMAIL_HOST);
}

/** Null when SMTP is off. */
export function createMailer(env: ServerEnv): Mailer | null {
  if (!isEmailConfigured(env)) return null;
  const options = {
    ...(env.EMAIL_SERVICE ? { service: env.EMAIL_SERVICE } : { host: env.EMAIL_HOST, port: env.EMAIL_PORT }),
    secure: env.EMAIL_ENCRYPTION === 'tls',
    requireTLS: env.EMAIL_ENCRYPTION === 'starttls',
    tls: {
      servername: env.EMAIL_ENCRYPTION_HOSTNAME,
      rejectUnauthorized: !env.EMAIL_ALLOW_SELFSIGNED,
    },
    ...(env.EMAIL_USERNAME ? { auth: { user: env.EMAIL_USERNAME, pass: env.EMAIL_PASSWORD } } : {}),
  };
  // nodemailer (about 13 MB once loaded) is imported on the first mail, not at every start.
  let transport: Promise<Transporter> | undefined;
  const from = env.EMAIL_FROM_NAME ? `"${env.EMAIL_FROM_NAME}" <${env.EMAIL_FROM}>` : env.EMAIL_FROM;
  return {
    async send(message) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options));
      await (await transport).sendMail({ from, ...message });
    },
  };
}
