import type { ErrorCode } from './error-codes';
import { isLanguage, LANGUAGES, type Language } from './languages';

/** Languages of the error texts: the product's languages (languages.ts); anything else falls back to English. */
export const MESSAGE_LANGUAGES = LANGUAGES;
export type MessageLanguage = Language;

type Catalogue = Record<ErrorCode, string>;

// spec §8 fixes the English texts of the server_* codes; the others follow the same tone.
const en: Catalogue = {
  server_100: 'Wrong username or password',
  server_101: 'Email already exists. If you have forgotten your password, try resetting the password.',
  server_112: 'Wrong username or password',
  server_401: 'The id is already in use',
  server_701: 'Email is not confirmed. Please confirm your email first.',
  server_1010: 'This account cannot sign in at the moment. Please contact your administrator.',
  validation_failed: 'Some fields are not valid.',
  bad_json: 'The request body is not valid JSON.',
  payload_too_large: 'The request is too large.',
  unsupported_media_type: 'The request body must be JSON (Content-Type: application/json).',
  cross_site_request: 'This request came from another site and was refused. Please open Pawline directly.',
  unauthorized: 'Please sign in.',
  forbidden: 'You are not allowed to do this.',
  not_found: 'Not found.',
  conflict: 'This was changed in the meantime. Please reload and try again.',
  rate_limited: 'Too many attempts. Please try again later.',
  token_invalid: 'This link is not valid or has expired.',
  terms_not_accepted: 'Please accept the terms and conditions.',
  promo_code_invalid: 'This promo code is not valid.',
  username_unavailable: 'No username could be made from this name. Please try a different name.',
  unknown_reference: 'A pet or staff member you chose does not belong to this salon.',
  session_expired: 'Your session has expired. Please sign in again.',
  service_unavailable: 'The service is not available right now. Please try again shortly.',
  reply_window_closed:
    'The customer has not written in the last 24 hours, so WhatsApp allows no free text. Please send a template message instead.',
  checkout_not_allowed: 'This appointment cannot be checked out: it was declined, the customer did not come, or its day has not come yet.',
  status_not_allowed: 'This appointment cannot take this status now.',
  slot_taken: 'This time has just been booked by someone else. Please choose another one.',
  booking_closed: 'The salon does not take online bookings from you at the moment. Please call the salon.',
  whatsapp_signup_failed: 'WhatsApp could not confirm the connection: the sign-up has expired or was already used. Please connect again.',
  whatsapp_credentials_invalid:
    'WhatsApp did not accept these details. Please check the phone number ID, the WhatsApp Business Account ID and the access token.',
  whatsapp_number_in_use: 'This WhatsApp number is already connected to another organization.',
  whatsapp_unavailable: 'WhatsApp cannot be reached right now. Please try again shortly.',
  out_of_stock: 'There is not enough of this product in stock. Someone may have just sold the last one.',
  barcode_taken: 'Another product already has this barcode.',
  already_checked_out: 'This appointment has already been checked out.',
  return_exceeds_sale: "More units are being returned than are left on this sale's line.",
  discount_exceeds_line: 'A discount is larger than its line.',
  product_unavailable: "A product you chose is not in this salon's catalogue or was archived.",
  plan_required: 'Your plan does not include this, or its limit is reached. Please update your plan to Premium.',
  subscription_inactive: 'Your premium features have expired. Please ask your shop administrator to buy the premium package.',
  internal: 'An error occurred.',
};

