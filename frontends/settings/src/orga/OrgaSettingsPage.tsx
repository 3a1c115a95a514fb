import { Box, Button, Card, Heading, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Checkbox } from '@chakra-ui/react/checkbox';
import type { Organization, ShellBridge } from '@pawline/api-client';
import { APPOINTMENT_CARD_FIELDS, type AppointmentCardField } from '@pawline/domain';
import { ConfirmDialog, ErrorState, FormField, LoadingState, sanitizeNotificationHtml, useConfirmLeave } from '@pawline/ui';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { settingsTranslator, type Translate } from '../i18n/translator';
import { CountrySelect, RankSelect } from '../shared/fields';
import { errorText } from '../shared/options';
import { useOrganization } from '../shared/useOrganization';
import {
  cancelNameMatches,
  moveCardField,
  orgaChanges,
  orgaFormOf,
  toggleCardField,
  validateOrgaForm,
  type OrgaErrors,
  type OrgaForm,
} from './orga-form';

/** /{orgaId}/settings: organization data, 'Team and shop', 'Personalize', cancelling (organization administrators, R2.02). */
export function OrgaSettingsPage({ bridge }: { bridge: ShellBridge }) {
  const t = useMemo(() => settingsTranslator(bridge.language), [bridge.language]);
  const orgaId = useParams()['orgaId'] ?? '';
  const { load, reload } = useOrganization(bridge, orgaId);
  return (
    <Stack gap="6" maxW="5xl" data-testid="orga-settings-page">
      <Heading as="h2" size="2xl">
        {t('settings.orgaSettingsTitle')}
      </Heading>
      {load.status === 'loading' ? <LoadingState label={t('common.loading')} /> : null}
      {load.status === 'failed' ? (
        <ErrorState title={t('settings.loadFailed')} message={load.message} retryLabel={t('common.retry')} onRetry={reload} />
      ) : null}
      {load.status === 'ready' ? <OrgaSettingsForm key={load.orga.id} bridge={bridge} t={t} orga={load.orga} onSaved={reload} /> : null}
    </Stack>
  );
}

