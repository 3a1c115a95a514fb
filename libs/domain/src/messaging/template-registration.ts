import type { MessageLanguage, TemplateCategory } from './default-templates';
import { registeredParameters, registeredTemplate, type RegisteredTemplate, type TemplateText } from './registered-template';
import { EXAMPLE_VALUES, buttonLabels } from './whatsapp-wording';

/** One of our templates as it is registered in a salon's WhatsApp Business Account, in one language. */
export type TemplateRegistration = RegisteredTemplate & {
  name: string;
  language: MessageLanguage;
  category: TemplateCategory;
  /** one example value per parameter (WhatsApp's review wants them) */
  examples: string[];
  /** the quick replies' labels, in the template's language */
  buttons: string[];
};

export type RegistrationSource = TemplateText & {
  name: string;
  language: MessageLanguage;
  category: TemplateCategory;
  button: 0 | 1 | 2 | 3 | 4;
};

/** The registration of a template whose `anchors` are always filled (throws NoAnchorError when none is). */
export function registrationOf(source: RegistrationSource, anchors: ReadonlySet<string>): TemplateRegistration {
  const registered = registeredTemplate(source, anchors);
  const examples = registeredParameters(registered, (variable) => EXAMPLE_VALUES[source.language][variable] ?? variable);
  if (!('parameters' in examples)) throw new Error(`no example value for ${examples.emptyAnchor}`);
  return {
    ...registered,
    name: source.name,
    language: source.language,
    category: source.category,
    examples: examples.parameters,
    buttons: [...buttonLabels(source.button, source.language)],
  };
}