const it: Catalogue = {
  server_100: 'Nome utente o password errati',
  server_101: "L'email esiste già. Se hai dimenticato la password, prova a reimpostarla.",
  server_112: 'Nome utente o password errati',
  server_401: "L'id è già in uso",
  server_701: "L'email non è confermata. Conferma prima la tua email.",
  server_1010: 'Questo account al momento non può accedere. Contatta il tuo amministratore.',
  validation_failed: 'Alcuni campi non sono validi.',
  bad_json: 'Il corpo della richiesta non è un JSON valido.',
  payload_too_large: 'La richiesta è troppo grande.',
  unsupported_media_type: 'Il corpo della richiesta deve essere JSON (Content-Type: application/json).',
  cross_site_request: 'Questa richiesta proviene da un altro sito ed \u00e8 stata rifiutata. Apri Pawline direttamente.',
  unauthorized: 'Effettua il login.',
  forbidden: 'Non hai il permesso di farlo.',
  not_found: 'Non trovato.',
  conflict: 'Nel frattempo è stato modificato. Ricarica e riprova.',
  rate_limited: 'Troppi tentativi. Riprova più tardi.',
  token_invalid: 'Questo link non è valido o è scaduto.',
  terms_not_accepted: 'Accetta i termini e le condizioni.',
  promo_code_invalid: 'Questo codice promozionale non è valido.',
  username_unavailable: 'Non è stato possibile creare un nome utente da questo nome. Prova con un nome diverso.',
  unknown_reference: 'Un animale o un membro dello staff scelto non appartiene a questo salone.',
  session_expired: 'La sessione è scaduta. Effettua di nuovo il login.',
  service_unavailable: 'Il servizio non è disponibile al momento. Riprova tra poco.',
  reply_window_closed:
    'Il cliente non ha scritto nelle ultime 24 ore, quindi WhatsApp non consente testo libero. Invia invece un messaggio modello.',
  checkout_not_allowed:
    'Questo appuntamento non può essere chiuso in cassa: è stato rifiutato, il cliente non si è presentato o il suo giorno non è ancora arrivato.',
  status_not_allowed: 'Questo appuntamento non può avere questo stato adesso.',
  slot_taken: 'Questo orario è appena stato prenotato da qualcun altro. Scegline un altro.',
  booking_closed: 'Il salone al momento non accetta tue prenotazioni online. Per favore chiama il salone.',
  whatsapp_signup_failed:
    'WhatsApp non ha potuto confermare il collegamento: la registrazione è scaduta o è già stata usata. Collega di nuovo.',
  whatsapp_credentials_invalid:
    "WhatsApp non ha accettato questi dati. Controlla l'ID del numero di telefono, l'ID dell'account WhatsApp Business e il token di accesso.",
  whatsapp_number_in_use: 'Questo numero WhatsApp è già collegato a un’altra organizzazione.',
  whatsapp_unavailable: 'WhatsApp non è raggiungibile al momento. Riprova tra poco.',
  out_of_stock: "Non c'è abbastanza di questo prodotto in magazzino. Forse qualcuno ha appena venduto l'ultimo.",
  barcode_taken: 'Un altro prodotto ha già questo codice a barre.',
  already_checked_out: 'Questo appuntamento è già stato chiuso in cassa.',
  return_exceeds_sale: 'Si stanno restituendo più pezzi di quelli rimasti su questa riga della vendita.',
  discount_exceeds_line: 'Uno sconto è più grande della sua riga.',
  product_unavailable: 'Un prodotto scelto non è nel catalogo di questo salone o è stato archiviato.',
  plan_required: 'Il tuo piano non include questa funzione o ne hai raggiunto il limite. Aggiorna il tuo piano a Premium.',
  subscription_inactive: "Le tue funzioni premium sono scadute. Chiedi all'amministratore del negozio di acquistare il pacchetto premium.",
  internal: 'Si è verificato un errore.',
};

