import { Button, Card, Heading, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { LANGUAGE_NAMES, LANGUAGES, useApiMutation, type Language, type PersonUser, type ShellBridge } from '@pawline/api-client';
import { FormField, useConfirmLeave } from '@pawline/ui';
import { useState, type FormEvent } from 'react';
import type { Translate } from '../i18n/translator';
import { userWrites } from '../shared/identity-writes';
import { personChanges, personFormOf, validatePersonForm, type PersonErrors, type PersonForm } from './person-form';

type Props = { bridge: ShellBridge; user: PersonUser; t: Translate };

export function PersonDataCard({ bridge, user, t }: Props) {
  const [saved, setSaved] = useState<PersonForm>(() => personFormOf(user));
  const [form, setForm] = useState<PersonForm>(saved);
  const [errors, setErrors] = useState<PersonErrors>({});
  // PUT /user answers the person as saved; getUser (this page's and the shell's frame) is read again
  const update = useApiMutation('updateUser', { invalidates: userWrites(), success: t('settings.changesSaved') });
  const busy = update.isPending;
  const changes = personChanges(saved, form);
  const dirty = Object.keys(changes).length > 0;
  useConfirmLeave(dirty && !busy, t('common.unsavedChanges'));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePersonForm(form, t('validation.required'));
    setErrors(found);
    if (Object.keys(found).length > 0 || !dirty) return;
    update.mutate(
      { body: changes },
      {
        onSuccess: (fresh) => {
          setSaved(personFormOf(fresh));
          setForm(personFormOf(fresh));
          // the frame's person (an older shell keeps its own); the language is saved either way
          void bridge
            .reloadUser()
            .catch(() => undefined)
            .then(() => {
              // R1.03: a new language is applied by storing it and reloading the page.
              if (changes.language && changes.language !== bridge.language) bridge.changeLanguage(changes.language);
            });
        },
      },
    );
  };

  return (
    <Card.Root data-testid="person-data">
      <Card.Header>
        <Heading size="md">{t('settings.personData')}</Heading>
      </Card.Header>
      <Card.Body>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField label={t('settings.firstName')} required error={errors.firstName}>
                <Input name="first_name" value={form.firstName} onChange={(e) => setForm({ ...form, firstName: e.currentTarget.value })} />
              </FormField>
              <FormField label={t('settings.lastName')} required error={errors.lastName}>
                <Input name="last_name" value={form.lastName} onChange={(e) => setForm({ ...form, lastName: e.currentTarget.value })} />
              </FormField>
            </SimpleGrid>
            <FormField label={t('settings.email')}>
              <Input name="email" value={user.email} readOnly />
            </FormField>
            <FormField label={t('settings.language')} helper={t('settings.languageReloadHint')}>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="language"
                  value={form.language}
                  onChange={(e) => setForm({ ...form, language: e.currentTarget.value as Language })}
                >
                  {LANGUAGES.map((code) => (
                    <option key={code} value={code}>
                      {LANGUAGE_NAMES[code]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={busy} disabled={!dirty}>
              {t('settings.saveChanges')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
