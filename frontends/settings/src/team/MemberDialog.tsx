import { Box, Code, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { useApiMutation, type ApiError, type Store, type TeamMember } from '@pawline/api-client';
import { cardTextColour, COLOUR_PRESETS } from '@pawline/domain';
import { keyOrText } from '@pawline/i18n';
import { FormField, useConfirmLeave } from '@pawline/ui';
import { useState } from 'react';
import type { Translate } from '../i18n/translator';
import { FormDialog } from '../shared/FormDialog';
import { CountrySelect, RankSelect } from '../shared/fields';
import { teamWrites } from '../shared/identity-writes';
import { serverFieldErrors } from '../shared/options';
import {
  createMemberRequest,
  EMPTY_MEMBER_FORM,
  memberFields,
  memberFormOf,
  presetIndexOf,
  sameMemberForm,
  validateMemberForm,
  type MemberErrors,
  type MemberField,
  type MemberForm,
} from './member-form';

const SERVER_FIELDS: readonly MemberField[] = [
  'first_name',
  'last_name',
  'email',
  'address',
  'city',
  'zip_code',
  'country',
  'fon_nr',
  'orga_rank',
];

type Props = {
  t: Translate;
  orgaId: string;
  stores: Store[];
  /** null creates a new member */
  member: TeamMember | null;
  onClose: () => void;
  onSaved: (created: { username: string; first_password: string } | null) => void;
};

/** Create or edit an organization user: every field of spec §3 (R3.03). */
export function MemberDialog({ t, orgaId, stores, member, onClose, onSaved }: Props) {
  const [initial] = useState<MemberForm>(() => (member ? memberFormOf(member) : EMPTY_MEMBER_FORM));
  const [form, setForm] = useState<MemberForm>(initial);
  const [errors, setErrors] = useState<MemberErrors>({});
  const effects = { invalidates: teamWrites(orgaId), success: t('settings.changesSaved') };
  const create = useApiMutation('createTeamMember', effects);
  const update = useApiMutation('updateTeamMember', effects);
  const busy = create.isPending || update.isPending;
  const dirty = !sameMemberForm(initial, form);
  const unsaved = t('common.unsavedChanges');
  useConfirmLeave(dirty && !busy, unsaved);

  const set = <K extends MemberField>(key: K, value: MemberForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const close = () => {
    // R5.15: closing a changed form asks first
    if (!dirty || window.confirm(unsaved)) onClose();
  };
  const err = (key: MemberField) => {
    const found = errors[key];
    return found ? keyOrText(t, found) : undefined;
  };

  const submit = () => {
    const found = validateMemberForm(form, member === null);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // the server's field messages (R8.04) go next to the fields, its message to the error snackbar; the dialog stays
    const onError = (error: ApiError) => setErrors(serverFieldErrors(error.fields, SERVER_FIELDS));
    if (member)
      update.mutate(
        { params: { orga: orgaId, user: member.user_id }, body: memberFields(form) },
        { onSuccess: () => onSaved(null), onError },
      );
    else
      create.mutate(
        { params: { orga: orgaId }, body: createMemberRequest(form) },
        { onSuccess: (created) => onSaved({ username: created.username, first_password: created.first_password }), onError },
      );
  };

  const preset = presetIndexOf(form);
  return (
    <FormDialog
      title={member ? t('settings.editUser') : t('settings.newUser')}
      testId="member-dialog"
      saveLabel={t('common.save')}
      cancelLabel={t('common.cancel')}
      busy={busy}
      onSubmit={submit}
      onClose={close}
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <FormField label={t('settings.firstName')} required error={err('first_name')}>
            <Input name="first_name" value={form.first_name} onChange={(e) => set('first_name', e.currentTarget.value)} />
          </FormField>
          <FormField label={t('settings.lastName')} required error={err('last_name')}>
            <Input name="last_name" value={form.last_name} onChange={(e) => set('last_name', e.currentTarget.value)} />
          </FormField>
          <FormField
            label={t('settings.email')}
            required={member === null}
            error={err('email')}
            helper={member ? t('settings.emailOwnChange') : undefined}
          >
            <Input
              name="email"
              type="email"
              value={form.email}
              readOnly={member !== null}
              onChange={(e) => set('email', e.currentTarget.value)}
            />
          </FormField>
          <FormField label={t('settings.phone')} error={err('fon_nr')}>
            <Input name="fon_nr" type="tel" value={form.fon_nr} onChange={(e) => set('fon_nr', e.currentTarget.value)} />
          </FormField>
          <FormField label={t('settings.address')} error={err('address')}>
            <Input name="address" value={form.address} onChange={(e) => set('address', e.currentTarget.value)} />
          </FormField>
          <FormField label={t('settings.city')} error={err('city')}>
            <Input name="city" value={form.city} onChange={(e) => set('city', e.currentTarget.value)} />
          </FormField>
          <FormField label={t('settings.zipCode')} error={err('zip_code')}>
            <Input name="zip_code" value={form.zip_code} onChange={(e) => set('zip_code', e.currentTarget.value)} />
          </FormField>
          <FormField label={t('settings.country')} error={err('country')}>
            <CountrySelect name="country" value={form.country} onChange={(value) => set('country', value)} t={t} />
          </FormField>
        </SimpleGrid>

        <Heading size="sm">{t('settings.appointmentColours')}</Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" alignItems="end">
          <FormField label={t('settings.colourPresets')}>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="colour_preset"
                value={String(preset)}
                onChange={(e) => {
                  const chosen = COLOUR_PRESETS[Number(e.currentTarget.value)];
                  if (chosen) setForm((current) => ({ ...current, border: chosen.border, card: chosen.card }));
                }}
              >
                <option value="-1">{t('settings.colourCustom')}</option>
                {COLOUR_PRESETS.map((p, index) => (
                  <option key={p.border} value={String(index)}>
                    {t('settings.colourPreset', { number: index + 1 })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={t('settings.borderColour')} error={err('border')}>
            <Input name="border_colour" type="color" p="1" value={form.border} onChange={(e) => set('border', e.currentTarget.value)} />
          </FormField>
          <FormField label={t('settings.cardColour')} error={err('card')}>
            <Input name="card_colour" type="color" p="1" value={form.card} onChange={(e) => set('card', e.currentTarget.value)} />
          </FormField>
        </SimpleGrid>
        <Box
          data-testid="colour-sample"
          borderLeftWidth="6px"
          borderColor={form.border}
          bg={form.card}
          color={cardTextColour(form.card)}
          px="3"
          py="2"
          rounded="sm"
        >
          {`${form.first_name} ${form.last_name}`.trim() || t('settings.colourSample')}
        </Box>

        <Heading size="sm">{t('settings.rankAndStores')}</Heading>
        <FormField label={t('settings.orgaRank')} helper={t('settings.orgaRankHint')}>
          <RankSelect name="orga_rank" value={form.orga_rank} onChange={(value) => set('orga_rank', value)} t={t} />
        </FormField>
        {stores.length > 0 ? (
          <Stack gap="2" data-testid="store-overrides">
            <Text fontSize="sm" color="fg.muted">
              {t('settings.storeOverridesHint')}
            </Text>
            {stores.map((store) => (
              <HStack key={store.id} gap="3">
                <Text flex="1" id={`override-label-${store.id}`}>
                  {store.name}
                </Text>
                <Box minW="220px">
                  <RankSelect
                    name={`override_${store.id}`}
                    labelledBy={`override-label-${store.id}`}
                    value={form.overrides[store.id] ?? -1}
                    emptyLabel={t('settings.noOverride')}
                    t={t}
                    onChange={(value) =>
                      setForm((current) => {
                        const overrides = { ...current.overrides };
                        if (value < 0) delete overrides[store.id];
                        else overrides[store.id] = value;
                        return { ...current, overrides };
                      })
                    }
                  />
                </Box>
              </HStack>
            ))}
          </Stack>
        ) : null}
        <Checkbox.Root checked={form.regular_employee} onCheckedChange={(e) => set('regular_employee', e.checked === true)}>
          <Checkbox.HiddenInput name="regular_employee" />
          <Checkbox.Control />
          <Checkbox.Label>{t('settings.regularEmployee')}</Checkbox.Label>
        </Checkbox.Root>
        {member ? null : (
          <Text fontSize="sm" color="fg.muted">
            {t('settings.firstPasswordHint')}
          </Text>
        )}
        {member ? (
          <Text fontSize="sm" color="fg.muted">
            {t('settings.username')}: <Code>{member.username}</Code>
          </Text>
        ) : null}
      </Stack>
    </FormDialog>
  );
}
