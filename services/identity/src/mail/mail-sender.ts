/** A mail ready to send: the templates render text and HTML in the user's language. */
export type OutgoingMail = { to: string; subject: string; text: string; html: string };

/** The port every mail goes through; SMTP in production, the sandbox table in development and tests. */
export type MailSender = {
  readonly transport: 'smtp' | 'sandbox';
  send(mail: OutgoingMail): Promise<void>;
};

export const MAIL_SENDER = Symbol('MAIL_SENDER');
