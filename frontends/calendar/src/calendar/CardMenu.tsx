import { Menu, Portal } from '@chakra-ui/react';
import type { Appointment } from '@pawline/contracts';
import type { Translate } from '../i18n/translator';
import { canMarkNoShow, freesTime } from './appointment-model';
import type { StatusChangeName } from './useCalendarActions';

/** Where a card's menu opens: the pointer of a right click, or the card's corner from the keyboard. */
export type MenuPoint = { x: number; y: number };
export type CardMenuRequest = { appointment: Appointment; point: MenuPoint };

type Props = {
  t: Translate;
  request: CardMenuRequest | null;
  now: number;
  onOpen: (a: Appointment) => void;
  onStatus: (a: Appointment, change: StatusChangeName) => void;
  onDelete: (a: Appointment) => void;
  onClose: () => void;
};

type Item = { value: 'open' | StatusChangeName | 'delete'; label: string };

/** What the menu offers an appointment: the dialog's status actions, by the same rules (issue 26). */
export function cardMenuItems(a: Appointment, now: number, t: Translate): Item[] {
  const freed = freesTime(a);
  return [
    { value: 'open' as const, label: t('calendar.openAppointment') },
    ...(canMarkNoShow(a, now) ? [{ value: 'noShow' as const, label: t('calendar.markNoShow') }] : []),
    ...(!freed ? [{ value: 'declined' as const, label: t('calendar.markDeclined') }] : []),
    ...(freed ? [{ value: 'restore' as const, label: t('calendar.restore') }] : []),
    { value: 'delete' as const, label: t('common.delete') },
  ];
}

/**
 * One menu for every card (a per-card menu would cost each of a week's hundreds of cards its own elements),
 * opened at the pointer by a right click or at the card by the context-menu key or Shift+F10. Its no-show and
 * decline ask first and offer undo, as from the dialog.
 */
export function CardMenu({ t, request, now, onOpen, onStatus, onDelete, onClose }: Props) {
  const a = request?.appointment ?? null;
  const choose = (value: Item['value']) => {
    if (!a) return;
    onClose();
    if (value === 'open') onOpen(a);
    else if (value === 'delete') onDelete(a);
    else onStatus(a, value);
  };
  return (
    <Menu.Root
      open={request !== null}
      anchorPoint={request?.point ?? null}
      onOpenChange={(details) => (details.open ? undefined : onClose())}
    >
      <Portal>
        <Menu.Positioner>
          <Menu.Content data-testid="card-menu" aria-label={t('calendar.cardMenu')}>
            {a
              ? cardMenuItems(a, now, t).map((item) => (
                  // a click (Enter on the highlighted item clicks it too) names its own item: the menu's onSelect
                  // only knows a highlighted one, which a touch or a test's click need not have made
                  <Menu.Item key={item.value} value={item.value} data-testid={`card-menu-${item.value}`} onClick={() => choose(item.value)}>
                    {item.label}
                  </Menu.Item>
                ))
              : null}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