function OrgaSettingsForm({ bridge, t, orga, onSaved }: { bridge: ShellBridge; t: Translate; orga: Organization; onSaved: () => void }) {
  const [saved, setSaved] = useState<OrgaForm>(() => orgaFormOf(orga));
  const [form, setForm] = useState<OrgaForm>(saved);
  const [errors, setErrors] = useState<OrgaErrors>({});
  const [busy, setBusy] = useState(false);
  const changes = orgaChanges(saved, form);
  const dirty = changes.data !== null || changes.settings !== null;
  useConfirmLeave(dirty && !busy, t('common.unsavedChanges'));
  const set = <K extends keyof OrgaForm>(key: K, value: OrgaForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const err = (key: keyof OrgaForm) => (errors[key] ? t(errors[key]) : undefined);
  const isOwner = orga.users.some((u) => u.user_id === bridge.user.id && u.orga_rank === 0);

  const save = () => {
    const found = validateOrgaForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0 || !dirty) return;
    setBusy(true);
    void (async () => {
      try {
        if (changes.data) await bridge.api.updateOrganization(orga.id, changes.data);
        if (changes.settings) await bridge.api.updateOrganizationSettings(orga.id, changes.settings);
        const fresh = await bridge.api.getOrganization(orga.id);
        setSaved(orgaFormOf(fresh));
        setForm(orgaFormOf(fresh));
        bridge.notify(2, t('settings.changesSaved'));
        onSaved();
        await bridge.reloadOrganization?.();
      } catch (error) {
        bridge.notify(0, errorText(error));
      } finally {
        setBusy(false);
      }
    })();
  };

  const preview = useMemo(() => sanitizeNotificationHtml(form.admin_notification), [form.admin_notification]);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Stack gap="6">
        <Card.Root data-testid="orga-data">
          <Card.Header>
            <Heading size="md">{t('settings.orgaData')}</Heading>
          </Card.Header>
          <Card.Body>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              <FormField label={t('settings.orgaName')} required error={err('name')}>
                <Input name="name" value={form.name} onChange={(e) => set('name', e.currentTarget.value)} />
              </FormField>
              <FormField label={t('settings.country')} required error={err('country')}>
                <CountrySelect name="country" value={form.country} onChange={(value) => set('country', value)} t={t} />
              </FormField>
              <FormField label={t('settings.address')}>
                <Input
                  name="address"
                  value={form.address}
                  disabled={form.address_from_owner}
                  onChange={(e) => set('address', e.currentTarget.value)}
                />
              </FormField>
              <FormField label={t('settings.city')}>
                <Input
                  name="city"
                  value={form.city}
                  disabled={form.address_from_owner}
                  onChange={(e) => set('city', e.currentTarget.value)}
                />
              </FormField>
              <FormField label={t('settings.zipCode')}>
                <Input
                  name="zip_code"
                  value={form.zip_code}
                  disabled={form.address_from_owner}
                  onChange={(e) => set('zip_code', e.currentTarget.value)}
                />
              </FormField>
            </SimpleGrid>
            <Box mt="3">
              <Checkbox.Root checked={form.address_from_owner} onCheckedChange={(e) => set('address_from_owner', e.checked === true)}>
                <Checkbox.HiddenInput name="address_from_owner" />
                <Checkbox.Control />
                <Checkbox.Label>{t('settings.addressFromOwner')}</Checkbox.Label>
              </Checkbox.Root>
            </Box>
          </Card.Body>
        </Card.Root>

        <Card.Root data-testid="team-and-shop">
          <Card.Header>
            <Heading size="md">{t('settings.teamAndShop')}</Heading>
          </Card.Header>
          <Card.Body>
            <Stack gap="4">
              <HStack gap="3" wrap="wrap">
                <Button asChild variant="outline" colorPalette="brand">
                  <Link to={`/${orga.id}/settings/users`} data-testid="link-team">
                    {t('settings.teamTitle')}
                  </Link>
                </Button>
                <Button asChild variant="outline" colorPalette="brand">
                  <Link to={`/${orga.id}/store`} data-testid="link-stores">
                    {t('settings.storesTitle')}
                  </Link>
                </Button>
                <Button asChild variant="outline" colorPalette="brand">
                  <Link to={`/${orga.id}/settings/treatments`} data-testid="link-treatments">
                    {t('settings.treatmentsTitle')}
                  </Link>
                </Button>
                <Button asChild variant="outline" colorPalette="brand">
                  <Link to={`/${orga.id}/settings/customers`} data-testid="link-customer-settings">
                    {t('settings.customerSettingsTitle')}
                  </Link>
                </Button>
                <Button asChild variant="outline" colorPalette="brand">
                  <Link to={`/${orga.id}/settings/external-services`} data-testid="link-external-services">
                    {t('settings.externalServicesTitle')}
                  </Link>
                </Button>
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {t('settings.minRanksHint')}
              </Text>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                <FormField label={t('settings.minRankReadStore')}>
                  <RankSelect
                    name="min_rank_read_store"
                    value={form.min_rank_read_store}
                    onChange={(v) => set('min_rank_read_store', v)}
                    t={t}
                  />
                </FormField>
                <FormField label={t('settings.minRankWriteStore')}>
                  <RankSelect
                    name="min_rank_write_store"
                    value={form.min_rank_write_store}
                    onChange={(v) => set('min_rank_write_store', v)}
                    t={t}
                  />
                </FormField>
                <FormField label={t('settings.minRankReadPets')}>
                  <RankSelect
                    name="min_rank_read_pets"
                    value={form.min_rank_read_pets}
                    onChange={(v) => set('min_rank_read_pets', v)}
                    t={t}
                  />
                </FormField>
                <FormField label={t('settings.minRankWritePets')}>
                  <RankSelect
                    name="min_rank_write_pets"
                    value={form.min_rank_write_pets}
                    onChange={(v) => set('min_rank_write_pets', v)}
                    t={t}
                  />
                </FormField>
              </SimpleGrid>
              <Checkbox.Root checked={form.share_pets} onCheckedChange={(e) => set('share_pets', e.checked === true)}>
                <Checkbox.HiddenInput name="share_pets" />
                <Checkbox.Control />
                <Checkbox.Label>{t('settings.sharePets')}</Checkbox.Label>
              </Checkbox.Root>
            </Stack>
          </Card.Body>
        </Card.Root>

        <Card.Root data-testid="personalize">
          <Card.Header>
            <Heading size="md">{t('settings.personalize')}</Heading>
          </Card.Header>
          <Card.Body>
            <Stack gap="3">
              <FormField label={t('settings.adminNotification')} helper={t('settings.adminNotificationHint')}>
                <Textarea
                  name="admin_notification"
                  rows={4}
                  value={form.admin_notification}
                  onChange={(e) => set('admin_notification', e.currentTarget.value)}
                />
              </FormField>
              {preview ? (
                <Box
                  borderWidth="1px"
                  rounded="md"
                  p="3"
                  bg="orange.50"
                  color="orange.900"
                  data-testid="admin-notification-preview"
                  dangerouslySetInnerHTML={{ __html: preview }}
                />
              ) : null}
              <AppointmentCardFields t={t} fields={form.appointment_card} onChange={(fields) => set('appointment_card', fields)} />
            </Stack>
          </Card.Body>
        </Card.Root>

        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={busy} disabled={!dirty} data-testid="save-orga">
          {t('settings.saveChanges')}
        </Button>
        {isOwner ? <CancelOrganization bridge={bridge} t={t} orga={orga} /> : null}
      </Stack>
    </form>
  );
}

