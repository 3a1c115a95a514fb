import { Box, Button, HStack, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { ApiError } from '@pawline/api-client';
import { isAppointmentTemplateType } from '@pawline/contracts';
import { keyOrText } from '@pawline/i18n';
import { WHATSAPP_FREE_TEXT_MAX } from '@pawline/domain';
import { useState } from 'react';
import type { MessageTemplate } from '../api/messages-api';
import type { Translate } from '../i18n/translator';
import { replyTextState } from './reply-window';

/** One of the customer's upcoming appointments an appointment template can name (its buttons confirm it). */
export type AppointmentChoice = { id: string; label: string };

export type ReplyBoxProps = {
  /** WhatsApp's 24-hour window after the customer's last message is open */
  windowOpen: boolean;
  /** approved templates to send outside the window */
  templates: MessageTemplate[];
  /** the customer's upcoming appointments, for an appointment template (issue 27); null while they load */
  appointments: AppointmentChoice[] | null;
  t: Translate;
  onSendText: (text: string) => Promise<void>;
  onSendTemplate: (templateId: string, addition: string, appointmentId: string | null) => Promise<void>;
};

/**
 * R5.11 free text of at most 500 characters with a counter, only inside the 24-hour window;
 * outside it the box says why and offers a template message instead; an appointment template asks which of the
 * customer's upcoming appointments it is about (issue 27), so the customer's tap confirms that one.
 */
export function ReplyBox({ windowOpen, templates, appointments, t, onSendText, onSendTemplate }: ReplyBoxProps) {
  const [text, setText] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [appointmentId, setAppointmentId] = useState('');
  const [addition, setAddition] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const state = replyTextState(text);
  const additionState = replyTextState(addition);
  const chosen = templates.find((template) => template.id === templateId) ?? null;
  // an appointment template names the appointment its date, time and buttons are about
  const needsAppointment = chosen !== null && isAppointmentTemplateType(chosen.template_type);
  const appointmentReady = !needsAppointment || appointments?.some((appointment) => appointment.id === appointmentId) === true;

  const run = async (send: () => Promise<void>, after: () => void) => {
    setBusy(true);
    setError(null);
    try {
      await send();
      after();
    } catch (failure) {
      // a refused template says why (messages.reason_*: not approved, no number connected…), not "some fields are invalid"
      const field = failure instanceof ApiError ? Object.values(failure.fields ?? {})[0] : undefined;
      setError(field ? keyOrText(t, field) : failure instanceof Error ? failure.message : String(failure));
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
            {needsAppointment ? (
              appointments !== null && appointments.length === 0 ? (
                <Text fontSize="sm" color="fg.muted" data-testid="reply-no-appointment">
                  {t('messages.noUpcomingAppointment')}
                </Text>
              ) : (
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    aria-label={t('messages.chooseAppointment')}
                    value={appointmentId}
                    onChange={(e) => setAppointmentId(e.currentTarget.value)}
                    data-testid="reply-appointment"
                  >
                    <option value="">{t('messages.chooseAppointment')}</option>
                    {(appointments ?? []).map((appointment) => (
                      <option key={appointment.id} value={appointment.id}>
                        {appointment.label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              )
            ) : null}
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
                disabled={templateId === '' || additionState.left < 0 || !appointmentReady}
                loading={busy}
                data-testid="reply-send-template"
                onClick={() =>
                  void run(
                    () => onSendTemplate(templateId, addition.trim(), needsAppointment ? appointmentId : null),
                    () => {
                      setTemplateId('');
                      setAppointmentId('');
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
