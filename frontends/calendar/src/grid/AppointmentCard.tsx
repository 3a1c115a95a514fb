import type { Appointment } from '@pawline/contracts';
import { cardTextColour, mixColours } from '@pawline/domain';
import { Fragment, type CSSProperties, type PointerEvent as ReactPointerEvent } from 'react';
import type { CardLook } from '../calendar/appointment-model';
import { clockText } from '../calendar/calendar-dates';
import type { Translate } from '../i18n/translator';
import { customerReplyKey, reminderStatusKey, reminderStatusName } from './reminder-status';

type Props = {
  appointment: Appointment;
  /** the card's text (card-text.ts): its first line follows the time, further lines ('\n') go below */
  label: string;
  look: CardLook;
  t: Translate;
  style?: CSSProperties;
  compact?: boolean;
  /** too short for more than one line (15 minutes): the heading alone, smaller, never overlapping */
  oneLine?: boolean;
  dragging?: boolean;
  onPointerDown?: (event: ReactPointerEvent<HTMLDivElement>) => void;
  onResizePointerDown?: (event: ReactPointerEvent<HTMLDivElement>) => void;
  onOpen: () => void;
  /** the card's menu (issue 26): a right click at the pointer, the context-menu key or Shift+F10 at the card */
  onMenu?: (point: { x: number; y: number }) => void;
  /** issue 31 a pet's required vaccine is missing or expired on the appointment's day (calendar/care-flags.ts) */
  care?: 'missing' | 'expired' | null;
};

// Plain elements and one shared stylesheet: a week holds hundreds of cards, and per-element style
// props would cost more than the whole 100 ms render budget of issue 5. Only the place and the
// colours are set per card. The card's own text is its first line (the label, in bold), with no
// element of its own: each element costs a style computation (Chakra's global rules give every
// element two dozen custom properties) and the week's cards are most of the page's elements.
// The done mark is drawn, not a ✓ character: no font here has that glyph, and the first one on a
// page costs a system font fallback lookup (a few ms of the first render).
const CARD_CSS = `
.pl-card{position:absolute;box-sizing:border-box;border-left:4px solid;border-radius:4px;color:#fff;padding:0 4px;overflow:hidden;overflow-wrap:normal;word-break:normal;hyphens:none;font-size:12px;font-weight:600;line-height:1.2;cursor:grab;user-select:none;-webkit-user-select:none;-webkit-touch-callout:none;touch-action:manipulation}
.pl-card.pl-compact{position:relative;cursor:pointer;margin-bottom:2px;white-space:nowrap;text-overflow:ellipsis}
.pl-card.pl-one-line{white-space:nowrap;text-overflow:ellipsis;font-size:10px;line-height:10px;padding-top:0}
.pl-card.pl-dragging{opacity:.75}
.pl-card.pl-declined{border-left-style:dashed;background-image:repeating-linear-gradient(135deg,transparent 0 6px,rgba(255,255,255,.25) 6px 12px)}
.pl-card .pl-struck{text-decoration:line-through}
.pl-card .pl-more{display:block;font-weight:400;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.pl-card .pl-line{display:block;font-weight:400}
.pl-card .pl-line::before{content:"";display:inline-block;width:4px;height:8px;margin:0 5px 2px 2px;border:solid currentColor;border-width:0 1.5px 1.5px 0;transform:rotate(45deg)}
.pl-card .pl-badge{display:block;font-weight:700}
.pl-card .pl-rs{position:absolute;top:2px;right:2px;width:9px;height:9px;border-radius:50%;border:1.5px solid #fff;box-sizing:border-box}
.pl-rs-in_process{background:transparent}
.pl-rs-sent{background:#9e9e9e}
.pl-rs-delivered{background:#43a047}
.pl-rs-read{background:#1e88e5}
.pl-rs-opened{background:#8e24aa}
.pl-rs-failed{background:#e53935}
.pl-rs-undelivered{background:#fb8c00}
.pl-card .pl-reply{display:block;font-weight:700}
.pl-card .pl-unassigned{display:block;font-weight:400;font-style:italic}
.pl-card .pl-care{display:block;width:max-content;max-width:100%;font-weight:700;background:#fff;color:#b71c1c;border-radius:3px;padding:0 3px;margin:1px 0;overflow:hidden;text-overflow:ellipsis}
.pl-card .pl-care-dot{position:absolute;top:2px;right:13px;width:9px;height:9px;border-radius:2px;background:#fff;border:2px solid #b71c1c;box-sizing:border-box}
.pl-card .pl-handle{position:absolute;left:0;right:0;bottom:0;height:6px;cursor:ns-resize}
@media (pointer:coarse){.pl-card .pl-handle{height:14px}}
`;

// the declined card's stripes (CARD_CSS) are white at 25 % over the card: its text must read on both
const DECLINED_STRIPE = { colour: '#ffffff', alpha: 0.25 };

/** The card's text colour: white where it reaches WCAG AA on the card, else black (issue 16). */
export function cardTextOn(look: CardLook): string {
  const card = look.scheme.card;
  return cardTextColour(
    look.state === 'declined' || look.state === 'no_show'
      ? [card, mixColours(DECLINED_STRIPE.colour, DECLINED_STRIPE.alpha, card)]
      : [card],
  );
}

/** The cards' stylesheet; React hoists and dedupes it by href (render it with any card list). */
export function CardStyles() {
  return (
    <style href="pawline-calendar-cards" precedence="default">
      {CARD_CSS}
    </style>
  );
}

