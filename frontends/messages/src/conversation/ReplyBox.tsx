import { Box, Button, HStack, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { WHATSAPP_FREE_TEXT_MAX } from '@pawline/domain';
import { useState } from 'react';
import type { MessageTemplate } from '../api/messages-api';
import type { Translate } from '../i18n/translator';
import { replyTextState } from './reply-window';

export type ReplyBoxProps = {
  /** WhatsApp's 24-hour window after the customer's last message is open */
  windowOpen: boolean;
  /** approved templates to send outside the window */
  templates: MessageTemplate[];
  t: Translate;
  onSendText: (text: string) => Promise<void>;
  onSendTemplate: (templateId: string, addition: string) => Promise<void>;
};

/**
 * R5.11 free text of at most 500 characters with a counter, only inside the 24-hour window;
 * outside it the box says why and offers a template message instead.
 */
export function ReplyBox({ windowOpen, templates, t, onSendText, onSendTemplate }: ReplyBoxProps) {
  const [text, setText] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [addition, setAddition] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const state = replyTextState(text);
  const additionState = replyTextState(addition);

  const run = async (send: () => Promise<void>, after: () => void) => {
    setBusy(true);
    setError(null);
    try {
      await send();
      after();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box borderWidth="1px" borderRadius="md" p="3" data-testid="reply-box">
      <Stack gap="2">
        <Textarea
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          placeholder={windowOpen ? t('messages.replyPlaceholder') : ''}
          disabled={!windowOpen || busy}
          maxLength={WHATSAPP_FREE_TEXT_MAX}
          aria-label={t('messages.reply')}
          data-testid="reply-text"
          rows={3}
        />
        <HStack justify="space-between">
          <Text fontSize="xs" color={state.left < 0 ? 'red.600' : 'fg.muted'} data-testid="reply-counter">
            {t('messages.charactersLeft', { left: state.left, max: WHATSAPP_FREE_TEXT_MAX })}
          </Text>
          <Button
            size="sm"
            colorPalette="brand"
            disabled={!windowOpen || !state.sendable}
            loading={busy}
            data-testid="reply-send"
            onClick={() =>
              void run(
                () => onSendText(text.trim()),
                () => setText(''),
              )
            }
          >
            {t('common.send')}
          </Button>
        </HStack>
        {!windowOpen ? (
          <Stack gap="2" borderTopWidth="1px" pt="2" data-testid="reply-window-closed">
            <Text fontSize="sm">{t('messages.replyWindowClosed')}</Text>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                aria-label={t('messages.chooseTemplate')}
                value={templateId}
                onChange={(e) => setTemplateId(e.currentTarget.value)}
                data-testid="reply-template"
              >
                <option value="">{t('messages.chooseTemplate')}</option>
                {templates.map((template) => (
                  <option key={template.id} value={template.id}>
                    {`${template.title} (${template.language.toUpperCase()})`}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Textarea
              value={addition}
              onChange={(e) => setAddition(e.currentTarget.value)}
              maxLength={WHATSAPP_FREE_TEXT_MAX}
              aria-label={t('messages.addition')}
              placeholder={t('messages.addition')}
              rows={2}
              data-testid="reply-addition"
            />
            <HStack justify="space-between">
              <Text fontSize="xs" color="fg.muted">
                {t('messages.charactersLeft', { left: additionState.left, max: WHATSAPP_FREE_TEXT_MAX })}
              </Text>
              <Button
                size="sm"
                variant="outline"
                disabled={templateId === '' || additionState.left < 0}
                loading={busy}
                data-testid="reply-send-template"
                onClick={() =>
                  void run(
                    () => onSendTemplate(templateId, addition.trim()),
                    () => {
                      setTemplateId('');
                      setAddition('');
                    },
                  )
                }
              >
                {t('messages.sendTemplate')}
              </Button>
            </HStack>
          </Stack>
        ) : null}
        {error ? (
          <Text color="red.600" fontSize="sm" role="alert" data-testid="reply-error">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}
