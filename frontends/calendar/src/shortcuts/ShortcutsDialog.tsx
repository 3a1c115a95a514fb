import { Box, Code, Table } from '@chakra-ui/react';
import { DialogFrame } from '@pawline/ui';
import type { Translate } from '../i18n/translator';
import { CALENDAR_SHORTCUTS } from './calendar-shortcuts';

const KEY_NAMES: Record<string, 'calendar.keyLeft' | 'calendar.keyRight'> = {
  ArrowLeft: 'calendar.keyLeft',
  ArrowRight: 'calendar.keyRight',
};

/** The calendar's keys, listed on '?' (issue 29). */
export function ShortcutsDialog({ t, onClose }: { t: Translate; onClose: () => void }) {
  return (
    <DialogFrame title={t('calendar.shortcutsTitle')} testId="shortcuts-dialog" cancelLabel={t('common.close')} onCancel={onClose}>
      <Table.Root size="sm" data-testid="shortcuts-list">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('calendar.shortcutKey')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('calendar.shortcutAction')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {CALENDAR_SHORTCUTS.map((s) => (
            <Table.Row key={s.label} data-testid="shortcut-row">
              <Table.Cell>
                {s.keys.map((k, i) => (
                  <Box as="span" key={k}>
                    {i > 0 ? ` ${t('calendar.shortcutOr')} ` : null}
                    <Code>{KEY_NAMES[k] ? t(KEY_NAMES[k]) : k.toUpperCase()}</Code>
                  </Box>
                ))}
              </Table.Cell>
              <Table.Cell>{t(s.label)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </DialogFrame>
  );
}
