import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import type { RecurringScope } from '@pawline/contracts';
import type { Translate } from '../i18n/translator';

const SCOPES: readonly { scope: RecurringScope; key: string }[] = [
  { scope: 'one', key: 'calendar.scopeOne' },
  { scope: 'following', key: 'calendar.scopeFollowing' },
  { scope: 'all', key: 'calendar.scopeAll' },
];

/** A change to a recurring appointment: this one, this and the following ones, or all. */
export function ScopeDialog({ t, onChoose, onCancel }: { t: Translate; onChoose: (scope: RecurringScope) => void; onCancel: () => void }) {
  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(event) => (event.open ? undefined : onCancel())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="scope-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('calendar.scopeTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="3">{t('calendar.scopeQuestion')}</Text>
              <Stack>
                {SCOPES.map(({ scope, key }) => (
                  <Button key={scope} variant="outline" data-testid={`scope-${scope}`} onClick={() => onChoose(scope)}>
                    {t(key)}
                  </Button>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="ghost" onClick={onCancel}>
                {t('common.cancel')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