const de: Catalogue = {
  server_100: 'Falscher Benutzername oder falsches Passwort',
  server_101: 'Diese E-Mail-Adresse existiert bereits. Wenn Sie Ihr Passwort vergessen haben, setzen Sie es zurück.',
  server_112: 'Falscher Benutzername oder falsches Passwort',
  server_401: 'Die ID wird bereits verwendet',
  server_701: 'Die E-Mail-Adresse ist nicht bestätigt. Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.',
  server_1010: 'Dieses Konto kann sich derzeit nicht anmelden. Bitte wenden Sie sich an Ihren Administrator.',
  validation_failed: 'Einige Felder sind ungültig.',
  bad_json: 'Der Inhalt der Anfrage ist kein gültiges JSON.',
  payload_too_large: 'Die Anfrage ist zu groß.',
  unsupported_media_type: 'Der Inhalt der Anfrage muss JSON sein (Content-Type: application/json).',
  cross_site_request: 'Diese Anfrage kam von einer anderen Website und wurde abgelehnt. Bitte \u00f6ffnen Sie Pawline direkt.',
  unauthorized: 'Bitte melden Sie sich an.',
  forbidden: 'Dazu sind Sie nicht berechtigt.',
  not_found: 'Nicht gefunden.',
  conflict: 'Dies wurde inzwischen geändert. Bitte laden Sie neu und versuchen Sie es erneut.',
  rate_limited: 'Zu viele Versuche. Bitte versuchen Sie es später erneut.',
  token_invalid: 'Dieser Link ist ungültig oder abgelaufen.',
  terms_not_accepted: 'Bitte akzeptieren Sie die Allgemeinen Geschäftsbedingungen.',
  promo_code_invalid: 'Dieser Aktionscode ist ungültig.',
  // spec §5 (R5.17) gives this text
  username_unavailable: 'Benutzername konnte nicht erstellt werden. Bitte versuchen Sie einen neuen Namen.',
  unknown_reference: 'Ein gewähltes Tier oder Teammitglied gehört nicht zu diesem Salon.',
  session_expired: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  service_unavailable: 'Der Dienst ist gerade nicht verfügbar. Bitte versuchen Sie es gleich noch einmal.',
  reply_window_closed:
    'Der Kunde hat in den letzten 24 Stunden nicht geschrieben, daher erlaubt WhatsApp keinen freien Text. Bitte senden Sie stattdessen eine Vorlagennachricht.',
  checkout_not_allowed:
    'Dieser Termin kann nicht abgerechnet werden: Er wurde abgesagt, der Kunde ist nicht erschienen oder sein Tag ist noch nicht gekommen.',
  status_not_allowed: 'Dieser Termin kann diesen Status jetzt nicht erhalten.',
  slot_taken: 'Diese Uhrzeit wurde gerade von jemand anderem gebucht. Bitte wählen Sie eine andere.',
  booking_closed: 'Der Salon nimmt derzeit keine Online-Buchungen von Ihnen an. Bitte rufen Sie den Salon an.',
  whatsapp_signup_failed:
    'WhatsApp konnte die Verbindung nicht bestätigen: Die Anmeldung ist abgelaufen oder wurde bereits verwendet. Bitte verbinden Sie erneut.',
  whatsapp_credentials_invalid:
    'WhatsApp hat diese Angaben nicht akzeptiert. Bitte prüfen Sie die Telefonnummer-ID, die WhatsApp-Business-Konto-ID und das Zugriffstoken.',
  whatsapp_number_in_use: 'Diese WhatsApp-Nummer ist bereits mit einer anderen Organisation verbunden.',
  whatsapp_unavailable: 'WhatsApp ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
  out_of_stock: 'Von diesem Produkt ist nicht genug auf Lager. Vielleicht wurde das letzte gerade verkauft.',
  barcode_taken: 'Ein anderes Produkt hat bereits diesen Barcode.',
  already_checked_out: 'Dieser Termin wurde bereits abgerechnet.',
  return_exceeds_sale: 'Es werden mehr Stück zurückgegeben, als auf dieser Verkaufszeile übrig sind.',
  discount_exceeds_line: 'Ein Rabatt ist höher als seine Zeile.',
  product_unavailable: 'Ein gewähltes Produkt ist nicht im Katalog dieses Salons oder wurde archiviert.',
  plan_required: 'Ihr Tarif enthält diese Funktion nicht oder ihr Limit ist erreicht. Bitte wechseln Sie zu Premium.',
  subscription_inactive: 'Ihre Premium-Funktionen sind abgelaufen. Bitten Sie Ihren Filialadministrator, das Premium-Paket zu kaufen.',
  internal: 'Ein Fehler ist aufgetreten.',
};

