import { Button, Card, Stack, Text } from '@chakra-ui/react';
import { LoadingState } from '@pawline/ui';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';
import { useSession } from '../session/SessionProvider';

// The token is single-use: one attempt per link even when React mounts effects twice.
const attempts = new Map<string, Promise<boolean>>();

/** /autologin?u=&p=: signs in from the QR code's encoded values (R2.04). */
export function AutologinPage() {
  const { t } = useI18n();
  const session = useSession();
  const [params] = useSearchParams();
  const u = params.get('u') ?? '';
  const p = params.get('p') ?? '';
  const key = `${u}\n${p}`;
  // the outcome is kept with its link: one of another link is not shown
  const [settled, setSettled] = useState<{ key: string; ok: boolean } | null>(null);
  const { autologin } = session;

  useEffect(() => {
    if (!u || !p) return;
    let attempt = attempts.get(key);
    if (!attempt) {
      attempt = autologin(u, p).then(
        () => true,
        () => false,
      );
      attempts.set(key, attempt);
    }
    void attempt.then((ok) => setSettled({ key, ok }));
  }, [u, p, key, autologin]);
  const outcome = !u || !p ? 'failed' : settled?.key !== key ? 'pending' : settled.ok ? 'ok' : 'failed';

  if (outcome === 'ok') return <Navigate to="/" replace />;
  if (outcome === 'pending') return <LoadingState label={t('auth.autologinInProgress')} />;
  return (
    <Card.Root maxW="md" mx="auto" mt="8" data-testid="autologin-failed">
      <Card.Body>
        <Stack gap="3">
          <Text>{t('auth.autologinFailed')}</Text>
          <Button asChild colorPalette="brand" alignSelf="flex-start">
            <Link to="/login">{t('auth.loginLink')}</Link>
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