/** An appointment in the staff member's colours; done and declined cards look different (R9.09, R3.07). */
export function AppointmentCard({
  appointment: a,
  label,
  look,
  t,
  style,
  compact,
  oneLine,
  dragging,
  onPointerDown,
  onResizePointerDown,
  onOpen,
  onMenu,
  care = null,
}: Props) {
  const start = a.hour * 60 + a.min;
  const time = `${clockText(start)}–${clockText(Math.min(start + a.duration, 1440))}`;
  // declined and no-show free the time and look alike; their badge says which
  const declined = look.state === 'declined' || look.state === 'no_show';
  const freedText = look.state === 'no_show' ? t('calendar.noShow') : t('calendar.declined');
  const [first = '', ...more] = label.split('\n');
  const heading = `${compact ? clockText(start) : time} ${first}`;
  // R4.12 the WhatsApp reminder's status as a coloured mark with its text as tooltip
  const reminder = reminderStatusName(a.reminder_status);
  const reminderText = reminder ? t(reminderStatusKey(reminder)) : null;
  const confirmed = customerReplyKey(a.status) === 'calendar.confirmedByCustomer';
  const done = look.state === 'done' && !compact;
  const short = compact || oneLine;
  // The name is the card's visible text as it reads, word for word (axe label-content-name-mismatch: a voice
  // user says what they see; the parts are apart by a space in the page too), then what only marks say.
  const lines = short ? [] : more;
  // issue 26: an appointment without a groomer says so (it takes a place from the store's pool)
  const unassigned = a.user_id === null && !compact;
  const careText = care ? t(care === 'missing' ? 'calendar.vaccineMissing' : 'calendar.vaccineExpired') : null;
  const marks = short
    ? []
    : [
        declined ? freedText : null,
        confirmed ? t('calendar.confirmed') : null,
        done ? t('calendar.checkedOut') : null,
        unassigned ? t('calendar.unassigned') : null,
        careText,
      ];
  const visible = [heading, ...lines, ...marks].filter((text): text is string => Boolean(text));
  const hidden = short
    ? [
        declined ? freedText : null,
        confirmed ? t('calendar.confirmed') : null,
        look.state === 'done' ? t('calendar.checkedOut') : null,
        unassigned ? t('calendar.unassigned') : null,
        careText,
      ]
    : [];
  const others = [...hidden, confirmed ? t('calendar.confirmedByCustomer') : null, reminderText].filter((text): text is string =>
    Boolean(text),
  );
  const name = others.length > 0 ? `${visible.join(' ')} (${others.join(', ')})` : visible.join(' ');
  return (
    <div
      role="button"
      tabIndex={0}
      className={`pl-card${compact ? ' pl-compact' : ''}${oneLine ? ' pl-one-line' : ''}${declined ? ' pl-declined' : ''}${dragging ? ' pl-dragging' : ''}`}
      data-testid="appointment-card"
      data-appointment-id={a.id}
      data-state={look.state}
      aria-label={name}
      aria-haspopup={onMenu ? 'menu' : undefined}
      aria-keyshortcuts={onMenu ? 'Shift+F10' : undefined}
      style={{ ...style, backgroundColor: look.scheme.card, borderLeftColor: look.scheme.border, color: cardTextOn(look) }}
      onPointerDown={onPointerDown}
      onClick={onPointerDown ? undefined : onOpen}
      onContextMenu={
        onMenu
          ? (event) => {
              event.preventDefault();
              onMenu({ x: event.clientX, y: event.clientY });
            }
          : undefined
      }
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onOpen();
        } else if (onMenu && (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey))) {
          event.preventDefault();
          const box = event.currentTarget.getBoundingClientRect();
          onMenu({ x: box.left, y: box.bottom });
        }
      }}
    >
      {/* struck through on its own: a decoration would also cross out the badge below it */}
      {declined ? <span className="pl-struck">{heading}</span> : heading}
      {lines.map((line, i) => (
        <Fragment key={i}>
          {' '}
          <span className="pl-more" data-testid="card-line">
            {line}
          </span>
        </Fragment>
      ))}
      {declined && !short ? (
        <>
          {' '}
          <span className="pl-badge" data-testid="declined-badge">
            {freedText}
          </span>
        </>
      ) : null}
      {confirmed && !short ? (
        <>
          {' '}
          <span className="pl-reply" data-testid="confirmed-badge" title={t('calendar.confirmedByCustomer')}>
            {t('calendar.confirmed')}
          </span>
        </>
      ) : null}
      {reminder ? (
        <span
          className={`pl-rs pl-rs-${reminder}`}
          data-testid="reminder-status"
          data-reminder-status={reminder}
          title={reminderText ?? undefined}
        />
      ) : null}
      {done && !short ? (
        <>
          {' '}
          <span className="pl-line">{t('calendar.checkedOut')}</span>
        </>
      ) : null}
      {unassigned && !short ? (
        <>
          {' '}
          <span className="pl-unassigned" data-testid="unassigned-mark">
            {t('calendar.unassigned')}
          </span>
        </>
      ) : null}
      {/* issue 31 after the other marks, in the order the card's name says them */}
      {careText && !short ? (
        <>
          {' '}
          <span className="pl-care" data-testid="care-flag" data-care={care ?? undefined}>
            {careText}
          </span>
        </>
      ) : null}
      {careText && short ? <span className="pl-care-dot" data-testid="care-flag" data-care={care ?? undefined} title={careText} /> : null}
      {onResizePointerDown ? (
        <div
          className="pl-handle"
          data-testid="resize-handle"
          onPointerDown={(event) => {
            event.stopPropagation();
            onResizePointerDown(event);
          }}
        />
      ) : null}
    </div>
  );
}