/** What the calendar's appointment cards show (appointment_card_custom): the chosen fields in order, then the others. */
function AppointmentCardFields({
  t,
  fields,
  onChange,
}: {
  t: Translate;
  fields: readonly AppointmentCardField[];
  onChange: (fields: readonly AppointmentCardField[]) => void;
}) {
  const rows = [...fields, ...APPOINTMENT_CARD_FIELDS.filter((f) => !fields.includes(f))];
  return (
    <Stack gap="1" role="group" aria-labelledby="appointment-card-title" data-testid="appointment-card-fields">
      <Text id="appointment-card-title" fontWeight="medium" fontSize="sm">
        {t('settings.appointmentCard')}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {t('settings.appointmentCardHint')}
      </Text>
      {rows.map((field) => {
        const at = fields.indexOf(field);
        const label = t(`settings.cardField_${field}`);
        return (
          <HStack key={field} data-testid={`card-field-${field}`} data-chosen={at >= 0}>
            <label>
              <input type="checkbox" name={`card_${field}`} checked={at >= 0} onChange={() => onChange(toggleCardField(fields, field))} />{' '}
              {label}
            </label>
            {at >= 0 ? (
              <>
                <Button
                  size="xs"
                  variant="ghost"
                  aria-label={t('settings.cardFieldUp', { field: label })}
                  disabled={at === 0}
                  onClick={() => onChange(moveCardField(fields, field, -1))}
                >
                  ↑
                </Button>
                <Button
                  size="xs"
                  variant="ghost"
                  aria-label={t('settings.cardFieldDown', { field: label })}
                  disabled={at === fields.length - 1}
                  onClick={() => onChange(moveCardField(fields, field, 1))}
                >
                  ↓
                </Button>
              </>
            ) : null}
          </HStack>
        );
      })}
    </Stack>
  );
}

/** R1.17: cancelling deletes stores, customers and users; confirmed by a dialog, then by typing the name. */
function CancelOrganization({ bridge, t, orga }: { bridge: ShellBridge; t: Translate; orga: Organization }) {
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setStep(0);
    setTyped('');
  };
  const cancelNow = () => {
    if (!cancelNameMatches(orga.name, typed)) return;
    setBusy(true);
    bridge.api
      .cancelOrganization(orga.id, typed.trim())
      .then(() => {
        bridge.notify(2, t('settings.orgaCancelled'));
        bridge.signedOut();
      })
      .catch((error: unknown) => {
        setBusy(false);
        bridge.notify(0, errorText(error));
      });
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
        busy={busy}
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
