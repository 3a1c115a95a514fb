import { Button, Card, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { useApiQuery, type ShellBridge } from '@pawline/api-client';
import { qrCodeDataUrl, snackbarFeedback } from '@pawline/ui';
import { useQuery } from '@tanstack/react-query';
import type { Translate } from '../i18n/translator';

/** R1.15 R2.04: a QR code of the /autologin?u=&p= link (one-time token, never the password). */
export function QrLoginCard({ bridge, t }: { bridge: ShellBridge; t: Translate }) {
  // each press asks for a new one-time link (never on its own: not on mount, not on reconnect); forgotten once unshown
  const link = useApiQuery('getAutologinLink', undefined, { enabled: false, gcTime: 0 });
  const url = link.data?.url;
  const image = useQuery({
    queryKey: ['settings', 'qrLoginImage', url],
    queryFn: () => qrCodeDataUrl(url ?? ''),
    enabled: url !== undefined,
    staleTime: Infinity,
    gcTime: 0,
  });
  const busy = link.isFetching || (url !== undefined && image.isPending);

  const show = () => {
    // a failure in the user's language, as the layer words a write's (apiErrorText)
    void link.refetch().then((result) => {
      if (result.isError) snackbarFeedback(bridge).failure(result.error);
    });
  };

  const qr = link.data && image.data ? { image: image.data, expiresAt: link.data.expires_at } : null;
  const until = qr ? new Date(qr.expiresAt).toLocaleTimeString(bridge.language, { hour: '2-digit', minute: '2-digit' }) : '';
  return (
    <Card.Root data-testid="qr-login">
      <Card.Header>
        <Heading size="md">{t('settings.qrLogin')}</Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Text>{t('settings.qrLoginHint')}</Text>
          {qr ? (
            <>
              <Image src={qr.image} alt={t('settings.qrLogin')} width="240px" height="240px" data-testid="qr-image" />
              <Text fontSize="sm" color="fg.muted">
                {t('settings.qrLoginValidUntil', { time: until })}
              </Text>
            </>
          ) : null}
          <Button variant="outline" colorPalette="brand" alignSelf="flex-start" loading={busy} onClick={show} data-testid="qr-show">
            {qr ? t('settings.qrLoginRenew') : t('settings.qrLoginShow')}
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
