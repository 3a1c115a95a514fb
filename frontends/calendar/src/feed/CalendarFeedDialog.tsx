import { Button, HStack, Input, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useApiMutation, type OrganizationUser } from '@pawline/api-client';
import { apiErrorText, ConfirmDialog, DialogFrame, SNACKBAR_TYPE } from '@pawline/ui';
import { useState } from 'react';
import type { StoreParams } from '../api/scheduling-api';
import { staffName } from '../calendar/appointment-model';
import type { CalendarContext } from '../shared/calendar-context';
import { calendarFeedUrls, type CalendarFeedUrls } from './calendar-feed';

const STORE_CHOICE = '';

type Props = {
  ctx: CalendarContext;
  at: StoreParams;
  staff: readonly Pick<OrganizationUser, 'user_id' | 'first_name' | 'last_name'>[];
  /** window.location.origin unless a test says otherwise */
  origin?: string;
  onClose: () => void;
};

/**
 * R1.15 "Subscribe in Google/Apple Calendar": a secret iCal feed URL for the store or one staff
 * member (POST .../calendar_feed), shown as https and webcal:// with copy buttons. There is no way
 * to read an existing URL back, so each link shown is a new one; "Regenerate" asks first because
 * the current URL stops working.
 */
export function CalendarFeedDialog({ ctx, at, staff, origin, onClose }: Props) {
  const { t, bridge } = ctx;
  const [choice, setChoice] = useState<string>(STORE_CHOICE);
  const [urls, setUrls] = useState<CalendarFeedUrls | null>(null);
  const [confirming, setConfirming] = useState(false);
  // the refusal is shown in the dialog (your own feed needs store read access, a colleague's store write access)
  const feed = useApiMutation('regenerateCalendarFeed', { notifyFailure: false });
  const busy = feed.isPending;
  const error = feed.error ? apiErrorText(feed.error, bridge.language) : null;

  const generate = () =>
    feed.mutate(
      { params: at, body: choice === STORE_CHOICE ? {} : { user_id: choice } },
      {
        onSuccess: (answer) => setUrls(calendarFeedUrls(origin ?? window.location.origin, answer.path)),
        onSettled: () => setConfirming(false),
      },
    );

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      bridge.notify(SNACKBAR_TYPE.success, t('calendar.feedCopied'));
    } catch {
      bridge.notify(SNACKBAR_TYPE.warn, t('calendar.feedCopyFailed'));
    }
  };

  const choose = (next: string) => {
    setChoice(next);
    setUrls(null);
    feed.reset();
  };

  const urlRow = (label: string, value: string, testId: string) => (
    <Stack gap="1">
      <Text fontSize="sm" fontWeight="medium">
        {label}
      </Text>
      <HStack>
        <Input readOnly value={value} aria-label={label} data-testid={`${testId}-url`} onFocus={(e) => e.currentTarget.select()} />
        <Button variant="outline" onClick={() => void copy(value)} data-testid={`${testId}-copy`}>
          {t('calendar.feedCopy')}
        </Button>
      </HStack>
    </Stack>
  );

  return (
    <>
      <DialogFrame
        title={t('calendar.feedTitle')}
        testId="calendar-feed-dialog"
        cancelLabel={t('common.close')}
        cancelVariant="ghost"
        onCancel={onClose}
        confirm={
          urls
            ? {
                label: t('calendar.feedRegenerate'),
                testId: 'calendar-feed-regenerate',
                onClick: () => setConfirming(true),
                busy,
                danger: true,
                variant: 'outline',
              }
            : { label: t('calendar.feedCreate'), testId: 'calendar-feed-create', onClick: generate, busy }
        }
      >
        <Stack gap="4">
          <Stack gap="1">
            <Text fontSize="sm" fontWeight="medium">
              {t('calendar.feedFor')}
            </Text>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="feed-for"
                aria-label={t('calendar.feedFor')}
                value={choice}
                onChange={(e) => choose(e.currentTarget.value)}
              >
                <option value={STORE_CHOICE}>{t('calendar.feedStore')}</option>
                {staff.map((member) => (
                  <option key={member.user_id} value={member.user_id}>
                    {staffName(member)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Stack>
          <Text fontSize="sm" color="fg.muted">
            {t('calendar.feedHint')}
          </Text>
          {urls ? (
            <Stack gap="3" data-testid="calendar-feed-urls">
              {urlRow(t('calendar.feedHttpLabel'), urls.http, 'calendar-feed-http')}
              {urlRow(t('calendar.feedWebcalLabel'), urls.webcal, 'calendar-feed-webcal')}
              <Link href={urls.webcal} color="brand.600" data-testid="calendar-feed-open-webcal">
                {t('calendar.feedOpenWebcal')}
              </Link>
            </Stack>
          ) : (
            <Text fontSize="sm">{t('calendar.feedCreateWarning')}</Text>
          )}
          {error ? (
            <Text color="red.600" role="alert" data-testid="calendar-feed-error">
              {error}
            </Text>
          ) : null}
        </Stack>
      </DialogFrame>
      <ConfirmDialog
        open={confirming}
        title={t('calendar.feedRegenerate')}
        confirmLabel={t('calendar.feedRegenerate')}
        cancelLabel={t('common.cancel')}
        danger
        busy={busy}
        onConfirm={generate}
        onCancel={() => setConfirming(false)}
      >
        <Text>{t('calendar.feedRegenerateConfirm')}</Text>
      </ConfirmDialog>
    </>
  );
}
