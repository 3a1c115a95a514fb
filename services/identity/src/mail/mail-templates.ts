import type { IdentityLanguage } from '@pawline/contracts';
import type { OutgoingMail } from './mail-sender';

/** The texts of a mail that carries a one-time link and its token. */
type LinkMailTexts = { subject: string; greeting: string; body: string; action: string; token: string; expiry: string };

const verification: Record<IdentityLanguage, LinkMailTexts> = {
  en: {
    subject: 'Confirm your e-mail address for Pawline',
    greeting: 'Hello',
    body: 'Thank you for registering with Pawline. Please confirm your e-mail address to start your 15-day free trial.',
    action: 'Confirm e-mail address',
    token: 'Or type this code on the confirmation screen (valid for 15 minutes):',
    expiry: 'The link is valid for 48 hours.',
  },
  it: {
    subject: 'Conferma il tuo indirizzo e-mail per Pawline',
    greeting: 'Ciao',
    body: 'Grazie per esserti registrato a Pawline. Conferma il tuo indirizzo e-mail per iniziare la prova gratuita di 15 giorni.',
    action: 'Conferma indirizzo e-mail',
    token: 'Oppure digita questo codice nella schermata di conferma (valido 15 minuti):',
    expiry: 'Il link è valido per 48 ore.',
  },
  de: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse für Pawline',
    greeting: 'Hallo',
    body: 'Vielen Dank für Ihre Registrierung bei Pawline. Bitte bestätigen Sie Ihre E-Mail-Adresse, um Ihre 15-tägige kostenlose Testphase zu beginnen.',
    action: 'E-Mail-Adresse bestätigen',
    token: 'Oder geben Sie diesen Code im Bestätigungsfenster ein (15 Minuten gültig):',
    expiry: 'Der Link ist 48 Stunden gültig.',
  },
  fr: {
    subject: 'Confirmez votre adresse e-mail pour Pawline',
    greeting: 'Bonjour',
    body: 'Merci de votre inscription à Pawline. Veuillez confirmer votre adresse e-mail pour commencer votre essai gratuit de 15 jours.',
    action: "Confirmer l'adresse e-mail",
    token: 'Ou saisissez ce code sur l’écran de confirmation (valable 15 minutes) :',
    expiry: 'Le lien est valable 48 heures.',
  },
};

const reset: Record<IdentityLanguage, LinkMailTexts> = {
  en: {
    subject: 'Reset your Pawline password',
    greeting: 'Hello',
    body: 'Someone asked to reset the password of your Pawline account. If it was not you, ignore this mail.',
    action: 'Choose a new password',
    token: 'Or enter this code on the password reset page:',
    expiry: 'The link is valid for 2 hours.',
  },
  it: {
    subject: 'Reimposta la password di Pawline',
    greeting: 'Ciao',
    body: 'È stata richiesta la reimpostazione della password del tuo account Pawline. Se non sei stato tu, ignora questa e-mail.',
    action: 'Scegli una nuova password',
    token: 'Oppure inserisci questo codice nella pagina di reimpostazione della password:',
    expiry: 'Il link è valido per 2 ore.',
  },
  de: {
    subject: 'Setzen Sie Ihr Pawline-Passwort zurück',
    greeting: 'Hallo',
    body: 'Jemand hat das Zurücksetzen des Passworts Ihres Pawline-Kontos angefordert. Wenn Sie es nicht waren, ignorieren Sie diese E-Mail.',
    action: 'Neues Passwort wählen',
    token: 'Oder geben Sie diesen Code auf der Seite zum Zurücksetzen des Passworts ein:',
    expiry: 'Der Link ist 2 Stunden gültig.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Pawline',
    greeting: 'Bonjour',
    body: "Une réinitialisation du mot de passe de votre compte Pawline a été demandée. Si ce n'était pas vous, ignorez cet e-mail.",
    action: 'Choisir un nouveau mot de passe',
    token: 'Ou saisissez ce code sur la page de réinitialisation du mot de passe :',
    expiry: 'Le lien est valable 2 heures.',
  },
};

const emailChange: Record<IdentityLanguage, LinkMailTexts> = {
  en: {
    subject: 'Confirm your new e-mail address for Pawline',
    greeting: 'Hello',
    body: 'You asked to use this address for your Pawline account. Your old address stays in use until you confirm this one. If it was not you, ignore this mail.',
    action: 'Confirm new e-mail address',
    token: 'Or enter this code on the e-mail validation page:',
    expiry: 'The link is valid for 48 hours.',
  },
  it: {
    subject: 'Conferma il tuo nuovo indirizzo e-mail per Pawline',
    greeting: 'Ciao',
    body: 'Hai chiesto di usare questo indirizzo per il tuo account Pawline. Il vecchio indirizzo resta in uso finché non confermi questo. Se non sei stato tu, ignora questa e-mail.',
    action: 'Conferma il nuovo indirizzo e-mail',
    token: 'Oppure inserisci questo codice nella pagina di convalida e-mail:',
    expiry: 'Il link è valido per 48 ore.',
  },
  de: {
    subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse für Pawline',
    greeting: 'Hallo',
    body: 'Sie möchten diese Adresse für Ihr Pawline-Konto verwenden. Ihre bisherige Adresse bleibt gültig, bis Sie diese bestätigen. Wenn Sie es nicht waren, ignorieren Sie diese E-Mail.',
    action: 'Neue E-Mail-Adresse bestätigen',
    token: 'Oder geben Sie diesen Code auf der Seite zur E-Mail-Bestätigung ein:',
    expiry: 'Der Link ist 48 Stunden gültig.',
  },
  fr: {
    subject: 'Confirmez votre nouvelle adresse e-mail pour Pawline',
    greeting: 'Bonjour',
    body: "Vous avez demandé à utiliser cette adresse pour votre compte Pawline. Votre ancienne adresse reste active jusqu'à la confirmation de celle-ci. Si ce n'était pas vous, ignorez cet e-mail.",
    action: 'Confirmer la nouvelle adresse e-mail',
    token: 'Ou saisissez ce code sur la page de validation de l’e-mail :',
    expiry: 'Le lien est valable 48 heures.',
  },
};

