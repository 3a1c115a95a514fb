import { Box, Portal } from '@chakra-ui/react';
import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import type { Appointment } from '@pawline/contracts';
import type { Translate } from '../i18n/translator';
import { canMarkNoShow, freesTime } from './appointment-model';
import type { CardMenuRequest } from './card-menu-request';
import type { StatusChangeName } from './useCalendarActions';

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
 * decline ask first and offer undo, as from the dialog. Plain elements with the menu pattern's keys (arrows,
 * Home, End, Escape, Tab): Chakra's Menu is not in the shared Chakra the remotes get (libs/ui chakra-shared.ts).
 */
export function CardMenu({ t, request, now, onOpen, onStatus, onDelete, onClose }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const a = request?.appointment ?? null;
  // the first item takes the focus as the menu opens (the keyboard's user is on it at once); it goes back to the
  // card as the menu closes
  useEffect(() => {
    if (!a) return;
    const before = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, [a]);
  // a press anywhere else closes it, as a click outside a menu does
  useEffect(() => {
    if (!a) return;
    const away = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', away, true);
    return () => document.removeEventListener('pointerdown', away, true);
  }, [a, onClose]);
  if (!a || !request) return null;
  const choose = (value: Item['value']) => {
    onClose();
    if (value === 'open') onOpen(a);
    else if (value === 'delete') onDelete(a);
    else onStatus(a, value);
  };
  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(items.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') onClose();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };
  return (
    <Portal>
      <Box
        ref={ref}
        role="menu"
        aria-label={t('calendar.cardMenu')}
        data-testid="card-menu"
        position="fixed"
        left={`${request.point.x}px`}
        top={`${request.point.y}px`}
        zIndex="popover"
        bg="bg.panel"
        borderWidth="1px"
        rounded="md"
        shadow="md"
        py="1"
        minW="44"
        onKeyDown={onKeyDown}
      >
        {cardMenuItems(a, now, t).map((item) => (
          <Box
            as="button"
            key={item.value}
            role="menuitem"
            tabIndex={-1}
            display="block"
            w="full"
            textAlign="start"
            px="3"
            py="1.5"
            fontSize="sm"
            _hover={{ bg: 'bg.muted' }}
            _focusVisible={{ bg: 'bg.muted', outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
            data-testid={`card-menu-${item.value}`}
            onClick={() => choose(item.value)}
          >
            {item.label}
          </Box>
        ))}
      </Box>
    </Portal>
  );
}
