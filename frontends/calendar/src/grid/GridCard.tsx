import type { OrganizationUser } from '@pawline/api-client';
import type { Appointment } from '@pawline/contracts';
import { memo, type CSSProperties, type PointerEvent as ReactPointerEvent } from 'react';
import { cardLook } from '../calendar/appointment-model';
import type { Translate } from '../i18n/translator';
import { AppointmentCard } from './AppointmentCard';

/** What a card does with the pointer and the keyboard; one stable object for all cards of a grid. */
/** A card this short shows one line (issue 26: 15-minute cards overlapped their text). */
export const ONE_LINE_MINUTES = 15;

export type CardActions = {
  open: (a: Appointment) => void;
  startMove: (event: ReactPointerEvent<HTMLDivElement>, a: Appointment, col: number) => void;
  startResize: (event: ReactPointerEvent<HTMLDivElement>, a: Appointment) => void;
  menu: (a: Appointment, point: { x: number; y: number }) => void;
};

type GridCardProps = {
  appointment: Appointment;
  col: number;
  top: number;
  height: number;
  lane: number;
  lanes: number;
  label: string;
  /** the first coloured treatment's colour (issue 26), or null */
  colour: string | null;
  staff: ReadonlyMap<string, OrganizationUser>;
  t: Translate;
  dragging: boolean;
  actions: CardActions;
  /** issue 31 the vaccination flag of the appointment's pets */
  care?: 'missing' | 'expired' | null;
};

/**
 * A card placed in its column. Memoized on plain values: while a card is dragged the grid renders
 * on every pointer move, and only the dragged card (a new object) draws again, not all 300.
 */
export const GridCard = memo(function GridCard({
  appointment: a,
  col,
  top,
  height,
  lane,
  lanes,
  label,
  colour,
  staff,
  t,
  dragging,
  actions,
  care = null,
}: GridCardProps) {
  // lane `lane` of `lanes`, 1 px in from each side (the margin in GRID_CSS): plain percentages
  // parse faster than calc() and the card's width follows from left and right
  const style: CSSProperties = { top, height, left: `${(lane / lanes) * 100}%`, right: `${((lanes - lane - 1) / lanes) * 100}%` };
  return (
    <AppointmentCard
      appointment={a}
      label={label}
      look={cardLook(a, staff, colour)}
      t={t}
      oneLine={a.duration <= ONE_LINE_MINUTES}
      dragging={dragging}
      care={care}
      style={style}
      onOpen={() => actions.open(a)}
      onMenu={(point) => actions.menu(a, point)}
      onPointerDown={(event) => actions.startMove(event, a, col)}
      onResizePointerDown={(event) => actions.startResize(event, a)}
    />
  );
});