const emailChangeNotice: Record<IdentityLanguage, LinkMailTexts> = {
  en: {
    subject: 'The e-mail address of your Pawline account is being changed',
    greeting: 'Hello',
    body: 'Someone asked to change the e-mail address of your Pawline account from this address to another one. If it was you, there is nothing to do. If it was not you, undo the change: this address is restored and every device is signed out. Then reset your password.',
    action: 'Undo the change',
    token: 'Or enter this code on the page of the link:',
    expiry: 'The link is valid for 7 days.',
  },
  it: {
    subject: "L'indirizzo e-mail del tuo account Pawline sta per cambiare",
    greeting: 'Ciao',
    body: "È stato chiesto di cambiare l'indirizzo e-mail del tuo account Pawline da questo a un altro. Se sei stato tu, non devi fare nulla. Se non sei stato tu, annulla la modifica: questo indirizzo viene ripristinato e tutti i dispositivi vengono disconnessi. Poi reimposta la password.",
    action: 'Annulla la modifica',
    token: 'Oppure inserisci questo codice nella pagina del link:',
    expiry: 'Il link è valido per 7 giorni.',
  },
  de: {
    subject: 'Die E-Mail-Adresse Ihres Pawline-Kontos wird geändert',
    greeting: 'Hallo',
    body: 'Jemand möchte die E-Mail-Adresse Ihres Pawline-Kontos von dieser auf eine andere ändern. Wenn Sie es waren, ist nichts zu tun. Wenn nicht, machen Sie die Änderung rückgängig: Diese Adresse wird wiederhergestellt und alle Geräte werden abgemeldet. Setzen Sie danach Ihr Passwort zurück.',
    action: 'Änderung rückgängig machen',
    token: 'Oder geben Sie diesen Code auf der Seite des Links ein:',
    expiry: 'Der Link ist 7 Tage gültig.',
  },
  fr: {
    subject: "L'adresse e-mail de votre compte Pawline va changer",
    greeting: 'Bonjour',
    body: "Une modification de l'adresse e-mail de votre compte Pawline, de cette adresse vers une autre, a été demandée. Si c'était vous, il n'y a rien à faire. Sinon, annulez la modification : cette adresse est rétablie et tous les appareils sont déconnectés. Réinitialisez ensuite votre mot de passe.",
    action: 'Annuler la modification',
    token: 'Ou saisissez ce code sur la page du lien :',
    expiry: 'Le lien est valable 7 jours.',
  },
};

/**
 * What every link mail is made from: the address, the name to greet, the language and the token;
 * `code`, when given, is what the mail offers to type instead of the long token (issue 29).
 */
export type LinkMailInput = { to: string; firstName: string; language: IdentityLanguage; publicUrl: string; token: string; code?: string };

/** `${PUBLIC_URL}/<page>?token=<token>`, whatever trailing slashes PUBLIC_URL has. */
function pageLink(page: string): (publicUrl: string, token: string) => string {
  return (publicUrl, token) => `${publicUrl.replace(/\/+$/, '')}/${page}?token=${encodeURIComponent(token)}`;
}

export const verificationLink = pageLink('verify-email');
export const resetLink = pageLink('reset-password');
export const undoEmailChangeLink = pageLink('undo-email-change');

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * A mail that carries a one-time link and its token, in the user's language: greeting, text, the
 * link, the token to type instead, and how long both last; text and HTML.
 */
function linkMail(
  texts: Record<IdentityLanguage, LinkMailTexts>,
  linkOf: (publicUrl: string, token: string) => string,
): (input: LinkMailInput) => OutgoingMail {
  return (input) => {
    const t = texts[input.language];
    const link = linkOf(input.publicUrl, input.token);
    const typed = input.code ?? input.token;
    const text = [`${t.greeting} ${input.firstName},`, '', t.body, '', `${t.action}: ${link}`, '', t.token, typed, '', t.expiry].join('\n');
    const html = [
      `<p>${escapeHtml(t.greeting)} ${escapeHtml(input.firstName)},</p>`,
      `<p>${escapeHtml(t.body)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>`,
      `<p>${escapeHtml(t.token)}<br><code>${escapeHtml(typed)}</code></p>`,
      `<p>${escapeHtml(t.expiry)}</p>`,
    ].join('\n');
    return { to: input.to, subject: t.subject, text, html };
  };
}

/** The verification mail (R1.13). */
export const verificationMail = linkMail(verification, verificationLink);

/** The password reset mail (R1.13). */
export const passwordResetMail = linkMail(reset, resetLink);

/** R1.14: the mail to a new address; its link is the ordinary /verify-email link. */
export const emailChangeMail = linkMail(emailChange, verificationLink);

/** Issue 11: the mail to the old address when a change is asked for, with the link that undoes it. */
export const emailChangeNoticeMail = linkMail(emailChangeNotice, undoEmailChangeLink);
