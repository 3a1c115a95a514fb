import { BookingApp } from './booking-app';
import { focusables, h, mount } from './dom';
import { pickLanguage, translator, type WidgetLanguage } from './i18n';
import { publicApi } from './public-api';
import { WIDGET_CSS } from './styles';
import type { FetchLike } from '@pawline/api-client';

export type WidgetMode = 'inline' | 'popup' | 'floating';

export function widgetMode(value: string | null): WidgetMode {
  return value === 'popup' || value === 'floating' ? value : 'inline';
}

export type ElementSettings = {
  /** where the public API is: the origin the script came from */
  apiOrigin: string;
  fetch?: FetchLike;
};

/**
 * <pawline-booking store="{store public id}" mode="inline|popup|floating" lang="en|it|de|fr">:
 * the booking flow in a shadow root, in place or in a modal dialog opened by a button.
 */
export function bookingElementClass(settings: ElementSettings): CustomElementConstructor {
  return class PawlineBookingElement extends HTMLElement {
    static get observedAttributes() {
      return ['store', 'mode', 'lang', 'api'];
    }

    private root: ShadowRoot | null = null;
    private app: BookingApp | null = null;
    private opener: HTMLButtonElement | null = null;
    private backdrop: HTMLElement | null = null;
    private pageLang: MutationObserver | null = null;
    private savedOverflow = '';

    /** The widget's language: its lang attribute, else the page's <html lang>, else English. */
    get language(): WidgetLanguage {
      return pickLanguage(this.getAttribute('lang'), document.documentElement.lang);
    }

    connectedCallback(): void {
      if (!this.root) this.root = this.attachShadow({ mode: 'open' });
      this.pageLang ??= new MutationObserver(() => this.relabel());
      this.pageLang.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
      this.build();
    }

    disconnectedCallback(): void {
      this.pageLang?.disconnect();
      if (this.backdrop) this.close();
    }

    attributeChangedCallback(name: string, previous: string | null, next: string | null): void {
      if (!this.root || previous === next) return;
      if (name === 'lang') this.relabel();
      else this.build();
    }

    private relabel(): void {
      if (!this.root) return;
      this.app?.relabel();
      const t = translator(this.language);
      if (this.opener) this.opener.textContent = t('open');
      this.backdrop?.querySelector('.pw-close')?.setAttribute('aria-label', t('close'));
      this.backdrop?.querySelector('[role=dialog]')?.setAttribute('aria-label', t('title'));
    }

    private build(): void {
      const root = this.root;
      if (!root) return;
      if (this.backdrop) this.close();
      const origin = (this.getAttribute('api') ?? settings.apiOrigin).replace(/\/+$/, '');
      const api = publicApi({ origin, publicId: this.getAttribute('store') ?? '', language: () => this.language, fetch: settings.fetch });
      this.app = new BookingApp({ api, language: () => this.language, t: () => translator(this.language) });
      const mode = widgetMode(this.getAttribute('mode'));
      const style = h('style', null, WIDGET_CSS);
      if (mode === 'inline') {
        this.opener = null;
        mount(root, style, h('div', { class: 'pw-root' }, this.app.element));
        void this.app.start();
        return;
      }
      this.opener = h(
        'button',
        {
          type: 'button',
          class: `pw-open${mode === 'floating' ? ' pw-floating' : ''}`,
          'aria-haspopup': 'dialog',
          onclick: () => this.open(),
        },
        translator(this.language)('open'),
      );
      mount(root, style, h('div', { class: 'pw-root' }, this.opener));
    }

    /** Opens the modal dialog: focus on the step's heading, Tab kept inside, Escape closes. */
    open(): void {
      const root = this.root;
      const app = this.app;
      if (!root || !app || this.backdrop) return;
      const t = translator(this.language);
      const dialog = h(
        'div',
        { class: 'pw-dialog', role: 'dialog', 'aria-modal': 'true', 'aria-label': t('title') },
        h('button', { type: 'button', class: 'pw-close pw-secondary', 'aria-label': t('close'), onclick: () => this.close() }, '×'),
        app.element,
      );
      this.backdrop = h(
        'div',
        {
          class: 'pw-backdrop',
          onmousedown: (event: Event) => {
            if (event.target === this.backdrop) this.close();
          },
          onkeydown: (event: Event) => this.trap(event as KeyboardEvent, dialog),
        },
        dialog,
      );
      root.querySelector('.pw-root')?.appendChild(this.backdrop);
      this.savedOverflow = document.documentElement.style.overflow;
      document.documentElement.style.overflow = 'hidden';
      void app.start().then(() => app.focusHeading());
      app.focusHeading();
      if (root.activeElement === null || root.activeElement === this.opener) dialog.querySelector<HTMLElement>('.pw-close')?.focus();
    }

    close(): void {
      this.backdrop?.remove();
      this.backdrop = null;
      document.documentElement.style.overflow = this.savedOverflow;
      this.opener?.focus();
    }

    private trap(event: KeyboardEvent, dialog: HTMLElement): void {
      if (event.key === 'Escape') {
        event.preventDefault();
        this.close();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(dialog);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const active = this.root?.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active ?? null))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };
}
