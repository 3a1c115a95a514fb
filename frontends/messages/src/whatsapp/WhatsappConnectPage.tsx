import { Badge, Box, Button, Card, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useApiMutation, useApiQuery } from '@pawline/api-client';
import { ConfirmDialog, FormField, QueryState } from '@pawline/ui';
import { useEffect, useRef, useState } from 'react';
import { accountWrites, type WhatsappAccount, type WhatsappSignupConfig } from '../api/messages-api';
import { formProblem, type MessagesContext } from '../shared/messages-context';
import { accountErrorText, limitText, manualProblems, qualityText, signupOutcomeOf, type ManualDetails } from './whatsapp-texts';

const STATUS_PALETTE = { connected: 'green', disconnected: 'orange', not_connected: 'gray' } as const;
const COUNTED = ['approved', 'pending', 'rejected', 'paused', 'disabled', 'refused'] as const;
// Meta's own pages post the sign-up's outcome from these origins; the sandbox's popup from this one
const POPUP_WATCH_MS = 500;
const POPUP_GRACE_MS = 1000;
const META_ORIGINS = ['https://www.facebook.com', 'https://web.facebook.com', 'https://business.facebook.com'];

/**
 * Issue 27 "Connect WhatsApp": the salon's own number, as Meta reports it (status, number, display name, quality
 * rating, messaging limit, templates by review, errors), connected by Embedded Signup (on the sandbox its
 * /dev/whatsapp popup) or by an account's details, and disconnected without losing history. Administrators act.
 */
export function WhatsappConnectPage({ ctx }: { ctx: MessagesContext }) {
  const { t, bridge, orgaId } = ctx;
  const account = useApiQuery('getWhatsappAccount', { params: { orga: orgaId } });
  return (
    <Stack gap="4" data-testid="whatsapp-page">
      <Heading as="h2" size="lg">
        {t('messages.waTitle')}
      </Heading>
      <Text color="fg.muted">{t('messages.waIntro')}</Text>
      <QueryState query={account} language={bridge.language} errorTitle={t('messages.waLoadFailed')}>
        {(shown) => <AccountView ctx={ctx} account={shown} />}
      </QueryState>
    </Stack>
  );
}

