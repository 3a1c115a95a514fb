import type { Appointment } from '@pawline/contracts';

/** Where a card's menu opens: the pointer of a right click, or the card's corner from the keyboard. */
export type MenuPoint = { x: number; y: number };
export type CardMenuRequest = { appointment: Appointment; point: MenuPoint };
