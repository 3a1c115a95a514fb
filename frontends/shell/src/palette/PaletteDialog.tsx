import { Box, Button, CloseButton, Portal, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react/dialog';
import { useApiQuery } from '@pawline/api-client';
import { paletteTermOf } from '@pawline/domain';
import { Command } from 'cmdk';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';
import { paletteGroups } from './palette-model';

/** How long typing must pause before the palette asks (one request per pause, not per key). */
export const PALETTE_SEARCH_DELAY_MS = 250;

function useSettled(text: string, delay: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delay);
    return () => clearTimeout(timer);
  }, [text, delay]);
  return settled;
}

// cmdk's parts carry cmdk-* attributes: the theme's look for them, the chosen row by data-selected
const paletteCss = {
  '& [cmdk-input]': {
    width: '100%',
    padding: '0.5rem 0.75rem',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'md',
    fontSize: 'md',
    outlineColor: 'brand.500',
  },
  '& [cmdk-list]': { marginTop: '0.5rem', maxHeight: '60vh', overflowY: 'auto' },
  '& [cmdk-group-heading]': { fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', padding: '0.5rem 0.5rem 0.25rem' },
  '& [cmdk-item]': { padding: '0.4rem 0.5rem', borderRadius: 'md', cursor: 'pointer' },
  '& [cmdk-item][data-selected="true"]': { background: 'brand.100', color: 'gray.900' },
};

/** The palette: a debounced search of the store's customers, phone numbers, pets and upcoming appointments; Enter opens one. */
export function PaletteDialog({ orgaId, storeId, onClose }: { orgaId: string; storeId: string; onClose: () => void }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const term = paletteTermOf(useSettled(text, PALETTE_SEARCH_DELAY_MS));
  const typed = paletteTermOf(text);
  const at = useMemo(() => ({ orga: orgaId, store: storeId }), [orgaId, storeId]);
  const search = useApiQuery('searchEverywhere', { params: at, query: { q: term ?? '' } }, { enabled: term !== null, staleTime: 30_000 });
  // the answer shown is the one of what is typed now: none while a newer term waits or loads
  const current = term !== null && term === typed && search.data ? search.data : null;
  const groups = useMemo(() => (current ? paletteGroups(current, at, t) : []), [current, at, t]);
  const failed = term !== null && term === typed && search.isError;

  let status: string | null = null;
  if (typed === null) status = t('shell.paletteHint');
  else if (failed) status = t('shell.paletteFailed');
  else if (current === null) status = t('shell.paletteSearching');
  else if (groups.length === 0) status = t('shell.paletteNothing', { q: typed });

  const go = (href: string) => {
    onClose();
    void navigate(href);
  };

  return (
    <Dialog.Root
      open
      placement="top"
      size={{ base: 'full', md: 'lg' }}
      initialFocusEl={() => input.current}
      onOpenChange={(event) => (event.open ? undefined : onClose())}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="command-palette">
            <Dialog.Header>
              <Dialog.Title>{t('shell.paletteTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Box css={paletteCss}>
                <Command label={t('shell.paletteTitle')} shouldFilter={false} loop>
                  <Command.Input
                    ref={input}
                    value={text}
                    onValueChange={setText}
                    placeholder={t('shell.palettePlaceholder')}
                    aria-label={t('shell.paletteTitle')}
                    data-testid="palette-input"
                    maxLength={100}
                    autoFocus
                  />
                  <Stack gap="2" mt="2">
                    <Text role="status" aria-live="polite" fontSize="sm" color="fg.muted" data-testid="palette-status" minH="1.25em">
                      {status ?? ''}
                    </Text>
                    {failed ? (
                      <Button
                        size="sm"
                        variant="outline"
                        alignSelf="start"
                        onClick={() => void search.refetch()}
                        data-testid="palette-retry"
                      >
                        {t('common.retry')}
                      </Button>
                    ) : null}
                  </Stack>
                  <Command.List aria-label={t('shell.paletteTitle')}>
                    {groups.map((group) => (
                      <Command.Group key={group.kind} heading={group.heading}>
                        {group.items.map((item) => (
                          <Command.Item
                            key={item.value}
                            value={item.value}
                            onSelect={() => go(item.href)}
                            data-testid={`palette-${group.kind}`}
                          >
                            <Text as="span" fontWeight="medium">
                              {item.label}
                            </Text>
                            {item.detail ? (
                              <Text as="span" fontSize="sm" color="fg.muted">
                                {' · '}
                                {item.detail}
                              </Text>
                            ) : null}
                          </Command.Item>
                        ))}
                      </Command.Group>
                    ))}
                  </Command.List>
                </Command>
              </Box>
              <Text fontSize="xs" color="fg.muted" mt="3">
                {t('shell.paletteKeys')}
              </Text>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
