import { Button, Stack, Text } from '@chakra-ui/react';
import type { RecurringScope } from '@pawline/contracts';
import type { TranslationKey } from '@pawline/i18n';
import { DialogFrame } from '@pawline/ui';
import type { Translate } from '../i18n/translator';

const SCOPES: readonly { scope: RecurringScope; key: TranslationKey }[] = [
  { scope: 'one', key: 'calendar.scopeOne' },
  { scope: 'following', key: 'calendar.scopeFollowing' },
  { scope: 'all', key: 'calendar.scopeAll' },
];

/** A change to a recurring appointment: this one, this and the following ones, or all. */
export function ScopeDialog({ t, onChoose, onCancel }: { t: Translate; onChoose: (scope: RecurringScope) => void; onCancel: () => void }) {
  return (
    <DialogFrame
      role="alertdialog"
      title={t('calendar.scopeTitle')}
      testId="scope-dialog"
      cancelLabel={t('common.cancel')}
      cancelVariant="ghost"
      onCancel={onCancel}
    >
      <Text mb="3">{t('calendar.scopeQuestion')}</Text>
      <Stack>
        {SCOPES.map(({ scope, key }) => (
          <Button key={scope} variant="outline" data-testid={`scope-${scope}`} onClick={() => onChoose(scope)}>
            {t(key)}
          </Button>
        ))}
      </Stack>
    </DialogFrame>
  );
}