const fr: Catalogue = {
  server_100: "Nom d'utilisateur ou mot de passe incorrect",
  server_101: 'Cette adresse e-mail existe déjà. Si vous avez oublié votre mot de passe, essayez de le réinitialiser.',
  server_112: "Nom d'utilisateur ou mot de passe incorrect",
  server_401: "L'identifiant est déjà utilisé",
  server_701: "L'adresse e-mail n'est pas confirmée. Veuillez d'abord confirmer votre adresse e-mail.",
  server_1010: 'Ce compte ne peut pas se connecter pour le moment. Veuillez contacter votre administrateur.',
  validation_failed: 'Certains champs ne sont pas valides.',
  bad_json: "Le corps de la requête n'est pas un JSON valide.",
  payload_too_large: 'La requête est trop volumineuse.',
  unsupported_media_type: 'Le corps de la requ\u00eate doit \u00eatre du JSON (Content-Type: application/json).',
  cross_site_request: "Cette requ\u00eate provient d'un autre site et a \u00e9t\u00e9 refus\u00e9e. Veuillez ouvrir Pawline directement.",
  unauthorized: 'Veuillez vous connecter.',
  forbidden: "Vous n'êtes pas autorisé à faire cela.",
  not_found: 'Introuvable.',
  conflict: 'Ceci a été modifié entre-temps. Veuillez recharger et réessayer.',
  rate_limited: 'Trop de tentatives. Veuillez réessayer plus tard.',
  token_invalid: "Ce lien n'est pas valide ou a expiré.",
  terms_not_accepted: 'Veuillez accepter les conditions générales.',
  promo_code_invalid: "Ce code promo n'est pas valide.",
  username_unavailable: "Aucun nom d'utilisateur n'a pu être créé à partir de ce nom. Veuillez essayer un autre nom.",
  unknown_reference: "Un animal ou un membre de l'équipe choisi n'appartient pas à ce salon.",
  session_expired: 'Votre session a expiré. Veuillez vous reconnecter.',
  service_unavailable: "Le service n'est pas disponible pour le moment. Veuillez réessayer dans un instant.",
  reply_window_closed:
    "Le client n'a pas écrit au cours des dernières 24 heures, WhatsApp n'autorise donc pas de texte libre. Veuillez envoyer un message modèle.",
  checkout_not_allowed:
    "Ce rendez-vous ne peut pas être encaissé : il a été refusé, le client n'est pas venu ou son jour n'est pas encore arrivé.",
  status_not_allowed: 'Ce rendez-vous ne peut pas prendre ce statut maintenant.',
  slot_taken: "Ce créneau vient d'être réservé par quelqu'un d'autre. Veuillez en choisir un autre.",
  booking_closed: "Le salon n'accepte pas vos réservations en ligne pour le moment. Veuillez appeler le salon.",
  whatsapp_signup_failed:
    "WhatsApp n'a pas pu confirmer la connexion : l'inscription a expiré ou a déjà été utilisée. Veuillez vous reconnecter.",
  whatsapp_credentials_invalid:
    "WhatsApp n'a pas accepté ces informations. Vérifiez l'identifiant du numéro de téléphone, celui du compte WhatsApp Business et le jeton d'accès.",
  whatsapp_number_in_use: 'Ce numéro WhatsApp est déjà connecté à une autre organisation.',
  whatsapp_unavailable: "WhatsApp n'est pas joignable pour le moment. Veuillez réessayer dans un instant.",
  out_of_stock: "Il n'y a pas assez de ce produit en stock. Quelqu'un vient peut-être de vendre le dernier.",
  barcode_taken: 'Un autre produit a déjà ce code-barres.',
  already_checked_out: 'Ce rendez-vous a déjà été encaissé.',
  return_exceeds_sale: "Vous retournez plus d'unités qu'il n'en reste sur cette ligne de la vente.",
  discount_exceeds_line: 'Une remise est supérieure à sa ligne.',
  product_unavailable: "Un produit choisi n'est pas dans le catalogue de ce salon ou a été archivé.",
  plan_required: "Votre formule n'inclut pas cette fonction ou sa limite est atteinte. Veuillez passer à Premium.",
  subscription_inactive: "Vos fonctions premium ont expiré. Demandez à l'administrateur de votre salon d'acheter le forfait premium.",
  internal: 'Une erreur est survenue.',
};

export const ERROR_MESSAGES: Record<MessageLanguage, Catalogue> = { en, it, de, fr };

export function isMessageLanguage(value: string): value is MessageLanguage {
  return isLanguage(value);
}

/**
 * The text of an error code in a language ('it', 'it-CH' and 'IT' all mean Italian);
 * unknown languages get English. `{name}` placeholders are filled from params.
 */
export function errorMessage(code: ErrorCode, lang: string, params?: Record<string, string | number>): string {
  const base = lang.slice(0, 2).toLowerCase();
  const catalogue = isMessageLanguage(base) ? ERROR_MESSAGES[base] : ERROR_MESSAGES.en;
  const template = catalogue[code];
  return template.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    return value === undefined ? '' : String(value);
  });
}
