import { Button, Card, Heading, Image, Stack, Text } from '@chakra-ui/react';
import type { ShellBridge } from '@pawline/api-client';
import { qrCodeDataUrl } from '@pawline/ui';
import { useState } from 'react';
import type { Translate } from '../i18n/translator';
import { errorText } from '../shared/options';

type Qr = { image: string; expiresAt: string } | null;

/** R1.15 R2.04: a QR code of the /autologin?u=&p= link (one-time token, never the password). */
export function QrLoginCard({ bridge, t }: { bridge: ShellBridge; t: Translate }) {
  const [qr, setQr] = useState<Qr>(null);
  const [busy, setBusy] = useState(false);

  const show = () => {
    setBusy(true);
    bridge.api
      .getAutologinLink()
      .then(async (link) => setQr({ image: await qrCodeDataUrl(link.url), expiresAt: link.expires_at }))
      .catch((error: unknown) => bridge.notify(0, errorText(error)))
      .finally(() => setBusy(false));
  };

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
