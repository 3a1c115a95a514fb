import deAuth from './locales/de/auth.json';
import deCalendar from './locales/de/calendar.json';
import deClients from './locales/de/clients.json';
import deCommon from './locales/de/common.json';
import deErrors from './locales/de/errors.json';
import deSettings from './locales/de/settings.json';
import deShell from './locales/de/shell.json';
import deValidation from './locales/de/validation.json';
import enAuth from './locales/en/auth.json';
import enCalendar from './locales/en/calendar.json';
import enClients from './locales/en/clients.json';
import enCommon from './locales/en/common.json';
import enErrors from './locales/en/errors.json';
import enSettings from './locales/en/settings.json';
import enShell from './locales/en/shell.json';
import enValidation from './locales/en/validation.json';
import frAuth from './locales/fr/auth.json';
import frCalendar from './locales/fr/calendar.json';
import frClients from './locales/fr/clients.json';
import frCommon from './locales/fr/common.json';
import frErrors from './locales/fr/errors.json';
import frSettings from './locales/fr/settings.json';
import frShell from './locales/fr/shell.json';
import frValidation from './locales/fr/validation.json';
import itAuth from './locales/it/auth.json';
import itCalendar from './locales/it/calendar.json';
import itClients from './locales/it/clients.json';
import itCommon from './locales/it/common.json';
import itErrors from './locales/it/errors.json';
import itSettings from './locales/it/settings.json';
import itShell from './locales/it/shell.json';
import itValidation from './locales/it/validation.json';

import type { Catalogue, Language } from './namespaces';
import enMessages from './locales/en/messages.json';
import itMessages from './locales/it/messages.json';
import deMessages from './locales/de/messages.json';
import frMessages from './locales/fr/messages.json';
import enBookingSetup from './locales/en/booking-setup.json';
import itBookingSetup from './locales/it/booking-setup.json';
import deBookingSetup from './locales/de/booking-setup.json';
import frBookingSetup from './locales/fr/booking-setup.json';
import enCampaigns from './locales/en/campaigns.json';
import itCampaigns from './locales/it/campaigns.json';
import deCampaigns from './locales/de/campaigns.json';
import frCampaigns from './locales/fr/campaigns.json';
import enAnalyses from './locales/en/analyses.json';
import itAnalyses from './locales/it/analyses.json';
import deAnalyses from './locales/de/analyses.json';
import frAnalyses from './locales/fr/analyses.json';
import enCounter from './locales/en/counter.json';
import itCounter from './locales/it/counter.json';
import deCounter from './locales/de/counter.json';
import frCounter from './locales/fr/counter.json';

// Every catalogue, imported statically: for tests, the key check and Node. The frontends load one
// language's namespaces when needed instead (catalogue-loader.ts), so they never import this file.
export * from './namespaces';

const english = {
  common: enCommon,
  auth: enAuth,
  shell: enShell,
  settings: enSettings,
  errors: enErrors,
  validation: enValidation,
  clients: enClients,
  calendar: enCalendar,
  messages: enMessages,
  'booking-setup': enBookingSetup,
  campaigns: enCampaigns,
  analyses: enAnalyses,
  counter: enCounter,
};

export const CATALOGUES: Readonly<Record<Language, Catalogue>> = {
  en: english,
  it: {
    common: itCommon,
    auth: itAuth,
    shell: itShell,
    settings: itSettings,
    errors: itErrors,
    validation: itValidation,
    clients: itClients,
    calendar: itCalendar,
    messages: itMessages,
    'booking-setup': itBookingSetup,
    campaigns: itCampaigns,
    analyses: itAnalyses,
    counter: itCounter,
  },
  de: {
    common: deCommon,
    auth: deAuth,
    shell: deShell,
    settings: deSettings,
    errors: deErrors,
    validation: deValidation,
    clients: deClients,
    calendar: deCalendar,
    messages: deMessages,
    'booking-setup': deBookingSetup,
    campaigns: deCampaigns,
    analyses: deAnalyses,
    counter: deCounter,
  },
  fr: {
    common: frCommon,
    auth: frAuth,
    shell: frShell,
    settings: frSettings,
    errors: frErrors,
    validation: frValidation,
    clients: frClients,
    calendar: frCalendar,
    messages: frMessages,
    'booking-setup': frBookingSetup,
    campaigns: frCampaigns,
    analyses: frAnalyses,
    counter: frCounter,
  },
};
