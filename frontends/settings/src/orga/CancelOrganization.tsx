import { Button, Card, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useApiMutation, type Organization, type ShellBridge } from '@pawline/api-client';
import { ConfirmDialog, FormField } from '@pawline/ui';
import { useState } from 'react';
import type { Translate } from '../i18n/translator';
import { cancelNameMatches } from './orga-form';

/** R1.17: cancelling deletes stores, customers and users; confirmed by a dialog, then by typing the name. */
export function CancelOrganization({ bridge, t, orga }: { bridge: ShellBridge; t: Translate; orga: Organization }) {
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [typed, setTyped] = useState('');
  // the organization is gone: the session with it (a failure is the error snackbar, the dialog stays)
  const cancel = useApiMutation('cancelOrga', { success: t('settings.orgaCancelled'), onSuccess: () => bridge.signedOut() });
  const close = () => {
    setStep(0);
    setTyped('');
  };
  const cancelNow = () => {
    if (!cancelNameMatches(orga.name, typed)) return;
    cancel.mutate({ params: { orga: orga.id }, body: { confirm_name: typed.trim() } });
  };
  return (
    <Card.Root borderColor="red.300" data-testid="cancel-orga">
      <Card.Header>
        <Heading size="md">{t('settings.cancelOrga')}</Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Text>{t('settings.cancelOrgaHint')}</Text>
          <Button colorPalette="red" variant="outline" alignSelf="flex-start" onClick={() => setStep(1)} data-testid="cancel-orga-start">
            {t('settings.cancelOrga')}
          </Button>
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={step === 1}
        title={t('settings.cancelOrgaConfirmTitle')}
        confirmLabel={t('common.confirm')}
        cancelLabel={t('common.cancel')}
        danger
        onConfirm={() => setStep(2)}
        onCancel={close}
      >
        <Text>{t('settings.cancelOrgaConfirmText', { name: orga.name })}</Text>
      </ConfirmDialog>
      <ConfirmDialog
        open={step === 2}
        title={t('settings.cancelOrgaTypeTitle')}
        confirmLabel={t('settings.cancelOrgaFinal')}
        cancelLabel={t('common.cancel')}
        danger
        busy={cancel.isPending || cancel.isSuccess}
        confirmDisabled={!cancelNameMatches(orga.name, typed)}
        onConfirm={cancelNow}
        onCancel={close}
      >
        <FormField label={t('settings.cancelOrgaTypeName', { name: orga.name })}>
          <Input name="confirm_name" value={typed} autoComplete="off" onChange={(e) => setTyped(e.currentTarget.value)} />
        </FormField>
      </ConfirmDialog>
    </Card.Root>
  );
}
