import { Box, Button, Card, Heading, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { useApiMutation, useApiQuery, type Organization, type ShellBridge } from '@pawline/api-client';
import { isOwner, orgaMemberOf } from '@pawline/domain';
import { FormField, QueryState, sanitizeNotificationHtml, SNACKBAR_TYPE, useConfirmLeave } from '@pawline/ui';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { settingsTranslator, type Translate } from '../i18n/translator';
import { CountrySelect, RankSelect } from '../shared/fields';
import { orgaWrites } from '../shared/identity-writes';
import { AppointmentCardFields } from './AppointmentCardFields';
import { CancelOrganization } from './CancelOrganization';
import { orgaChanges, orgaFormOf, validateOrgaForm, type OrgaErrors, type OrgaForm } from './orga-form';

/** /{orgaId}/settings: organization data, 'Team and shop', 'Personalize', cancelling (organization administrators, R2.02). */
export function OrgaSettingsPage({ bridge }: { bridge: ShellBridge }) {
  const t = useMemo(() => settingsTranslator(bridge.language), [bridge.language]);
  const orgaId = useParams()['orgaId'] ?? '';
  // the shell's own organization query: one cache, so what is saved here shows in the frame too
  const orga = useApiQuery('getOrga', { params: { orga: orgaId } });
  // a save starts the form again from what the server keeps (trimmed, sanitized); a change elsewhere does not
  const [saves, setSaves] = useState(0);
  return (
    <Stack gap="6" maxW="5xl" data-testid="orga-settings-page">
      <Heading as="h2" size="2xl">
        {t('settings.orgaSettingsTitle')}
      </Heading>
      <QueryState query={orga} language={bridge.language} errorTitle={t('settings.loadFailed')}>
        {(current) => (
          <OrgaSettingsForm key={`${current.id}/${saves}`} bridge={bridge} t={t} orga={current} onSaved={() => setSaves((n) => n + 1)} />
        )}
      </QueryState>
    </Stack>
  );
}

function OrgaSettingsForm({ bridge, t, orga, onSaved }: { bridge: ShellBridge; t: Translate; orga: Organization; onSaved: () => void }) {
  const [saved] = useState<OrgaForm>(() => orgaFormOf(orga));
  const [form, setForm] = useState<OrgaForm>(saved);
  const [errors, setErrors] = useState<OrgaErrors>({});
  const updateData = useApiMutation('updateOrga', { invalidates: orgaWrites(orga.id) });
  const updateSettings = useApiMutation('updateOrgaSettings', { invalidates: orgaWrites(orga.id) });
  const busy = updateData.isPending || updateSettings.isPending;
  const changes = orgaChanges(saved, form);
  const dirty = changes.data !== null || changes.settings !== null;
  useConfirmLeave(dirty && !busy, t('common.unsavedChanges'));
  const set = <K extends keyof OrgaForm>(key: K, value: OrgaForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const err = (key: keyof OrgaForm) => (errors[key] ? t(errors[key]) : undefined);
  const member = orgaMemberOf(orga, bridge.user.id);
  const owner = member !== null && isOwner(member);

  // the data and the settings are two calls (PUT /orga/{orga} and …/settings), one "saved" for both;
  // a failure is the error snackbar of the data layer, and the form keeps what was typed
  const save = async () => {
    const found = validateOrgaForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0 || !dirty) return;
    const params = { orga: orga.id };
    if (changes.data) await updateData.mutateAsync({ params, body: changes.data });
    if (changes.settings) await updateSettings.mutateAsync({ params, body: changes.settings });
    bridge.notify(SNACKBAR_TYPE.success, t('settings.changesSaved'));
    onSaved();
  };

  const preview = useMemo(() => sanitizeNotificationHtml(form.admin_notification), [form.admin_notification]);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save().catch(() => undefined);
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
                <Button asChild variant="outline" colorPalette="brand">
                  <Link to={`/${orga.id}/settings/api-keys`} data-testid="link-api-keys">
                    {t('settings.apiKeysTitle')}
                  </Link>
                </Button>
                <Button asChild variant="outline" colorPalette="brand">
                  <Link to={`/${orga.id}/settings/webhooks`} data-testid="link-webhooks">
                    {t('settings.webhooksTitle')}
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
        {owner ? <CancelOrganization bridge={bridge} t={t} orga={orga} /> : null}
      </Stack>
    </form>
  );
}