function AccountView({ ctx, account }: { ctx: MessagesContext; account: WhatsappAccount }) {
  const { t, bridge, admin, orgaId } = ctx;
  const [disconnecting, setDisconnecting] = useState(false);
  const disconnect = useApiMutation('disconnectWhatsapp', {
    invalidates: accountWrites(orgaId),
    success: t('messages.waDisconnected'),
    onSettled: () => setDisconnecting(false),
  });
  const date = new Intl.DateTimeFormat(bridge.language, { dateStyle: 'long' });
  const counted = COUNTED.filter((status) => (account.templates[status] ?? 0) > 0);
  const hasNumber = account.status !== 'not_connected' && account.phone_number_id !== null;

  return (
    <Stack gap="4">
      <Card.Root data-testid="whatsapp-account">
        <Card.Body gap="3">
          <HStack justify="space-between" wrap="wrap">
            <HStack>
              <Badge size="lg" colorPalette={STATUS_PALETTE[account.status]} data-testid="whatsapp-status" data-status={account.status}>
                {t(`messages.waStatus_${account.status}`)}
              </Badge>
              {account.connected_via ? (
                <Text fontSize="sm" color="fg.muted">
                  {t(`messages.waVia_${account.connected_via}`)}
                </Text>
              ) : null}
            </HStack>
            {admin && account.status === 'connected' ? (
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                onClick={() => setDisconnecting(true)}
                data-testid="whatsapp-disconnect"
              >
                {t('messages.waDisconnect')}
              </Button>
            ) : null}
          </HStack>
          {account.status === 'disconnected' ? (
            <Text fontSize="sm" data-testid="whatsapp-disconnected-note">
              {t('messages.waDisconnectedNote')}
            </Text>
          ) : null}
          {hasNumber ? (
            <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gap="2">
              <Item
                label={t('messages.waPhone')}
                value={account.display_phone_number ?? t('messages.waNotReported')}
                testId="whatsapp-phone"
              />
              <Item
                label={t('messages.waDisplayName')}
                value={account.display_name ?? t('messages.waNotReported')}
                testId="whatsapp-name"
              />
              <Item label={t('messages.waQuality')} value={qualityText(t, account.quality_rating)} testId="whatsapp-quality" />
              <Item label={t('messages.waLimit')} value={limitText(t, account.messaging_limit)} testId="whatsapp-limit" />
            </SimpleGrid>
          ) : null}
          {account.status === 'connected' && account.connected_at ? (
            <Text fontSize="xs" color="fg.muted">
              {t('messages.waConnectedAt', { date: date.format(new Date(account.connected_at)) })}
            </Text>
          ) : null}
          {account.status === 'connected' && counted.length > 0 ? (
            <Box>
              <Text fontSize="sm" fontWeight="semibold" mb="1">
                {t('messages.waTemplateCounts')}
              </Text>
              <HStack gap="2" wrap="wrap" data-testid="whatsapp-template-counts">
                {counted.map((status) => (
                  <Badge key={status} variant="subtle" data-testid={`whatsapp-count-${status}`}>
                    {`${t(`messages.metaStatus_${status}`)}: ${account.templates[status]}`}
                  </Badge>
                ))}
              </HStack>
            </Box>
          ) : null}
          {account.errors.length > 0 ? (
            <Box role="status" data-testid="whatsapp-errors">
              <Text fontSize="sm" fontWeight="semibold" mb="1">
                {t('messages.waErrorsTitle')}
              </Text>
              <Stack gap="1" as="ul" listStyleType="none" m="0" p="0">
                {account.errors.map((error) => (
                  <Text as="li" key={`${error.at}/${error.code ?? ''}`} fontSize="sm" color="red.700" data-testid="whatsapp-error">
                    {`${date.format(new Date(error.at))}: ${accountErrorText(t, error)}`}
                  </Text>
                ))}
              </Stack>
            </Box>
          ) : null}
        </Card.Body>
      </Card.Root>
      {account.status !== 'connected' ? (
        admin ? (
          <ConnectCards ctx={ctx} />
        ) : (
          <Text fontSize="sm" color="fg.muted" data-testid="read-only-note">
            {t('messages.adminOnly')}
          </Text>
        )
      ) : null}
      <ConfirmDialog
        open={disconnecting}
        title={t('messages.waDisconnectTitle')}
        confirmLabel={t('messages.waDisconnect')}
        cancelLabel={t('common.cancel')}
        danger
        busy={disconnect.isPending}
        onCancel={() => setDisconnecting(false)}
        onConfirm={() => disconnect.mutate({ params: { orga: orgaId } })}
      >
        <Text>{t('messages.waDisconnectText', { number: account.display_phone_number ?? account.phone_number_id ?? '' })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

function Item({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box>
      <Text as="dt" fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" m="0" fontWeight="medium" data-testid={testId}>
        {value}
      </Text>
    </Box>
  );
}

/** Embedded Signup (the popup) and the manual details, for an administrator while no number is connected. */
function ConnectCards({ ctx }: { ctx: MessagesContext }) {
  const { t, orgaId } = ctx;
  const config = useApiQuery('getWhatsappSignupConfig', { params: { orga: orgaId } }, { staleTime: Infinity });
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
      <Card.Root data-testid="whatsapp-signup">
        <Card.Body gap="3">
          <Heading as="h3" size="md">
            {t('messages.waConnect')}
          </Heading>
          {config.data ? <EmbeddedSignup ctx={ctx} config={config.data} /> : null}
        </Card.Body>
      </Card.Root>
      <ManualConnect ctx={ctx} />
    </SimpleGrid>
  );
}

function EmbeddedSignup({ ctx, config }: { ctx: MessagesContext; config: WhatsappSignupConfig }) {
  const { t, bridge, orgaId } = ctx;
  const [waiting, setWaiting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const popup = useRef<Window | null>(null);
  const connect = useApiMutation('connectWhatsapp', {
    invalidates: accountWrites(orgaId),
    success: t('messages.waConnected'),
    notifyFailure: false,
    onError: (error) => setProblem(formProblem(error, bridge.language)),
  });
  const { mutate } = connect;

  // the popup's answer: a window message, as Meta's Embedded Signup sends it (the sandbox's popup sends the same)
  useEffect(() => {
    if (!waiting) return undefined;
    const origins = config.mode === 'sandbox' ? [window.location.origin] : META_ORIGINS;
    const onMessage = (event: MessageEvent) => {
      if (!origins.includes(event.origin)) return;
      const outcome = signupOutcomeOf(event.data);
      if (!outcome) return;
      setWaiting(false);
      if (outcome.event === 'cancel') setProblem(t('messages.waSignupCancelled'));
      else if (outcome.event === 'error') setProblem(t('messages.waErrorOther', { title: outcome.message }));
      else {
        const { code, waba_id, phone_number_id } = outcome;
        mutate({
          params: { orga: orgaId },
          body: { code, ...(waba_id ? { waba_id } : {}), ...(phone_number_id ? { phone_number_id } : {}) },
        });
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [waiting, config.mode, mutate, orgaId, t]);

  // a popup closed without an answer (its window's close button) ends the wait; its last message may still be on the way
  useEffect(() => {
    if (!waiting) return undefined;
    let grace: ReturnType<typeof setTimeout> | undefined;
    const watch = setInterval(() => {
      if (popup.current?.closed && grace === undefined) grace = setTimeout(() => setWaiting(false), POPUP_GRACE_MS);
    }, POPUP_WATCH_MS);
    return () => {
      clearInterval(watch);
      if (grace !== undefined) clearTimeout(grace);
    };
  }, [waiting]);

  // Meta's popup needs Facebook's JavaScript SDK, which this page's content policy does not load yet
  if (config.mode !== 'sandbox' || !config.sandbox_popup_path) {
    return (
      <Text fontSize="sm" data-testid="whatsapp-signup-unavailable">
        {t('messages.waSignupMetaUnavailable')}
      </Text>
    );
  }
  const path = config.sandbox_popup_path;

  const open = () => {
    setProblem(null);
    connect.reset();
    popup.current = window.open(`${path}?orga=${encodeURIComponent(orgaId)}`, 'whatsapp-signup', 'popup,width=520,height=680');
    if (!popup.current) {
      setProblem(t('messages.waPopupBlocked'));
      return;
    }
    setWaiting(true);
  };

  return (
    <Stack gap="3">
      <Text fontSize="sm">{t('messages.waSignupHint')}</Text>
      <Text fontSize="xs" color="fg.muted">
        {t('messages.waSignupSandbox')}
      </Text>
      <Box>
        <Button colorPalette="brand" onClick={open} loading={waiting || connect.isPending} data-testid="whatsapp-connect">
          {t('messages.waConnect')}
        </Button>
      </Box>
      {problem ? (
        <Text color="red.600" fontSize="sm" role="alert" data-testid="whatsapp-signup-error">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}

const EMPTY: ManualDetails = { phone_number_id: '', waba_id: '', access_token: '' };

function ManualConnect({ ctx }: { ctx: MessagesContext }) {
  const { t, bridge, orgaId } = ctx;
  const [details, setDetails] = useState<ManualDetails>(EMPTY);
  const [tried, setTried] = useState(false);
  const connect = useApiMutation('connectWhatsappManually', {
    invalidates: accountWrites(orgaId),
    success: t('messages.waConnected'),
    notifyFailure: false,
  });
  const problems = tried ? manualProblems(details) : {};
  const failure = connect.error;
  // WhatsApp's refusal names the field it is about; its message is in the user's language
  const serverField = (field: keyof ManualDetails) => (failure?.fields?.[field] ? formProblem(failure, bridge.language) : null);
  const fieldError = (field: keyof ManualDetails) => {
    const problem = problems[field];
    if (problem === 'digits') return t('messages.waDigitsOnly');
    if (problem === 'token') return t('messages.waTokenTooShort');
    return serverField(field);
  };
  const set = (change: Partial<ManualDetails>) => {
    connect.reset();
    setDetails((current) => ({ ...current, ...change }));
  };
  const submit = () => {
    setTried(true);
    if (Object.keys(manualProblems(details)).length > 0) return;
    connect.mutate({
      params: { orga: orgaId },
      body: {
        phone_number_id: details.phone_number_id.trim(),
        waba_id: details.waba_id.trim(),
        access_token: details.access_token.trim(),
      },
    });
  };
  const fieldNamed = failure?.fields && Object.keys(failure.fields).some((field) => field in EMPTY);

  return (
    <Card.Root data-testid="whatsapp-manual">
      <Card.Body gap="3">
        <Heading as="h3" size="md">
          {t('messages.waManualTitle')}
        </Heading>
        <Text fontSize="sm">{t('messages.waManualText')}</Text>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="3">
            <FormField label={t('messages.waPhoneNumberId')} required error={fieldError('phone_number_id')}>
              <Input
                value={details.phone_number_id}
                inputMode="numeric"
                autoComplete="off"
                onChange={(e) => set({ phone_number_id: e.currentTarget.value })}
                data-testid="whatsapp-phone-number-id"
              />
            </FormField>
            <FormField label={t('messages.waWabaId')} required error={fieldError('waba_id')}>
              <Input
                value={details.waba_id}
                inputMode="numeric"
                autoComplete="off"
                onChange={(e) => set({ waba_id: e.currentTarget.value })}
                data-testid="whatsapp-waba-id"
              />
            </FormField>
            <FormField label={t('messages.waAccessToken')} required error={fieldError('access_token')}>
              <Input
                type="password"
                value={details.access_token}
                autoComplete="off"
                onChange={(e) => set({ access_token: e.currentTarget.value })}
                data-testid="whatsapp-access-token"
              />
            </FormField>
            {failure && !fieldNamed ? (
              <Text color="red.600" fontSize="sm" role="alert" data-testid="whatsapp-manual-error">
                {formProblem(failure, bridge.language)}
              </Text>
            ) : null}
            <Box>
              <Button type="submit" variant="outline" loading={connect.isPending} data-testid="whatsapp-connect-manual">
                {t('messages.waConnectManual')}
              </Button>
            </Box>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
