import type { FieldErrors } from './booking-state';
import { h, uid, type Child } from './dom';
import type { Translate } from './i18n';

// The form pieces every step builds its screen from: a labelled field with its error, a select, an input,
// a checkbox. An input writes what is typed straight into the widget's state (a step rebuilt keeps it).

export type FormControls = ReturnType<typeof formControls>;

export function formControls(t: Translate, fieldErrors: FieldErrors) {
  return {
    /** A labelled field with its error text (aria-invalid, aria-describedby). */
    field(name: string, label: string, control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, hint?: string): HTMLElement {
      const id = uid(name);
      control.id = id;
      control.name = name;
      const error = fieldErrors[name];
      const errorId = `${id}-error`;
      if (error) {
        control.setAttribute('aria-invalid', 'true');
        control.setAttribute('aria-describedby', errorId);
      }
      return h(
        'div',
        { class: 'pw-field' },
        h('label', { for: id }, label, hint && h('span', { class: 'pw-muted' }, ` (${hint.toLowerCase()})`)),
        control,
        error && h('p', { id: errorId, class: 'pw-field-error' }, t(error)),
      );
    },

    select(options: [string, string][], value: string, onChange: (value: string) => void): HTMLSelectElement {
      return h(
        'select',
        { onchange: (event: Event) => onChange((event.target as HTMLSelectElement).value) },
        h('option', { value: '' }, t('choose')),
        options.map(([optionValue, label]) => h('option', { value: optionValue, selected: optionValue === value }, label)),
      );
    },

    input(type: string, value: string, onInput: (value: string) => void, extra: Record<string, string> = {}): HTMLInputElement {
      return h('input', { type, value, ...extra, oninput: (event: Event) => onInput((event.target as HTMLInputElement).value) });
    },

    checkbox(label: Child, checked: boolean, onChange: (checked: boolean) => void, name: string): HTMLElement {
      return h(
        'label',
        { class: 'pw-choice' },
        h('input', { type: 'checkbox', name, checked, onchange: (event: Event) => onChange((event.target as HTMLInputElement).checked) }),
        h('span', null, label),
      );
    },
  };
}
