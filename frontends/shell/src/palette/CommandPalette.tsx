import { IconButton } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { SearchIcon } from '../layout/icons';
import { opensPalette } from './palette-model';

// cmdk and the dialog load on the first open: the frame does not carry them
const PaletteDialog = lazy(() => import('./PaletteDialog').then((m) => ({ default: m.PaletteDialog })));

/**
 * Issue 29 search everywhere: the top bar's search button, Ctrl-K (Cmd-K) anywhere and `/` where nothing is
 * typed open the palette over the store `storeId` of organization `orgaId`.
 */
export function CommandPalette({ orgaId, storeId }: { orgaId: string; storeId: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  // focus goes back where it was when the palette opened
  const before = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!opensPalette(event)) return;
      event.preventDefault();
      before.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const close = () => {
    setOpen(false);
    // after the dialog's own focus trap has let go
    const back = before.current;
    setTimeout(() => back?.focus(), 0);
  };

  return (
    <>
      <IconButton
        aria-label={t('shell.paletteOpen')}
        title={t('shell.paletteOpen')}
        aria-keyshortcuts="Control+K /"
        data-testid="palette-button"
        variant="ghost"
        color="white"
        _hover={{ bg: 'brand.600' }}
        onClick={(event) => {
          before.current = event.currentTarget;
          setOpen(true);
        }}
      >
        <SearchIcon />
      </IconButton>
      {open ? (
        <Suspense fallback={null}>
          <PaletteDialog orgaId={orgaId} storeId={storeId} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
